// Where a step index (step-index.ts) reads its steps back from: the file's bytes, the error when they are no longer
// the bytes it indexed, and a header line's timestamp read from them.

/** The file's bytes [start, end) (maybe a reused buffer's: used before the next read); throws when they are gone. */
export type ByteReader = (start: number, end: number) => Uint8Array;

export const ONE_BYTE = new TextDecoder('latin1');

/** The timestamp of the `### Step N — TS` line at `at` of a one-byte text (a record the fast path read: that layout). */
export function headerTimestamp(text: string, at: number, file: string): string {
  let i = at + 9;
  while (text.charCodeAt(i) >= 0x30 && text.charCodeAt(i) <= 0x39) i++;
  const from = i + 5;
  const nl = text.indexOf('\n', from);
  if (text.charCodeAt(at) !== 0x23 || text.charCodeAt(i + 1) !== 0xe2 || nl === -1 || nl - from > 64) throw new StaleStepsError(file, at);
  return text.slice(from, nl);
}

/** The file changed under the index (a rewrite the watcher has not reported yet): read it again and ask again. */
export class StaleStepsError extends Error {
  constructor(
    readonly file: string,
    readonly at: number,
  ) {
    super(`${file} changed while it was read (at byte ${at}); it is read again`);
  }
}
