// A file-system error in words a user can act on (the CLI's one line, a diagnostic, a refused edit's message).

export function describeFsError(err: unknown): string {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'ENOENT':
      return 'no such file or folder';
    case 'EACCES':
      return 'permission denied (EACCES)';
    case 'EPERM':
      return 'operation not permitted (EPERM: an immutable or append-only file, or a folder that forbids it)';
    case 'ENOTDIR':
      return 'not a folder';
    case 'EISDIR':
      return 'is a folder, not a file (EISDIR)';
    case 'ELOOP':
      return 'too many symbolic links';
    case 'ENOSPC':
      return 'no space left on the disk (ENOSPC)';
    case 'EDQUOT':
      return 'disk quota exceeded (EDQUOT)';
    case 'EROFS':
      return 'the file system is mounted read-only (EROFS)';
    case 'EIO':
      return 'input/output error on the disk (EIO)';
    default:
      return err instanceof Error ? err.message : String(err);
  }
}
