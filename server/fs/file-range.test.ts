// The bytes a tracked file's steps are decoded from: held while the file is small (compressed on ask, and the same
// bytes after), the last read kept once it is big, the disk otherwise; always the bytes the records were read from.
import { appendFileSync, mkdtempSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { StaleStepsError } from '../../shared/gcc/read/step-bytes-read.ts';
import { FileBytes } from './file-range.ts';
import { heldBytes, inSlab } from './held-slabs.ts';
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

  const logLike = (n: number) => Array.from({ length: n }, (_, i) => `### Step ${i + 1} - a step\n**Timestamp**: 2025-01-01\n\nsome text ${i}\n\n---\n\n`).join('');
  /** A file of `steps` steps on disk, read whole into its FileBytes. */
  const heldLog = (name: string, steps: number) => {
    const path = join(scratch, name);
    writeFileSync(path, logLike(steps));
    const f = new FileBytes(path, name);
    const first = enc(logLike(steps));
    f.commit([first], 0, first.length, stampOf(path));
    return { path, f, first };
  };

  it('holds a first read as it is, in a burst of reads in a shared slab, and a woken file’s bytes on their own', () => {
    const read = enc('abc');
    expect(heldBytes(read)).toBe(read);
    const burst = Array.from({ length: 300 }, () => heldBytes(enc('abc')));
    expect(burst.filter(inSlab).length).toBeGreaterThan(0);
    expect(burst.every((b) => text(b) === 'abc')).toBe(true);
    const { f, first: bytes } = heldLog('slab.md', 5);
    expect(inSlab(f.read(0, 10))).toBe(true);
    f.ownBytes();
    expect(inSlab(f.read(0, 10))).toBe(false);
    expect(text(f.read(0, bytes.length))).toBe(logLike(5));
  });

  it('gives a first read room in a slab, holds the bytes read into it where they are, and takes unused room back', () => {
    // Past a burst's first reads (the test above began one), as a start reads its files.
    for (let i = 0; i < 100; i++) heldBytes(enc('abc'));
    const { path } = heldLog('room.md', 8);
    const f = new FileBytes(path, 'room.md');
    const size = logLike(8).length;
    const room = f.room(size)!;
    expect(inSlab(room)).toBe(true);
    room.set(enc(logLike(8)));
    f.commit([room], 0, size, stampOf(path));
    expect(f.read(0, size)).toEqual(room);
    expect(f.read(0, size).buffer).toBe(room.buffer);
    // A file holding bytes already, or too big to hold, gets none.
    expect(f.room(10)).toBeUndefined();
    expect(new FileBytes(path, 'room.md', 16).room(size)).toBeUndefined();
    // Room handed back is handed out again; room taken since then is not.
    const fresh = () => new FileBytes(path, 'room.md');
    const unused = fresh().room(10)!;
    fresh().giveBack(unused);
    const next = fresh().room(10)!;
    expect(next.byteOffset).toBe(unused.byteOffset);
    const after = fresh().room(10)!;
    fresh().giveBack(next);
    expect(fresh().room(10)!.byteOffset).toBe(after.byteOffset + 16);
  });

  it('compresses its held bytes and gives the same bytes back, to a read, a prefix and an append', async () => {
    const { path, f, first } = heldLog('packed.md', 40);
    expect(await f.pack(() => true)).toBe(first.length);
    expect(f.isPacked).toBe(true);
    expect(text(f.heldPrefix(first.length)!)).toBe(logLike(40));
    expect(f.isPacked).toBe(false);
    expect(await f.pack(() => true)).toBe(first.length);
    expect(text(f.read(100, 200))).toBe(logLike(40).slice(100, 200));
    expect(await f.pack(() => true)).toBe(first.length);
    appendFileSync(path, 'tail');
    f.commit([enc('tail')], first.length, first.length + 4, stampOf(path));
    expect(text(f.heldPrefix(first.length + 4)!)).toBe(`${logLike(40)}tail`);
  });

  it('drops a compression the bytes changed during, or that is no longer wanted', async () => {
    const { path, f, first } = heldLog('racing.md', 40);
    const packing = f.pack(() => true);
    appendFileSync(path, 'more');
    f.commit([enc('more')], first.length, first.length + 4, stampOf(path));
    expect(await packing).toBe(0);
    expect(f.isPacked).toBe(false);
    expect(text(f.heldPrefix(first.length + 4)!)).toBe(`${logLike(40)}more`);
    expect(await f.pack(() => false)).toBe(0);
    expect(f.isPacked).toBe(false);
    // Too short to be worth it.
    const tiny = new FileBytes(path, 'racing.md');
    tiny.commit([enc('abc')], 0, 3, stampOf(path));
    expect(await tiny.pack(() => true)).toBe(0);
  });
});
