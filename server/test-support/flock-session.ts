// A flock(2) on .GCC/.lock taken and released per operation, as Contexa's Python, Rust, Go and Zig writers do, for
// writers written in Node (which has no flock).
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const HOLDER = String.raw`
use Fcntl qw(:flock);
$| = 1;
open(my $fh, '>>', $ARGV[0]) or die "cannot open $ARGV[0]: $!\n";
print "ready\n";
while (my $line = <STDIN>) {
  chomp $line;
  if ($line eq 'L') { flock($fh, LOCK_EX) or die "flock: $!\n"; print "locked\n"; }
  elsif ($line eq 'U') { flock($fh, LOCK_UN) or die "unlock: $!\n"; print "unlocked\n"; }
}
`;

export interface FlockSession {
  /** Resolves once the exclusive lock is held (waits for any other holder, like flock(LOCK_EX)). */
  lock(): Promise<void>;
  unlock(): Promise<void>;
  /** Runs fn under the lock. */
  locked<T>(fn: () => T | Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * One long-lived perl process (perl-base is Essential on Debian, and its Fcntl is the libc call) holds the lock file
 * open and locks or unlocks it on request: a round trip costs tens of microseconds, where running util-linux flock per
 * operation costs milliseconds, too slow for 200 appends/s.
 */
export async function openFlockSession(lockPath: string): Promise<FlockSession> {
  const child = spawn('perl', ['-e', HOLDER, lockPath], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! });
  const waiting: ((line: string) => void)[] = [];
  lines.on('line', (line) => waiting.shift()?.(line));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const next = (expected: string) =>
    new Promise<void>((resolve, reject) => {
      const onExit = () => reject(new Error(`flock holder for ${lockPath} exited`));
      child.once('exit', onExit);
      waiting.push((line) => {
        child.off('exit', onExit);
        if (line === expected) resolve();
        else reject(new Error(`flock holder said "${line}", expected "${expected}"`));
      });
    });
  await new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    next('ready').then(resolve, reject);
  });
  const lock = () => {
    const p = next('locked');
    child.stdin!.write('L\n');
    return p;
  };
  const unlock = () => {
    const p = next('unlocked');
    child.stdin!.write('U\n');
    return p;
  };
  return {
    lock,
    unlock,
    async locked(fn) {
      await lock();
      try {
        return await fn();
      } finally {
        await unlock();
      }
    },
    async close() {
      child.stdin!.end();
      await exited;
    },
  };
}
