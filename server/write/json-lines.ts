// A log of JSON lines beside .GCC/ (gcc-studio's own records: the edit history, the merge history): read once and
// kept, appended to durably, never through a link. A line torn by a crash, or one written by something else, is
// skipped rather than losing the rest.
import { lstat, mkdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { appendFileDurable } from './atomic-write.ts';

export interface JsonLines<T> {
  readonly path: string;
  /** Oldest first. */
  list(): Promise<T[]>;
  append(entry: T): Promise<void>;
}

/** `fresh`: read the file on every list (another instance, start-up recovery, may append to it too). */
export function createJsonLines<T>(path: string, isEntry: (value: unknown) => value is T, options: { fresh?: boolean } = {}): JsonLines<T> {
  let loaded: Promise<T[]> | null = null;
  const read = (): Promise<T[]> =>
    readFile(path, 'utf8').then(
      (text) =>
        text
          .split('\n')
          .filter((line) => line.trim() !== '')
          .flatMap((line) => {
            try {
              const v: unknown = JSON.parse(line);
              return isEntry(v) ? [v] : [];
            } catch {
              return [];
            }
          }),
      (err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return [];
        throw err;
      },
    );
  const load = (): Promise<T[]> => (options.fresh ? read() : (loaded ??= read()));
  return {
    path,
    list: async () => [...(await load())],
    async append(entry) {
      const entries = options.fresh ? null : await load();
      await mkdir(dirname(path), { recursive: true });
      // Never through a link: the record must not be appended to a file elsewhere.
      if ((await lstat(dirname(path))).isSymbolicLink()) throw Object.assign(new Error(`${dirname(path)} is a symbolic link`), { code: 'ELOOP' });
      await appendFileDurable(path, `${JSON.stringify(entry)}\n`);
      entries?.push(entry);
    },
  };
}
