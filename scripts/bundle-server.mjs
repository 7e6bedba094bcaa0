#!/usr/bin/env node
// The command's start-up bundle (npm run build, after tsc): server/cli/main.ts and all it imports bundled by esbuild into
// dist/bundle/, so Node loads a few dozen files instead of ~290 modules (~0.2-0.3 s of a start).
import { build } from 'esbuild';
import { readFile, rm } from 'node:fs/promises';
import { relative, resolve } from 'node:path';

// `--version` and `--help` load main.js and the little it imports statically. What runs in its own thread or process
// (the token worker, the demo agent) stays tsc's output in dist/server/, and the bundled code finds it there:
// `import.meta.url` in each of our files becomes the URL that file has in tsc's output, so
// `new URL('./token-worker.js', import.meta.url)` and the like keep meaning what they mean unbundled.
const ROOT = resolve(import.meta.dirname, '..');
const OUT = resolve(ROOT, 'dist', 'bundle');

/** `import.meta.url` of a source file → the URL of its tsc output (dist/<same path>.js), from wherever a chunk sits. */
const importMetaAsBuilt = {
  name: 'import-meta-as-built',
  setup(b) {
    b.onLoad({ filter: /[\\/](server|shared)[\\/].*\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return { contents: source, loader: 'ts' };
      const built = resolve(ROOT, 'dist', relative(ROOT, args.path)).replace(/\.ts$/, '.js');
      const fromChunk = relative(OUT, built).split('\\').join('/');
      return { contents: source.replaceAll('import.meta.url', `new URL(${JSON.stringify(fromChunk)}, import.meta.url).href`), loader: 'ts' };
    });
  },
};

await rm(OUT, { recursive: true, force: true });
const { metafile } = await build({
  entryPoints: { main: resolve(ROOT, 'server', 'cli', 'main.ts') },
  outdir: OUT,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // `open` finds its xdg-open script beside its own module; gpt-tokenizer is the token worker's alone (and big).
  external: ['open', 'gpt-tokenizer'],
  // The CommonJS libraries (yaml) require Node's built-ins: give the ES-module chunks a require to do it with.
  banner: { js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);" },
  plugins: [importMetaAsBuilt],
  legalComments: 'inline',
  logLevel: 'warning',
  metafile: true,
});

// The tokenizer's ranks take ~200 ms to load and a long count takes seconds: only the token worker may import it.
const tokenizerImports = Object.entries(metafile.outputs).filter(([, out]) => out.imports.some((i) => i.path === 'gpt-tokenizer'));
if (tokenizerImports.length > 0) {
  console.error(`bundle-server: the request thread would load gpt-tokenizer (${tokenizerImports.map(([file]) => file).join(', ')})`);
  process.exit(1);
}
