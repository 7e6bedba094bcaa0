// How a flock(2) is held from Node, which has none: util-linux's flock(1) where it is (Linux), else perl's Fcntl flock
// (perl ships with macOS), each in a child process that holds it until its stdin closes, so the kernel lets go of the
// lock when that process ends, even when ours is killed.
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

export interface FlockTool {
  /** What runs: `flock` or `perl`. */
  name: 'flock' | 'perl';
  command: string;
  /** Prints `locked` once the lock on `lockPath` is held, holds it until stdin ends; exit 1 with no output on the deadline. */
  args(lockPath: string, seconds: string): string[];
}

// Exclusive, waiting at most ARGV[1] seconds in 10 ms steps, the file created as flock(1) creates it (0666 & umask).
const PERL_HOLDER = String.raw`
use Fcntl qw(:flock O_RDWR O_CREAT);
use Time::HiRes qw(time sleep);
my ($path, $seconds) = @ARGV;
sysopen(my $fh, $path, O_RDWR | O_CREAT, 0666) or die "cannot open $path: $!\n";
my $deadline = time + $seconds;
until (flock($fh, LOCK_EX | LOCK_NB)) {
  exit 1 if time >= $deadline;
  sleep 0.01;
}
$| = 1;
print "locked\n";
1 while <STDIN>;
`;

const TOOLS: FlockTool[] = [
  { name: 'flock', command: 'flock', args: (lockPath, seconds) => ['--exclusive', '--wait', seconds, lockPath, '-c', 'echo locked; exec cat >/dev/null'] },
  { name: 'perl', command: 'perl', args: (lockPath, seconds) => ['-e', PERL_HOLDER, lockPath, seconds] },
];

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

const chosen = new Map<string, FlockTool | null>();

/** The first tool on the PATH (looked up once per PATH), or null when there is neither. */
export function flockTool(path = process.env.PATH ?? ''): FlockTool | null {
  if (!chosen.has(path)) {
    const found = TOOLS.map((tool) => ({ tool, at: onPath(tool.command, path) })).find((t) => t.at !== null);
    chosen.set(path, found ? { ...found.tool, command: found.at! } : null);
  }
  return chosen.get(path)!;
}

export const NO_FLOCK_TOOL =
  "neither flock (util-linux) nor perl is on the PATH, so gcc-studio cannot take the flock lock Contexa's Python, Rust, Go and Zig writers use";
