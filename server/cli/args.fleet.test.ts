// The command line of a fleet: several DIRs or --scan, --depth, and doctor --json.
import { describe, expect, it } from 'vitest';
import { parseCommandLine, UsageError } from './args.ts';

describe('parseCommandLine: fleets', () => {
  it('takes several DIRs when they read as paths, or with --scan', () => {
    expect(parseCommandLine(['./a', '../b', '/c'])).toMatchObject({ kind: 'serve', dir: './a', dirs: ['./a', '../b', '/c'], scan: false, depth: 4 });
    expect(parseCommandLine(['--scan', 'a', 'b', '--depth', '2'])).toMatchObject({ kind: 'serve', dirs: ['a', 'b'], scan: true, depth: 2 });
    expect(parseCommandLine(['--scan'])).toMatchObject({ dirs: ['.'], scan: true });
    expect(parseCommandLine([])).toMatchObject({ dirs: ['.'], scan: false });
  });

  it('refuses a bare word beside another as a mistyped command, and bad depths', () => {
    for (const argv of [['a', 'b'], ['--depth', '0'], ['--depth', 'x'], ['--demo', '--scan'], ['--demo', './a', './b']]) {
      expect(() => parseCommandLine(argv), argv.join(' ')).toThrow(UsageError);
    }
  });

  it('gives inspect and doctor --depth, and doctor --json', () => {
    expect(parseCommandLine(['inspect', 'r', '--json', '--depth', '3'])).toEqual({ kind: 'inspect', dir: 'r', json: true, depth: 3, at: null });
    expect(parseCommandLine(['doctor', 'r', '--json'])).toEqual({ kind: 'doctor', dir: 'r', json: true });
    expect(() => parseCommandLine(['doctor', 'r', '--depth', '-1'])).toThrow(UsageError);
  });
});
