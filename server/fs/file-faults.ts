// Makes one of our own file operations fail as a disk would, or kills the process at that point: for tests and
// `npm run attack` only. Nothing in the product installs a hook, so every operation runs as written.

/**
 * `renamed`: just after a replace's rename, before anything else (a crash after the last write of a merge).
 * `lock-dir-made`: just after `mkdir .GCC/.lock_dir`, before our record goes inside (Lua's lock, workspace-lock.ts).
 */
export type FaultOp = 'read' | 'write' | 'append' | 'rename' | 'renamed' | 'lock-dir-made';

export interface Fault {
  /** For `write` and `append`: how many bytes of the data reach the file before the fault. Default 0. */
  writeFirst?: number;
  /** Thrown after those bytes. */
  error?: NodeJS.ErrnoException;
  /** SIGKILL this process after those bytes instead: a crash at exactly this point. */
  kill?: boolean;
}

export type FaultHook = (op: FaultOp, path: string) => Fault | null;

let hook: FaultHook | null = null;

/**
 * Installs the hook (one at a time); returns its removal. The seam sits in the reads and writes of edits and merges
 * (safe-open.ts, write/atomic-write.ts) and replaces one operation's outcome, never the store or the writer around it;
 * a real small file system (tmpfs) or a real mode is used instead wherever the machine allows it.
 */
export function injectFaults(next: FaultHook): () => void {
  hook = next;
  return () => {
    if (hook === next) hook = null;
  };
}

/** The fault planned for this operation, or null (always null unless a test installed a hook). */
export function faultAt(op: FaultOp, path: string): Fault | null {
  return hook ? hook(op, path) : null;
}

/** An error shaped as Node's own for a failed system call. */
export function errnoError(code: string, syscall: string, path: string): NodeJS.ErrnoException {
  const messages: Record<string, string> = {
    ENOSPC: 'no space left on device',
    EACCES: 'permission denied',
    EPERM: 'operation not permitted',
    EIO: 'i/o error',
    EDQUOT: 'disk quota exceeded',
  };
  const err = new Error(`${code}: ${messages[code] ?? 'injected fault'}, ${syscall} '${path}'`) as NodeJS.ErrnoException;
  err.code = code;
  err.syscall = syscall;
  err.path = path;
  return err;
}

/** Runs a planned fault after its bytes were written: a kill never returns, an error is thrown. */
export async function endWithFault(fault: Fault): Promise<never> {
  if (fault.kill) {
    process.kill(process.pid, 'SIGKILL');
    // The signal ends the process before this resolves.
    await new Promise(() => {});
  }
  throw fault.error ?? new Error('injected fault');
}
