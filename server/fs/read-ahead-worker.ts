// The thread that reads a workspace's branch files ahead of the start-up read (read-ahead.ts): the same checked opens
// as the disk source, into shared slabs the reading thread copies from. It reads from the last branch back, while the
// reading thread reads from the first on, so neither waits for the other.
import { closeSync } from 'node:fs';
import { join } from 'node:path';
import { workerData } from 'node:worker_threads';
import { openFile, readFd } from './disk-source.ts';
import { EMPTY, INFO_FIELDS, READ_AHEAD_FILES, READY, SLAB_BYTES, type AheadStart, type NewSlab } from './read-ahead-protocol.ts';

const { root, branchesDir, names, pieceMax, state, info, reached, port } = workerData as AheadStart;

let slab: Uint8Array | null = null;
let slabId = -1;
let used = 0;

function newSlab(): Uint8Array {
  const buffer = new SharedArrayBuffer(SLAB_BYTES);
  slabId += 1;
  used = 0;
  port.postMessage({ id: slabId, slab: buffer } satisfies NewSlab);
  return new Uint8Array(buffer);
}

/** Reads one file into its slot; a file that cannot be (missing, a link, too large, changing) is left EMPTY. */
function readSlot(path: string, slot: number): void {
  const opened = openFile(path, root);
  if (!opened.ok) return;
  try {
    const { stamp } = opened;
    if (stamp.size > pieceMax) return;
    if (!slab || used + stamp.size > slab.length) slab = newSlab();
    const bytes = readFd(opened.fd, 0, stamp.size, slab.subarray(used, used + stamp.size));
    if (bytes.length !== stamp.size) return;
    info.set([stamp.ino, stamp.size, stamp.mtimeMs, stamp.ctimeMs, slabId, used], slot * INFO_FIELDS);
    used += (stamp.size + 7) & ~7;
    // The reading thread may have read it meanwhile: then the slot stays its.
    Atomics.compareExchange(state, slot, EMPTY, READY);
  } catch {
    // Left to the reading thread, which reports what went wrong.
  } finally {
    closeSync(opened.fd);
  }
}

for (let i = names.length - 1; i >= Atomics.load(reached, 0); i--) {
  const dir = join(branchesDir, names[i]!);
  for (let j = 0; j < READ_AHEAD_FILES.length; j++) {
    const slot = i * READ_AHEAD_FILES.length + j;
    if (Atomics.load(state, slot) === EMPTY) readSlot(join(dir, READ_AHEAD_FILES[j]!), slot);
  }
}
port.close();
