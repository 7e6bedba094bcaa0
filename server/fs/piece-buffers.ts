// Reused buffers for reading big files in pieces: a fresh buffer's pages cost ~3 ms a MB the first time they are
// touched (150 ms for a 50 MB log), a reused one nothing.
/** Small pieces get their own bytes, which cost little. */
export const POOLED_FROM = 256 * 1024;
/** For the reads that run at once (branches are read 16 at a time). */
const KEPT = 2;
const free: Uint8Array[] = [];

/** Runs `use` with a buffer of at least `bytes` bytes (pooled when large); the buffer is only `use`'s until it settles. */
export async function withPieceBuffer<T>(bytes: number, use: (buffer: Uint8Array | undefined) => Promise<T>): Promise<T> {
  if (bytes < POOLED_FROM) return use(undefined);
  const at = free.findIndex((b) => b.length >= bytes);
  const buffer = at === -1 ? new Uint8Array(bytes) : free.splice(at, 1)[0]!;
  try {
    return await use(buffer);
  } finally {
    free.push(buffer);
    // Keep the largest few.
    free.sort((a, b) => b.length - a.length);
    if (free.length > KEPT) free.length = KEPT;
  }
}
