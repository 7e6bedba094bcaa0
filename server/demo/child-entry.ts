// How to start one of our modules as a process: its .js from the build, or its .ts through tsx from the sources.
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface ChildEntry {
  path: string;
  execArgv: string[];
}

/** `name` is the module's base name beside `base` (an import.meta.url), e.g. `agent` for agent.ts / agent.js. */
export function childEntry(base: string, name: string): ChildEntry {
  const fromSources = base.endsWith('.ts');
  const path = fileURLToPath(new URL(`./${name}.${fromSources ? 'ts' : 'js'}`, base));
  return { path, execArgv: fromSources ? tsxExecArgv() : [] };
}

/** Node flags that make a child process run TypeScript through tsx, wherever its cwd is. */
function tsxExecArgv(): string[] {
  const loader = createRequire(import.meta.url).resolve('tsx');
  return ['--import', pathToFileURL(loader).href];
}
