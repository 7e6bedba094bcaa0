// Lines reach the transport whole, however stdin cuts them, and a line past the limit is dropped alone.
import { describe, expect, it } from 'vitest';
import { stdinLines } from './stdin-lines.ts';

async function through(chunks: string[], max: number): Promise<{ lines: string[]; warnings: string[] }> {
  const warnings: string[] = [];
  const framer = stdinLines(max, (w) => warnings.push(w));
  const lines: string[] = [];
  framer.on('data', (b: Buffer) => lines.push(b.toString()));
  for (const c of chunks) framer.write(Buffer.from(c));
  framer.end();
  await new Promise((resolve) => framer.on('end', resolve));
  return { lines, warnings };
}

describe('stdinLines', () => {
  it('joins a line cut across chunks and splits chunks holding several', async () => {
    expect((await through(['{"a"', ':1}\n{"b":2}\n{"c"', ':3}\n'], 100)).lines).toEqual(['{"a":1}\n', '{"b":2}\n', '{"c":3}\n']);
  });

  it('drops a line past the limit, and only that line', async () => {
    const { lines, warnings } = await through(['{"ok":1}\n', 'x'.repeat(30), 'y'.repeat(30), 'z\n{"ok":2}\n'], 50);
    expect(lines).toEqual(['{"ok":1}\n', '{"ok":2}\n']);
    expect(warnings).toHaveLength(1);
  });
});
