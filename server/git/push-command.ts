// `gcc-studio push` on the command line: one push, or --watch (a push per change, debounced), each said in one line.
import { basename } from 'node:path';
import { GccDirError, isDir, locateGccDir } from '../fs/index.ts';
import { GitError, gitInstalled, NO_GIT } from './git-command.ts';
import { pushMemory, type PushResult } from './push.ts';
import { DebouncedPusher } from './push-watch.ts';

export interface PushCommand {
  dir: string;
  remote: string | null;
  ref: string | null;
  watch: boolean;
  intervalSeconds: number;
}

interface Io {
  err: (line: string) => void;
}

const short = (ref: string) => ref.replace(/^refs\/heads\//, '');

function said(r: PushResult): string {
  if (r.kind === 'unchanged') return `gcc-studio: ${short(r.ref)} is already ${r.commit.slice(0, 12)} at ${r.url}: nothing changed, nothing pushed`;
  return `gcc-studio: pushed ${short(r.ref)} ${r.commit.slice(0, 12)} to ${r.url}`;
}

/** Exit 0 once pushed (or unchanged); 1 when git refused or failed; 2 for no git or no .GCC/. */
export async function runPush(command: PushCommand, io: Io, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  if (!gitInstalled()) {
    io.err(NO_GIT);
    return 2;
  }
  const { projectDir, gccDir } = await locateGccDir(command.dir);
  if (!(await isDir(gccDir))) throw new GccDirError(`${command.dir} holds no .GCC/ folder`);
  const once = () => pushMemory({ projectDir, gccDir, remote: command.remote, ref: command.ref, env });
  try {
    io.err(said(await once()));
  } catch (err) {
    if (!(err instanceof GitError)) throw err;
    io.err(`gcc-studio: ${err.message}`);
    if (!command.watch) return 1;
  }
  if (!command.watch) return 0;
  return watchAndPush(gccDir, command.intervalSeconds * 1000, once, io, basename(projectDir));
}

async function watchAndPush(gccDir: string, intervalMs: number, once: () => Promise<PushResult>, io: Io, name: string): Promise<number> {
  const pusher = new DebouncedPusher({
    intervalMs,
    push: async () => {
      const r = await once();
      if (r.kind === 'pushed') io.err(said(r));
    },
    onError: (err) => io.err(`gcc-studio: ${err instanceof GitError ? err.message : String(err)} (tried again at the next change)`),
  });
  const { loadWatcher } = await import('../live/index.ts');
  const { createWatcher } = await loadWatcher();
  const watcher = createWatcher({ gccDir, onChange: () => pusher.changed(), onError: (e) => io.err(`gcc-studio: ${String(e)}`) });
  await watcher.ready;
  io.err(`gcc-studio: watching ${name}/.GCC/; a push at most every ${intervalMs / 1000} s (Ctrl+C stops)`);
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await watcher.close();
  await pusher.close();
  return 0;
}
