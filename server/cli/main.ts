// gcc-studio's entry: command line → one-shot command (inspect, context, doctor) or the live server.
// Every expected failure is one line on stderr and an exit code; only a bug prints a stack trace.
import { GccDirError } from '../fs/index.ts';
import { parseCommandLine, USAGE, UsageError, type Command } from './args.ts';
import type { RecordsView, WorkspaceView } from '../live/index.ts';
import type { MomentView } from '../travel/index.ts';
import { MomentError } from '../../shared/gcc/moment/moment.ts';
import { formatDiagnostics, hasErrors, inspectJson, inspectText, momentLabel } from './output.ts';
import { packageVersion } from './package-files.ts';

export const EXIT_OK = 0;
export const EXIT_FINDINGS = 1;
export const EXIT_USAGE = 2;

interface Io {
  /** Bytes as they are: CONTEXT may hold bytes that are not valid UTF-8, which are written unchanged. */
  out: (text: string | Uint8Array) => void;
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
    if (err instanceof GccDirError || err instanceof MomentError) {
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
      io.out(`${packageVersion()}\n`);
      return EXIT_OK;
    case 'inspect': {
      const fleetExit = await (await import('./fleet-oneshot.ts')).runFleetOneShot(command, io);
      if (fleetExit !== null) return fleetExit;
      const { view: now, gccDir } = await loadOnce(command.dir);
      const view = command.at === null ? now : await atMoment(now, gccDir, command.at);
      const at = 'info' in view ? { at: (view as MomentView).info } : {};
      io.out(command.json ? `${JSON.stringify({ ...inspectJson(view), ...at }, null, 2)}\n` : momentLine(view) + inspectText(view));
      return EXIT_OK;
    }
    case 'doctor': {
      const fleetExit = await (await import('./fleet-oneshot.ts')).runFleetOneShot(command, io);
      if (fleetExit !== null) return fleetExit;
      const { view, gccDir } = await loadOnce(command.dir);
      // Beside the format problems: what writers left (a merge cut short, stale locks, temp files), misread values.
      const { writeDiagnostics } = await import('../write/index.ts');
      const diagnostics = [...view.workspace().diagnostics, ...(await writeDiagnostics(gccDir, view))];
      io.out(formatDiagnostics(diagnostics));
      return hasErrors(diagnostics) ? EXIT_FINDINGS : EXIT_OK;
    }
    case 'context':
      return printContext(command, io);
    case 'export':
      return exportFile(command, io);
    case 'serve':
      return serve(command, io);
    case 'mcp': {
      const { runMcpStdio } = await import('../mcp/index.ts');
      return runMcpStdio({ dir: command.dir, readOnly: command.readOnly, dialect: command.dialect, version: packageVersion(), warn: io.err });
    }
    case 'push':
      return (await import('../git/index.ts')).runPush(command, io);
  }
}

async function exportFile(command: Extract<Command, { kind: 'export' }>, io: Io): Promise<number> {
  const [{ buildSnapshot, editsUpTo, exportHtml, exportMarkdown, ExportError }, { writeFile }, { fleetSnapshot }] = await Promise.all([
    import('./export.ts'),
    import('node:fs/promises'),
    import('./fleet-export.ts'),
  ]);
  const exportedAt = new Date().toISOString();
  const single = async () => {
    const { view: now, gccDir } = await loadOnce(command.dir);
    const view = command.at === null ? now : await atMoment(now, gccDir, command.at);
    const moment = 'info' in view ? (view as MomentView).info : null;
    if (command.format === 'markdown') return exportMarkdown({ view, moment, exportedAt, branch: command.branch, k: command.k, dialect: command.dialect });
    return exportHtml(await buildSnapshot({ view, moment, exportedAt, edits: await editsUpTo(gccDir, moment) }));
  };
  let text: string;
  try {
    // A folder with workspaces under it and none of its own: one page for the whole fleet.
    const fleet = await fleetSnapshot(command, exportedAt);
    text = fleet ? exportHtml(fleet) : await single();
  } catch (err) {
    if (!(err instanceof ExportError)) throw err;
    io.err(`gcc-studio: ${err.message}`);
    return EXIT_USAGE;
  }
  try {
    await writeFile(command.file, text);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (!code) throw err;
    io.err(`gcc-studio: cannot write ${command.file}: ${code}`);
    return EXIT_FINDINGS;
  }
  io.err(`gcc-studio: wrote ${command.file}`);
  return EXIT_OK;
}

/** What `inspect --at` shows first: the instant, and why it may not be exact. */
function momentLine(view: WorkspaceView): string {
  if (!('info' in view)) return '';
  const { info } = view as MomentView;
  return `as at ${momentLabel(info)}${info.exact ? '' : `, not exact:\n${info.reasons.map((r) => `  ${r}`).join('\n')}`}\n`;
}

/** The workspace as it was at the moment (throws MomentError when the moment names nothing). */
async function atMoment(now: RecordsView, gccDir: string, moment: string): Promise<MomentView> {
  const { timeTravelFor, withExactMoments } = await import('../travel/index.ts');
  const travel = timeTravelFor(now, gccDir)!;
  const { gitMomentPrefix } = await import('../../shared/git/git-moments.ts');
  if (gitMomentPrefix(moment) === null) return travel.view(moment);
  const { localGitHistory } = await import('../git/index.ts');
  const history = await localGitHistory(gccDir);
  if (!history) throw new MomentError(`moment "${moment}": ${gccDir} is not in a git repository (or git is not installed)`);
  try {
    if ((await history.list()).length === 0) throw new MomentError(`moment "${moment}": ${await history.whyNone()}`);
    return await withExactMoments(travel, history).view(moment);
  } finally {
    history.close();
  }
}

/** The implementation's CONTEXT bytes on stdout, its notes on stderr; when its context() raises, one line and exit 1. */
async function printContext(command: Extract<Command, { kind: 'context' }>, io: Io): Promise<number> {
  // Now, only the branch printed is read; --at: the memory as it was then (every branch: merges), read by the same
  // implementation.
  const { view: now, gccDir } = await loadOnce(command.dir, command.at === null ? command.branch : undefined);
  const view = command.at === null ? now : await atMoment(now, gccDir, command.at);
  const result = view.contextText(command.branch, command.k, command.dialect, command.lossless);
  if (!result) {
    const { listBranchFolders } = await import('../fs/index.ts');
    const names = (await listBranchFolders(gccDir)).branches.map((b) => b.name);
    io.err(`gcc-studio: no branch "${command.branch}" (branches: ${names.join(', ') || 'none'})`);
    return EXIT_USAGE;
  }
  const { encodeEscaped } = await import('../../shared/gcc/dialects/escaped-text.ts');
  const { label } = await import('../../shared/gcc/dialects/implementation.ts');
  const who = label(result.dialect);
  if (command.lossless) {
    io.out(encodeEscaped(result.lossless?.text ?? ''));
    io.err(`gcc-studio: note: this is what gcc-studio reads, in ${who}'s layout; not what ${who}'s summary() returns.`);
    return EXIT_OK;
  }
  if (result.error !== undefined) {
    io.err(`gcc-studio: ${who}'s context() raises ${result.error}; --lossless prints what gcc-studio reads instead`);
    return EXIT_FINDINGS;
  }
  // Exactly the bytes summary() returns: no newline of our own.
  io.out(encodeEscaped(result.text));
  if (result.dialectSource === 'fallback') io.err(`gcc-studio: note: no writer could be told for "${command.branch}"; showing Python's CONTEXT (fallback; --dialect picks another).`);
  for (const note of result.notes ?? []) io.err(`gcc-studio: note: ${note}`);
  if (result.lossless) io.err(`gcc-studio: note: ${who} reads nothing here that gcc-studio reads; --lossless prints what gcc-studio reads.`);
  return EXIT_OK;
}

/** Reads DIR's .GCC/ once (only the branch `only` when given), without watching. */
async function loadOnce(dir: string, only?: string): Promise<{ view: RecordsView; gccDir: string }> {
  // Loaded here, not at the top: `--version` and `--help` should not pay for the format core.
  const [{ readOnce }, { isDir, locateGccDir }] = await Promise.all([import('../live/index.ts'), import('../fs/index.ts')]);
  const { projectDir, gccDir } = await locateGccDir(dir);
  if (!(await isDir(gccDir))) throw new GccDirError(`${dir} holds no .GCC/ folder`);
  return { view: await readOnce({ gccDir, root: projectDir, ...(only === undefined ? {} : { only }) }), gccDir };
}

/**
 * A `--token T` on the command line is readable by every user in `ps` (which is why --help says to prefer
 * $GCC_STUDIO_TOKEN). Node's process.title rewrites the process's argv memory on Linux and macOS, so from here on
 * `ps` and /proc/PID/cmdline show `--token ***` instead (the moments before start-up cannot be helped).
 */
function hideTokenFromPs(token: string | null): void {
  if (!token || !process.argv.some((a) => a === token || a === `--token=${token}`)) return;
  process.title = process.argv.map((a) => (a === token ? '***' : a === `--token=${token}` ? '--token=***' : a)).join(' ');
}

async function serve(command: Extract<Command, { kind: 'serve' }>, io: Io): Promise<number> {
  // Listen for Ctrl+C before starting: a signal during start-up (the demo's temp folder already written) must still
  // end in close(), which removes what was made.
  let stopRequested = false;
  let stopNow = () => {};
  const onSignal = () => {
    stopRequested = true;
    stopNow();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  hideTokenFromPs(command.token);
  try {
    const [{ startServer, runtimeDirectory, PortTakenError }, { fleetRoots, loadFleetServer }] = await Promise.all([import('../http/index.ts'), import('../fleet/index.ts')]);
    const roots = command.demo || command.git ? null : await fleetRoots(command);
    let start: (o: Parameters<typeof startServer>[0]) => Promise<{ close(): Promise<void> }> = startServer;
    if (command.git) {
      const { gitInstalled, gitFleetScan, NO_GIT } = await import('../git/index.ts');
      if (!gitInstalled()) {
        io.err(NO_GIT);
        return EXIT_USAGE;
      }
      const { startFleetServer } = await loadFleetServer();
      const git = command.git;
      const scan = gitFleetScan({ repo: git.repo, refs: git.refs, refreshMs: git.refreshSeconds * 1000 });
      start = (o) => startFleetServer([git.repo], 0, o, { scan: scan.start, openInBackground: true, gitRemote: scan.url });
    } else if (roots) {
      // The fleet server is loaded only for a fleet.
      const { startFleetServer } = await loadFleetServer();
      start = (o) => startFleetServer(roots, command.depth, o);
    }
    let server: { close(): Promise<void> };
    try {
      server = await start({
        dir: command.dir,
        demo: command.demo,
        port: command.port,
        portExplicit: command.portExplicit,
        host: command.host,
        token: command.token,
        // The demo's folder is new each start: nothing to keep its token for.
        tokenStore: command.demo ? null : { runtimeDir: runtimeDirectory(process.env), fresh: command.newToken },
        readOnly: command.readOnly,
        open: command.open,
        log: (line) => io.out(`${line}\n`),
        warn: io.err,
      });
    } catch (err) {
      if (!(err instanceof PortTakenError)) throw err;
      io.err(`gcc-studio: ${err.message}`);
      return EXIT_USAGE;
    }
    await new Promise<void>((resolve) => {
      stopNow = () => void server.close().then(resolve);
      if (stopRequested) stopNow();
    });
    return EXIT_OK;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}
