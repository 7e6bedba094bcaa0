// The history of hand edits, one JSON line per edit or undo in <project>/.gcc-studio/edits.jsonl: outside .GCC/, so no
// Contexa implementation ever reads it.
import { dirname, join } from 'node:path';
import type { EditEntry } from '../../shared/gcc/write/edit.ts';
import { createJsonLines } from './json-lines.ts';

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
  const lines = createJsonLines(path, isEntry);
  return {
    path,
    list: () => lines.list(),
    find: async (id) => (await lines.list()).find((e) => e.id === id),
    append: (entry) => lines.append(entry),
  };
}
