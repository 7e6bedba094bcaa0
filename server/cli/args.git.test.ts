// The command line of push and --git: flags, defaults, and the mistakes told in one line.
import { describe, expect, it } from 'vitest';
import { parseCommandLine } from './args.ts';

describe('push and --git on the command line', () => {
  it('reads push with its defaults', () => {
    expect(parseCommandLine(['push'])).toEqual({ kind: 'push', dir: '.', remote: null, ref: null, watch: false, intervalSeconds: 10 });
    expect(parseCommandLine(['push', 'a', '--remote', 'origin', '--ref', 'gcc/x', '--watch', '--interval', '3'])).toEqual({ kind: 'push', dir: 'a', remote: 'origin', ref: 'gcc/x', watch: true, intervalSeconds: 3 });
  });

  it('reads --git, read-only, with its refresh', () => {
    expect(parseCommandLine(['--git', 'file:///r', '--refs', 'gcc/*', '--refresh', '2'])).toMatchObject({ kind: 'serve', readOnly: true, git: { repo: 'file:///r', refs: 'gcc/*', refreshSeconds: 2 } });
    expect(parseCommandLine(['--git', '/r'])).toMatchObject({ git: { refs: null, refreshSeconds: 5 } });
  });

  it.each([
    [['push', '--interval', '3'], /--interval is for --watch/],
    [['--git', 'https://me:pw@example.com/r.git'], /credential helper/],
    [['--git', '/r', 'DIR'], /give no DIR/],
    [['--refresh', '3'], /--refs and --refresh are for --git/],
    [['--git', '/r', '--refs=--all'], /not a ref pattern/],
    [['--at', 'x'], /unknown option/],
  ])('%j: one line', (argv, message) => expect(() => parseCommandLine(argv)).toThrow(message));

  it('takes git:<sha> as a moment of context', () => expect(parseCommandLine(['context', 'd', '--at', 'git:abcd1234'])).toMatchObject({ at: 'git:abcd1234' }));
});
