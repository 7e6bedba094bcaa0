// What the read-ahead thread (read-ahead-worker.ts) and the reading thread (read-ahead.ts) share: a slot a file
// (branch i's j-th file is slot 3i + j), its state and stamp in shared arrays, and the slabs its bytes are in. No
// message a file: the reading thread never waits for a turn of the event loop, nor decodes one.
import type { MessagePort } from 'node:worker_threads';
import { BRANCH_FILES } from '../../shared/gcc/read/paths.ts';

export { SLAB_BYTES } from './held-slabs.ts';

/** A branch's files, in the order the start-up read opens them. */
export const READ_AHEAD_FILES = [BRANCH_FILES.metadata, BRANCH_FILES.commit, BRANCH_FILES.log] as const;

/** A slot's state: not read yet; read (its info and bytes are written); read by the reading thread itself. */
export const EMPTY = 0;
export const READY = 1;
export const PASSED = 2;

/** Per slot in `info`: ino, size, mtimeMs, ctimeMs (the stamp), then the slab's id and the offset in it. */
export const INFO_FIELDS = 6;

export interface AheadStart {
  /** The source's root: the link rule is judged below it, as the disk source judges it. */
  root: string;
  branchesDir: string;
  /** The branches to read, in the reading thread's order (the worker starts from the last). */
  names: string[];
  /** A file larger than this is left to the reading thread (it is read in pieces, not held in a slab). */
  pieceMax: number;
  /** Int32 a slot (Atomics): EMPTY, READY or PASSED. */
  state: Int32Array;
  info: Float64Array;
  /** How many branches, from the first, the reading thread has begun: the worker stops where they meet. */
  reached: Int32Array;
  /** Where each new slab is sent (`{ id, slab }`), before any slot in it is READY. */
  port: MessagePort;
}

export interface NewSlab {
  id: number;
  slab: SharedArrayBuffer;
}
