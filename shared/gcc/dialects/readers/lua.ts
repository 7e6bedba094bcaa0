// Contexa Lua's reader, APPROXIMATE: its code at the corpus version was not available; this is read from its
// corpus output, and reader-view.test.ts measures how close it comes.

import { luaEscape } from '../../read/escape.ts';
import { lineReader } from './line-reader.ts';
import { pythonRules } from './python.ts';
import type { Reader } from './reader.ts';

/**
 * Lua (APPROXIMATE): its corrupting writer, then a Python-like reader that keeps action-only steps.
 * Lua's writer meant to escape `\n---\n` with gsub, but `-` is a Lua pattern quantifier: the pattern
 * matches every `\n` and every run of dashes before one, so each newline is written as `\n\---\n`
 * and a `---` line vanishes (luaEscape).
 */
export const LUA: Reader = {
  ...lineReader({ ...pythonRules(), readText: (t) => t, lines: (b) => b.split('\n') }),
  escape: luaEscape,
  separator: '\n---\n',
  branchName: () => '',
  // Its escape rewrites every newline, and it keeps action-only steps: always run its (approximate) reader.
  keepsPlainStep: undefined,
};
