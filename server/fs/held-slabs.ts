// Where a small file's held bytes go when it is first read during a burst of reads (start-up): big shared slabs the
// system maps and unmaps whole. 10,000 arrays of their own came from malloc's heap, between arrays that live on, and
// once compressed away (file-range.ts) left holes the heap never gave back: 37 MB at 5,000 branches.

/** glibc maps an allocation this large on its own whatever its threshold has grown to (at most 32 MiB). */
export const SLAB_BYTES = 32 * 2 ** 20;
/** Bigger bytes get an array of their own (mapped on its own too). */
export const SLAB_PIECE_MAX = 1 * 2 ** 20;
/** The slab being filled is let go once no read came for this long: a slab is freed when no copy in it is held. */
const IDLE_MS = 2000;
/**
 * Reads in a burst before slabs are used: a few files (a fleet's member opened, a branch added) keep their read's own
 * array, and cost no 32 MiB slab (which V8 counts towards its next collection).
 */
const SLAB_AFTER_READS = 64;

/** Every slab made (weakly): which bytes lie in one. */
const slabs = new WeakSet<ArrayBufferLike>();
let slab = new Uint8Array(0);
let used = 0;
let lastReadAt = 0;
let readsInBurst = 0;
let idleTimer: ReturnType<typeof setTimeout> | null = null;

function letGoWhenIdle(): void {
  idleTimer = null;
  const idleFor = performance.now() - lastReadAt;
  if (idleFor < IDLE_MS) return armIdleTimer(IDLE_MS - idleFor);
  slab = new Uint8Array(0);
  used = 0;
  readsInBurst = 0;
}

function armIdleTimer(ms: number): void {
  idleTimer = setTimeout(letGoWhenIdle, ms);
  idleTimer.unref();
}

/**
 * Where a first read's bytes (an array of their own, which dies young when copied) are held: as they are, or past the
 * first reads of a burst, copied into the current slab (a new one when it is full). Bytes already in a slab (the
 * read-ahead thread's: adoptSlab) stay where they are.
 */
export function heldBytes(bytes: Uint8Array): Uint8Array {
  lastReadAt = performance.now();
  if (!idleTimer) armIdleTimer(IDLE_MS);
  if (inSlab(bytes)) return bytes;
  readsInBurst += 1;
  if (readsInBurst <= SLAB_AFTER_READS || bytes.length > SLAB_PIECE_MAX) return bytes;
  if (used + bytes.length > slab.length) {
    slab = new Uint8Array(SLAB_BYTES);
    slabs.add(slab.buffer);
    used = 0;
  }
  const copy = slab.subarray(used, used + bytes.length);
  copy.set(bytes);
  // Eight-byte aligned, as malloc would.
  used += (bytes.length + 7) & ~7;
  return copy;
}

/**
 * Room in the current slab for a first read of `length` bytes, to read them straight into (as heldBytes would have
 * copied them there: no array of their own to fill, copy and collect); undefined where heldBytes would keep the read's
 * own array. Reserved at once (another file may be read before this one is held): giveBackRoom when it went unused.
 */
export function slabRoom(length: number): Uint8Array | undefined {
  lastReadAt = performance.now();
  if (!idleTimer) armIdleTimer(IDLE_MS);
  if (readsInBurst < SLAB_AFTER_READS || length === 0 || length > SLAB_PIECE_MAX) return undefined;
  if (used + length > slab.length) {
    slab = new Uint8Array(SLAB_BYTES);
    slabs.add(slab.buffer);
    used = 0;
  }
  const room = slab.subarray(used, used + length);
  used += (length + 7) & ~7;
  return room;
}

/** Gives back room slabRoom reserved last and nothing was read into (the bytes were at hand elsewhere). */
export function giveBackRoom(room: Uint8Array): void {
  if (room.buffer === slab.buffer && room.byteOffset + ((room.length + 7) & ~7) === used) used = room.byteOffset;
}

/**
 * A slab another thread filled (read-ahead.ts: shared memory the read-ahead worker read files into): the bytes in it
 * are held where they are, and moved out and let go as this module's own slabs' are.
 */
export function adoptSlab(buffer: ArrayBufferLike): void {
  slabs.add(buffer);
}

/** Whether `bytes` lies in a slab (shared with other files' bytes). */
export function inSlab(bytes: Uint8Array): boolean {
  return slabs.has(bytes.buffer);
}
