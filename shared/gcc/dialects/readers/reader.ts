// What one Contexa implementation's reader is (reader-view.ts runs it), and how each splits a written text
// into blocks: the part every transcribed reader in this folder shares.

/** What a parser takes from one block. */
export interface StepBlock {
  step: number;
  timestamp: string;
  observation: string;
  thought: string;
  action: string;
}
export interface CommitBlock {
  commitId: string;
  timestamp: string;
  branchPurpose: string;
  previousProgressSummary: string;
  thisCommitContribution: string;
}

/** How one implementation reads: the writer it pairs with, and how it reads one block. */
export interface Reader {
  /** Python reads files in text mode: `\r\n` and `\r` become `\n` before parsing. */
  readText(text: string): string;
  /** The writer's escape of values. */
  escape(value: string): string;
  trim(text: string): string;
  /** The step the parser returns for a trimmed, non-empty block, or null when it drops it. */
  readStep(block: string): StepBlock | null;
  readCommit(block: string): CommitBlock | null;
  /** Lua's and Elixir's readers leave branchName empty. */
  branchName?(written: string): string;
  /** Lua and Elixir split on `\n---\n`; the others on `---\n`. All but Lua rejoin a block ending in `\`. */
  separator?: '\n---\n';
  /** Lua's plain split keeps a block ending in `\` apart; every other reader rejoins it with the next. */
  noRejoin?: boolean;
  /**
   * Set for the readers that give a plain record (plain-record.ts) back unchanged, which lets them skip the
   * transcribed parser for it: whether such a step is kept (three of them drop a step with only an action).
   */
  keepsPlainStep?(observation: string, thought: string, action: string): boolean;
}

export const desanitize = (text: string): string => text.replaceAll('\n\\---\n', '\n---\n');

/**
 * Splits one written record as the parser splits the file: on `---\n`, rejoining a piece that ends in
 * `\` with the next one (an escaped separator); Lua and Elixir split on `\n---\n` (Lua without rejoining). A record's own closing `\n\n---\n` always ends a block (the character
 * before `---` is a newline, never `\`), so no block spans two records: each record can be read
 * alone, and its reading cached.
 */
export function writtenBlocks(text: string, separator: '---\n' | '\n---\n' = '---\n', rejoin = true): string[] {
  const raw = text.split(separator);
  if (!rejoin) return raw;
  const blocks: string[] = [];
  for (let i = 0; i < raw.length; i++) {
    let block = raw[i] ?? '';
    while (block.endsWith('\\') && i + 1 < raw.length) block += separator + (raw[++i] ?? '');
    blocks.push(block);
  }
  return blocks;
}
