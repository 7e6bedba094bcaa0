// A worker thread running a module beside the caller's: from dist/ as JavaScript, or from the sources (tests, tsx)
// through tsx's loader registered in the worker.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/** `here`: the caller's import.meta.url; `name`: the module beside it, without its extension. */
export function moduleWorker(here: string, name: string, options: WorkerOptions = {}): Worker {
  if (!here.endsWith('.ts')) return new Worker(new URL(`./${name}.js`, here), options);
  const entry = new URL(`./${name}.ts`, here).href;
  // tsx's ES-module API (its `import` export; require.resolve would give the CommonJS one, which cannot register).
  const tsxPackage = createRequire(here).resolve('tsx/package.json');
  const exported = (JSON.parse(readFileSync(tsxPackage, 'utf8')) as { exports: Record<string, { import: { default: string } }> }).exports;
  const tsx = new URL(exported['./esm/api']!.import.default, pathToFileURL(tsxPackage)).href;
  return new Worker(`import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(entry)}); });`, { ...options, eval: true });
}
