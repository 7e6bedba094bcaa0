// gcc-studio's entry: command line → one-shot command (inspect, context, doctor) or the live server.
// Every expected failure is one line on stderr and an exit code; only a bug prints a stack trace.
import { createEventBus } from '../live/event-bus.ts';
import { GccDirError, isDir, locateGccDir } from '../live/gcc-dir.ts';
import { parseCommandLine, USAGE, UsageError, type Command } from './args.ts';
import { createStore, type Store } from '../live/store.ts';
import { formatDiagnostics, hasErrors, inspectJson, inspectText } from './output.ts';

export const EXIT_OK = 0;
export const EXIT_FINDINGS = 1;
export const EXIT_USAGE = 2;

interface Io {
  out: (text: string) => void;
  err: (line: string) => void;
}

const stdio: Io = {
  out: (text) => process.stdout.write(text),
  err: (line) => process.stderr.write(`${line}\n`),
};

export async function main(argv: string[], io: Io = stdio, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let command: Command;
  try {
    command = parseCommandLine(argv, env);
  } catch (err) {
    if (err instanceof UsageError) {
      io.err(`gcc-studio: ${err.message}`);
      return EXIT_USAGE;
    }
    throw err;
  }
  try {
    return await run(command, io);
  } catch (err) {
    if (err instanceof GccDirError) {
      io.err(`gcc-studio: ${err.message}`);
      return EXIT_USAGE;
    }
    throw err;
  }
}

async function run(command: Command, io: Io): Promise<number> {
  switch (command.kind) {
    case 'help':
      io.out(`${USAGE}\n`);
      return EXIT_OK;
    case 'version':
      io.out(`${await packageVersion()}\n`);
      return EXIT_OK;
    case 'inspect': {
      const store = await loadOnce(command.dir);
      io.out(command.json ? `${JSON.stringify(inspectJson(store), null, 2)}\n` : inspectText(store));
      return EXIT_OK;
    }
    case 'doctor': {
      const store = await loadOnce(command.dir);
      const { diagnostics } = store.workspace();
      io.out(formatDiagnostics(diagnostics));
      return hasErrors(diagnostics) ? EXIT_FINDINGS : EXIT_OK;
    }
    case 'context': {
      const store = await loadOnce(command.dir);
      const result = store.context(command.branch, command.k, command.dialect);
      if (!result) {
        const names = store.workspace().branches.map((b) => b.name);
        io.err(`gcc-studio: no branch "${command.branch}" (branches: ${names.join(', ') || 'none'})`);
        return EXIT_FINDINGS;
      }
      // Exactly the bytes summary() returns: no newline of our own.
      io.out(result.text);
      return EXIT_OK;
    }
    case 'serve':
      return serve(command, io);
  }
}

/** Reads DIR's .GCC/ once, without watching. */
async function loadOnce(dir: string): Promise<Store> {
  const { projectDir, gccDir } = await locateGccDir(dir);
  if (!(await isDir(gccDir))) throw new GccDirError(`${dir} holds no .GCC/ folder`);
  // No warm-up: a one-shot command renders at most one CONTEXT, on demand.
  const store = createStore({ gccDir, root: projectDir, readOnly: true, bus: createEventBus(), warmContext: false });
  await store.load();
  return store;
}

async function serve(command: Extract<Command, { kind: 'serve' }>, io: Io): Promise<number> {
  const { startServer } = await import('../http/serve.ts');
  const server = await startServer({
    dir: command.dir,
    demo: command.demo,
    port: command.port,
    host: command.host,
    token: command.token,
    readOnly: command.readOnly,
    open: command.open,
    log: (line) => io.out(`${line}\n`),
    warn: io.err,
  });
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      void server.close().then(resolve);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  return EXIT_OK;
}

async function packageVersion(): Promise<string> {
  const { readFile } = await import('node:fs/promises');
  const pkg = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}
