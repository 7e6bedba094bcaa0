// How a flock(2) is held from Node, which has none. With perl on the PATH (Debian's perl-base, every macOS), one
// long-lived perl process per lock file takes and lets go of the lock on request, in a fraction of a millisecond;
// without it, util-linux's flock(1) runs once per lock. Either way the lock is held by a child process, so the kernel
// lets go of it when that process ends, even when ours is killed (perl reads EOF on its stdin and exits).
import type { ChildProcess } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, join } from 'node:path';

// Loaded at the first lock, not at start: child_process and readline cost ~4 ms of every start, and most starts take
// no lock.
const load = createRequire(import.meta.url);
const childProcess = () => load('node:child_process') as typeof import('node:child_process');
const readline = () => load('node:readline') as typeof import('node:readline');

export type FlockToolName = 'perl' | 'flock';

/** A held flock; release() lets go of it. */
export interface HeldFlock {
  release(): Promise<void>;
}

/** Thrown when the deadline passed with the lock held by someone else. */
export class FlockTimeout extends Error {
  override name = 'FlockTimeout';
}

export const NO_FLOCK_TOOL =
  "neither perl nor flock (util-linux) is on the PATH, so gcc-studio cannot take the flock lock Contexa's Python, Rust, Go and Zig writers use";

// Per request `L SECONDS PATH`: opens (creating as flock(1) does, 0666 & umask), blocks in flock(LOCK_EX) until the
// alarm, answers `locked` or `timeout`; `U`: unlocks and closes (a TypeScript writer may have unlinked the file since,
// so each lock opens the path afresh, as Python's writer does).
const PERL_SESSION = String.raw`
use Fcntl qw(:flock O_RDWR O_CREAT);
use Time::HiRes ();
$| = 1;
my $fh;
while (my $line = <STDIN>) {
  chomp $line;
  my ($op, $seconds, $path) = split / /, $line, 3;
  if ($op eq 'L') {
    if (!sysopen($fh, $path, O_RDWR | O_CREAT, 0666)) { print "error cannot open $path: $!\n"; next; }
    my $ok = eval { local $SIG{ALRM} = sub { die "timeout\n" }; Time::HiRes::alarm($seconds); my $r = flock($fh, LOCK_EX); Time::HiRes::alarm(0); $r };
    if ($ok) { print "locked\n"; } else { close $fh; print "timeout\n"; }
  } elsif ($op eq 'U') {
    flock($fh, LOCK_UN); close $fh; print "unlocked\n";
  }
}
`;

function onPath(command: string, path: string): string | null {
  for (const dir of path.split(delimiter)) {
    if (!dir) continue;
    try {
      accessSync(join(dir, command), constants.X_OK);
      return join(dir, command);
    } catch {
      // Not in this folder.
    }
  }
  return null;
}

const chosen = new Map<string, { name: FlockToolName; command: string } | null>();

/** The tool on the PATH (looked up once per PATH): perl first, then flock; null when there is neither. */
export function flockTool(path = process.env.PATH ?? ''): { name: FlockToolName; command: string } | null {
  if (!chosen.has(path)) {
    const names: FlockToolName[] = ['perl', 'flock'];
    const found = names.map((name) => ({ name, command: onPath(name, path) })).find((t) => t.command !== null);
    chosen.set(path, found ? { name: found.name, command: found.command! } : null);
  }
  return chosen.get(path)!;
}

const SESSION_IDLE_MS = 30_000;

/** One perl process holding (at most) one lock file's flock at a time, answering a line per request. */
class PerlSession {
  private readonly child: ChildProcess;
  private readonly replies: ((line: string) => void)[] = [];
  private dead: Error | null = null;

  constructor(command: string) {
    this.child = childProcess().spawn(command, ['-e', PERL_SESSION], { stdio: ['pipe', 'pipe', 'ignore'] });
    this.child.once('error', (err) => this.fail(err));
    this.child.once('exit', (code, signal) => this.fail(new Error(`the perl process holding the flock ended (${signal ?? code})`)));
    this.child.stdin!.on('error', (err) => this.fail(err));
    readline().createInterface({ input: this.child.stdout! }).on('line', (line) => this.replies.shift()?.(line));
    this.idle();
  }

  get alive(): boolean {
    return this.dead === null;
  }

  private fail(err: Error): void {
    this.dead ??= err;
    for (const reply of this.replies.splice(0)) reply(`error ${err.message}`);
    this.idle();
  }

  /** A session with nothing asked of it must not keep the process alive. */
  private idle(): void {
    this.child.unref();
    (this.child.stdout as unknown as { unref?: () => void }).unref?.();
    (this.child.stdin as unknown as { unref?: () => void }).unref?.();
  }

  private busy(): void {
    this.child.ref();
    (this.child.stdout as unknown as { ref?: () => void }).ref?.();
    (this.child.stdin as unknown as { ref?: () => void }).ref?.();
  }

  /** Ends the process (closing its stdin) once it has been idle this long: a fleet's workspaces keep no perl each. */
  private closer: NodeJS.Timeout | null = null;

  request(line: string): Promise<string> {
    if (this.dead) return Promise.resolve(`error ${this.dead.message}`);
    if (this.closer) clearTimeout(this.closer);
    this.busy();
    return new Promise((resolve) => {
      this.replies.push((reply) => {
        if (this.replies.length === 0) {
          this.idle();
          if (reply === 'unlocked' || reply === 'timeout') this.closer = setTimeout(() => this.child.stdin!.end(), SESSION_IDLE_MS).unref();
        }
        resolve(reply);
      });
      this.child.stdin!.write(`${line}\n`);
    });
  }
}

// One session per lock file: our own writes to one workspace are queued already (workspace-lock.ts), so a session
// never has two requests in flight.
const sessions = new Map<string, PerlSession>();

async function perlFlock(command: string, lockPath: string, seconds: string): Promise<HeldFlock> {
  let session = sessions.get(lockPath);
  if (!session?.alive) sessions.set(lockPath, (session = new PerlSession(command)));
  const reply = await session.request(`L ${seconds} ${lockPath}`);
  if (reply === 'timeout') throw new FlockTimeout(`${lockPath} is locked by another writer (flock); gave up after waiting`);
  if (reply !== 'locked') throw new Error(`perl could not lock ${lockPath}: ${reply.replace(/^error /, '')}`);
  const held = session;
  return {
    async release() {
      await held.request('U');
    },
  };
}

function utilLinuxFlock(command: string, lockPath: string, seconds: string): Promise<HeldFlock> {
  return new Promise((resolve, reject) => {
    let child: ChildProcess;
    try {
      // `echo` runs once the lock is ours; `read` (a shell builtin: no other program is needed) then holds it until we
      // close its stdin.
      child = childProcess().spawn(command, ['--exclusive', '--wait', seconds, lockPath, '-c', 'echo locked; read -r _'], { stdio: ['pipe', 'pipe', 'pipe'] });
    } catch (err) {
      reject(err);
      return;
    }
    let stderr = '';
    let locked = false;
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout!.on('data', (d: Buffer) => {
      if (locked || !d.toString().includes('locked')) return;
      locked = true;
      resolve({
        async release() {
          child.stdin!.end();
          await exited;
        },
      });
    });
    child.once('error', (err) => reject(new Error(`cannot run flock to lock ${lockPath}: ${err.message}`)));
    child.once('exit', (code) => {
      if (locked) return;
      if (code === 1 && stderr === '') reject(new FlockTimeout(`${lockPath} is locked by another writer (flock); gave up after waiting`));
      else reject(new Error(`flock on ${lockPath} failed (exit ${code}): ${stderr.trim()}`));
    });
  });
}

/** Takes the flock on `lockPath`, waiting at most `seconds` (FlockTimeout after), with the tool the PATH offers. */
export function takeFlock(lockPath: string, seconds: string): Promise<HeldFlock> {
  const tool = flockTool();
  if (!tool) return Promise.reject(new Error(NO_FLOCK_TOOL));
  return tool.name === 'perl' ? perlFlock(tool.command, lockPath, seconds) : utilLinuxFlock(tool.command, lockPath, seconds);
}
