// The bytes a tracked file's steps are decoded from: held while the file is small, the last read kept once it is big,
// the disk otherwise; always the bytes the records were read from, or a StaleStepsError.
import { appendFileSync, mkdtempSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { StaleStepsError } from '../../shared/gcc/read/step-bytes-read.ts';
import { FileBytes } from './file-range.ts';
import type { FileStamp } from './gcc-source.ts';

const scratch = mkdtempSync(join(tmpdir(), 'gcc-file-range-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const stampOf = (path: string): FileStamp => {
  const s = statSync(path);
  return { ino: s.ino, size: s.size, mtimeMs: s.mtimeMs, ctimeMs: s.ctimeMs };
};
const text = (b: Uint8Array) => new TextDecoder().decode(b);
const enc = (s: string) => new TextEncoder().encode(s);

describe('FileBytes', () => {
  it('holds a small file as it is read, and answers from memory even after the file is replaced', () => {
    const path = join(scratch, 'small.md');
    writeFileSync(path, 'abcdef');
    const f = new FileBytes(path, 'small.md', 16);
    f.commit([enc('abc'), enc('def')], 0, 6, stampOf(path));
    writeFileSync(join(scratch, 'other.md'), 'XXXXXXXX');
    renameSync(join(scratch, 'other.md'), path);
    expect(text(f.read(1, 5))).toBe('bcde');
  });

  it('stops holding past its limit and reads the disk, refusing another inode', () => {
    const path = join(scratch, 'grows.md');
    writeFileSync(path, '0123456789');
    const f = new FileBytes(path, 'grows.md', 8);
    f.commit([enc('01234')], 0, 5, stampOf(path));
    f.commit([enc('56789')], 5, 10, stampOf(path));
    expect(text(f.read(2, 9))).toBe('2345678');
    writeFileSync(join(scratch, 'next.md'), '0123456789');
    renameSync(join(scratch, 'next.md'), path);
    expect(() => f.read(0, 4)).toThrow(StaleStepsError);
  });

  it('keeps a big file’s last read (an append) and reads the rest from the disk', () => {
    const path = join(scratch, 'big.md');
    writeFileSync(path, 'a'.repeat(20));
    const f = new FileBytes(path, 'big.md', 8);
    // The first read of a big file: its pieces are not copied.
    expect(f.holds(20)).toBe(true);
    f.commit([], 0, 20, stampOf(path));
    appendFileSync(path, 'tail!');
    f.commit([enc('tail!')], 20, 25, stampOf(path));
    expect(text(f.read(20, 25))).toBe('tail!');
    expect(text(f.read(18, 22))).toBe('aata');
    // Nothing consumed since: the last read stays.
    f.commit([], 25, 25, stampOf(path));
    expect(text(f.read(21, 24))).toBe('ail');
    // Cut shorter than asked: stale.
    writeFileSync(path, 'short');
    expect(() => f.read(0, 22)).toThrow(StaleStepsError);
  });
});
