// The tokenizer never loads on the thread that answers requests (~200 ms to load, seconds for a long run): only the
// token worker may reach it, checked on the imports of the server's entry.
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..', '..');

function staticGraph(entry: string): Map<string, string> {
  const from = new Map<string, string>([[entry, '']]);
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    const source = readFileSync(file, 'utf8');
    // `import type` is erased; every other import, static or import('…'), is loaded by this thread.
    const statics = [...source.matchAll(/^\s*(?:import|export)\s+(?!type\s)[^'"]*?from\s+'([^']+)';?$/gm)];
    const dynamics = [...source.matchAll(/\bimport\('([^']+)'\)/g)];
    for (const m of [...statics, ...dynamics]) {
      const spec = m[1]!;
      const target = spec.startsWith('.') ? resolve(dirname(file), spec) : `package:${spec}`;
      if (from.has(target)) continue;
      from.set(target, file);
      if (spec.startsWith('.')) queue.push(target);
    }
  }
  return from;
}

describe('the server at start-up', () => {
  it('loads neither the tokenizer nor count.ts on its main thread', () => {
    const graph = staticGraph(join(ROOT, 'server', 'http', 'serve.ts'));
    const offending = [...graph.entries()]
      .filter(([m]) => m.includes('gpt-tokenizer') || m.endsWith(join('context', 'count.ts')))
      .map(([m, by]) => `${m.replace(`${ROOT}/`, '')} ← ${relative(ROOT, by)}`);
    expect(offending).toEqual([]);
    expect(graph.size).toBeGreaterThan(50);
  });
});
