// The history of hand edits, one JSON line per edit or undo in <project>/.gcc-studio/edits.jsonl: outside .GCC/, so no
// Contexa implementation ever reads it.
import { lstat, mkdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { EditEntry } from '../../shared/gcc/write/edit.ts';
import { appendFileDurable } from './atomic-write.ts';

// Each line says when, which record(s), the values before and after, and the record versions on both sides (what Undo
// checks against).
export const HISTORY_DIR = '.gcc-studio';
export const HISTORY_FILE = 'edits.jsonl';

/** Where the history of a .GCC/ folder lives: `<the folder holding .GCC/>/.gcc-studio/edits.jsonl`. */
export function historyPathFor(gccDir: string): string {
  return join(dirname(gccDir), HISTORY_DIR, HISTORY_FILE);
}

export interface EditHistory {
  readonly path: string;
  /** Oldest first. */
  list(): Promise<EditEntry[]>;
  find(id: string): Promise<EditEntry | undefined>;
  append(entry: EditEntry): Promise<void>;
}

function isEntry(value: unknown): value is EditEntry {
  const v = value as Partial<EditEntry> | null;
  return typeof v === 'object' && v !== null && typeof v.id === 'string' && typeof v.at === 'string' && typeof v.file === 'string' && Array.isArray(v.changes);
}

export function createEditHistory(path: string): EditHistory {
  let loaded: Promise<EditEntry[]> | null = null;
  const load = (): Promise<EditEntry[]> =>
    (loaded ??= readFile(path, 'utf8').then(
      (text) =>
        text
          .split('\n')
          .filter((line) => line.trim() !== '')
          .flatMap((line) => {
            // A line torn by a crash, or written by something else, is skipped rather than losing the rest.
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
    ));
  return {
    path,
    list: async () => [...(await load())],
    find: async (id) => (await load()).find((e) => e.id === id),
    async append(entry) {
      const entries = await load();
      await mkdir(dirname(path), { recursive: true });
      // Never through a link: the history must not be appended to a file elsewhere.
      if ((await lstat(dirname(path))).isSymbolicLink()) throw Object.assign(new Error(`${dirname(path)} is a symbolic link`), { code: 'ELOOP' });
      await appendFileDurable(path, `${JSON.stringify(entry)}\n`);
      entries.push(entry);
    },
  };
}
