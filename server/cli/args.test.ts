// The command line's grammar: defaults, flags, the token, and clear refusals.
import { describe, expect, it } from 'vitest';
import { DEFAULT_PORT, parseCommandLine, USAGE, UsageError } from './args.ts';

describe('parseCommandLine', () => {
  it('serves the current folder by default', () => {
    expect(parseCommandLine([])).toMatchObject({ kind: 'serve', dir: '.', port: DEFAULT_PORT, portExplicit: false, host: '127.0.0.1', token: null, readOnly: false, open: true, demo: false });
  });

  it('reads serve flags and the token from the environment', () => {
    expect(parseCommandLine(['proj', '--port', '0', '--no-open', '--read-only', '--host', '0.0.0.0'], { GCC_STUDIO_TOKEN: 'envtoken123' })).toMatchObject({
      kind: 'serve', dir: 'proj', port: 0, portExplicit: true, open: false, readOnly: true, host: '0.0.0.0', token: 'envtoken123',
    });
    expect(parseCommandLine(['--token', 'flagtoken1'], { GCC_STUDIO_TOKEN: 'envtoken123' })).toMatchObject({ token: 'flagtoken1' });
    // Empty is unset (a kept or random token), not a bad token.
    expect(parseCommandLine([], { GCC_STUDIO_TOKEN: '' })).toMatchObject({ token: null, newToken: false });
    expect(parseCommandLine(['--new-token'])).toMatchObject({ token: null, newToken: true });
  });

  it('says in --help that a --token shows in ps, and to prefer GCC_STUDIO_TOKEN', () => {
    expect(USAGE).toMatch(/--token T[\s\S]*GCC_STUDIO_TOKEN[\s\S]*`ps`/);
    expect(USAGE).toContain('--new-token');
  });

  it('parses the mcp command: the current folder by default, a dialect for a new workspace', () => {
    expect(parseCommandLine(['mcp'])).toEqual({ kind: 'mcp', dir: '.', dialect: null, readOnly: false });
    expect(parseCommandLine(['mcp', 'proj', '--dialect', 'typescript', '--read-only'])).toEqual({ kind: 'mcp', dir: 'proj', dialect: 'typescript', readOnly: true });
    expect(() => parseCommandLine(['mcp', 'a', 'b'])).toThrow(UsageError);
    expect(() => parseCommandLine(['mcp', '--dialect', 'cobol'])).toThrow(/--dialect must be one of/);
  });

  it('parses the one-shot commands', () => {
    expect(parseCommandLine(['inspect', 'd', '--json'])).toEqual({ kind: 'inspect', dir: 'd', json: true, at: null });
    expect(parseCommandLine(['context', 'd'])).toEqual({ kind: 'context', dir: 'd', branch: 'main', k: 1, dialect: null, at: null, lossless: false });
    expect(parseCommandLine(['context', 'd', '--branch', 'auth-jwt', '--k', '2', '--dialect', 'rust'])).toEqual({ kind: 'context', dir: 'd', branch: 'auth-jwt', k: 2, dialect: 'rust', at: null, lossless: false });
    expect(parseCommandLine(['context', 'd', '--at', 'main@step:3'])).toMatchObject({ kind: 'context', at: 'main@step:3' });
    expect(parseCommandLine(['inspect', 'd', '--at', '2026-12-02T13:58:05+01:00', '--json'])).toMatchObject({ kind: 'inspect', at: '2026-12-02T13:58:05+01:00' });
    expect(parseCommandLine(['doctor', 'd'])).toEqual({ kind: 'doctor', dir: 'd' });
    expect(parseCommandLine(['--demo', '--no-open'])).toMatchObject({ kind: 'serve', demo: true, dir: null, open: false });
  });

  it('refuses bad input with one clear line', () => {
    const bad: string[][] = [
      ['inspect'],
      ['context', 'd', '--k', '0'],
      ['context', 'd', '--k', 'two'],
      ['context', 'd', '--dialect', 'cobol'],
      ['--port', '70000'],
      ['--token', 'short'],
      ['--frobnicate'],
      ['a', 'b'],
      ['--demo', 'dir'],
      ['--new-token', '--token', 'flagtoken1'],
    ];
    for (const argv of bad) {
      expect(() => parseCommandLine(argv), argv.join(' ')).toThrow(UsageError);
    }
  });

  it('says what was wrong in our words, on one line', () => {
    const message = (argv: string[]) => {
      try {
        parseCommandLine(argv);
      } catch (err) {
        return (err as Error).message;
      }
      return null;
    };
    expect(message(['--bogus'])).toBe('unknown option --bogus (see gcc-studio --help)');
    expect(message(['-x'])).toBe('unknown option -x (see gcc-studio --help)');
    expect(message(['inspect', 'd', '--bogus'])).toBe('unknown option --bogus (see gcc-studio --help)');
    expect(message(['inspect', 'd', '--at', 'yesterday'])).toMatch(/^--at: moment "yesterday" is neither an ISO 8601 time/);
    expect(message(['context', 'd', '--at', 'main@step:0'])).toMatch(/^--at: .*whole number from 1/);
    expect(message(['--port'])).toBe('--port needs a value');
    expect(message(['context', 'd', '--k'])).toBe('--k needs a value');
    expect(message(['inspect', 'd', '--json=yes'])).toBe('--json takes no value');
    expect(message(['--open', '--no-open'])).toBe('--open and --no-open contradict each other');
    expect(parseCommandLine(['--open'])).toMatchObject({ kind: 'serve', open: true });
  });
});
