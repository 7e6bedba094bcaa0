#!/usr/bin/env node
// The command's start-up bundle (npm run build, after tsc): server/cli/main.ts and all it imports bundled by esbuild into
// one CommonJS file, dist/bundle/main.cjs, so Node loads one file instead of ~290 modules (~0.2-0.3 s of a start), and
// V8's code cache of it (code-cache-train.mjs) spares compiling what a start runs. CommonJS because Node 20 caches
// no ES module's code; the lazily loaded parts are lazy inside the file (esbuild runs a module's body on first import).
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { relative, resolve } from 'node:path';

// `--version` and `--help` load main.cjs and run little of it. What runs in its own thread or process (the token
// worker, the demo agent) stays tsc's output in dist/server/, and the bundled code finds it there:
// `import.meta.url` in each of our files becomes the URL that file has in tsc's output, so
// `new URL('./token-worker.js', import.meta.url)` and the like keep meaning what they mean unbundled.
const ROOT = resolve(import.meta.dirname, '..');
const OUT = resolve(ROOT, 'dist', 'bundle');
const MAIN = resolve(OUT, 'main.cjs');
/** The MCP SDK and zod (~1.3 MB, only the MCP server needs them) are a file of their own, required on first use. */
const MCP_SDK = 'mcp-sdk.cjs';

/** `import.meta.url` of a source file → the URL of its tsc output (dist/<same path>.js), from the bundle's own URL. */
const importMetaAsBuilt = {
  name: 'import-meta-as-built',
  setup(b) {
    b.onLoad({ filter: /[\\/](server|shared)[\\/].*\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return { contents: source, loader: 'ts' };
      const built = resolve(ROOT, 'dist', relative(ROOT, args.path)).replace(/\.ts$/, '.js');
      const fromBundle = relative(OUT, built).split('\\').join('/');
      return { contents: source.replaceAll('import.meta.url', `new URL(${JSON.stringify(fromBundle)}, require('node:url').pathToFileURL(__filename)).href`), loader: 'ts' };
    });
  },
};

/**
 * `open` is bundled too (the bundle can run no `import()` of its own: vm.Script would need an experimental flag), and
 * finds its xdg-open script beside the installed package, as it does unbundled.
 */
const openAsInstalled = {
  name: 'open-as-installed',
  setup(b) {
    b.onLoad({ filter: /[\\/]node_modules[\\/]open[\\/]index\.js$/ }, async (args) => ({
      contents: (await readFile(args.path, 'utf8')).replaceAll('import.meta.url', "require('node:url').pathToFileURL(require.resolve('open')).href"),
      loader: 'js',
    }));
  },
};

/** Each import of the SDK or zod becomes a property of mcp-sdk.cjs's exports; the paths met are that file's entries. */
const sdkPaths = new Set();
const mcpSdkApart = {
  name: 'mcp-sdk-apart',
  setup(b) {
    b.onResolve({ filter: /^(@modelcontextprotocol\/sdk\/.*|zod)$/ }, (args) => {
      sdkPaths.add(args.path);
      return { path: args.path, namespace: 'mcp-sdk' };
    });
    b.onResolve({ filter: new RegExp(`^\\./${MCP_SDK.replace('.', '\\.')}$`) }, (args) => ({ path: args.path, external: true }));
    b.onLoad({ filter: /.*/, namespace: 'mcp-sdk' }, (args) => ({ contents: `module.exports = require('./${MCP_SDK}')[${JSON.stringify(args.path)}];`, loader: 'js' }));
  },
};

const common = { bundle: true, format: 'cjs', platform: 'node', target: 'node20', legalComments: 'inline', logLevel: 'warning', write: false };

await rm(OUT, { recursive: true, force: true });
await mkdir(OUT, { recursive: true });
const main = await build({
  ...common,
  entryPoints: [resolve(ROOT, 'server', 'cli', 'main.ts')],
  outfile: MAIN,
  // gpt-tokenizer is the token worker's alone (and big).
  external: ['gpt-tokenizer'],
  plugins: [importMetaAsBuilt, openAsInstalled, mcpSdkApart],
  // `import()` of Node's own modules becomes a require: a vm.Script cannot import() (code-cache.ts).
  supported: { 'dynamic-import': false },
  // open's require.resolve('open') is meant for run time (openAsInstalled).
  logOverride: { 'require-resolve-not-external': 'silent' },
  metafile: true,
});

const imports = Object.values(main.metafile.outputs).flatMap((out) => out.imports);
// The tokenizer's ranks take ~200 ms to load and a long count takes seconds: only the token worker may import it.
if (imports.some((i) => i.path === 'gpt-tokenizer')) {
  console.error('bundle-server: the request thread would load gpt-tokenizer');
  process.exit(1);
}
const dynamic = imports.filter((i) => i.kind === 'dynamic-import');
if (dynamic.length > 0) {
  console.error(`bundle-server: the bundle would import() ${dynamic.map((i) => i.path).join(', ')}, which a vm.Script cannot`);
  process.exit(1);
}

// One function expression with CommonJS's arguments (code-cache.ts runs it); strict, as the ES modules it was made of.
const body = main.outputFiles[0].text;
await writeFile(MAIN, `(function (exports, require, module, __filename, __dirname) {"use strict";\n${body}\n})`);

const sdk = await build({
  ...common,
  stdin: { contents: `module.exports = {${[...sdkPaths].sort().map((p) => `${JSON.stringify(p)}: require(${JSON.stringify(p)})`).join(', ')}};`, resolveDir: ROOT, loader: 'js' },
  outfile: resolve(OUT, MCP_SDK),
  banner: { js: '"use strict";' },
});
await writeFile(resolve(OUT, MCP_SDK), sdk.outputFiles[0].text);

// The cache is made by a process of its own: one that has run nothing else.
const trained = spawnSync(process.execPath, [resolve(import.meta.dirname, 'code-cache-train.mjs'), MAIN], { stdio: 'inherit' });
if (trained.status !== 0) {
  console.error('bundle-server: making the code cache failed');
  process.exit(1);
}
