// main.md: the project roadmap. CONTEXT uses the raw text; the page shows its structure.

import type { ByteRange, Diagnostic } from '../../types.ts';
import { ByteCursor, LineCounter, decodeUtf8 } from './bytes.ts';

export interface RoadmapUpdate {
  /** `## Update (TS)` written by a commit with a roadmap update; null for a headerless appended block. */
  timestamp: string | null;
  text: string;
  /**
   * 'update': `\n## Update (TS)\n{text}\n` (every writer's commit). 'appended': `\n{text}\n` with no
   * heading, as Python's standalone `update_roadmap(c)` writes it; recognised when it follows an update
   * after a blank line and starts with a Markdown heading (`#`). Earlier appends, before any update,
   * cannot be told from the initial roadmap and stay in `body`.
   */
  kind: 'update' | 'appended';
  range: ByteRange;
  line: number;
}

export interface RoadmapParseResult {
  /** The whole file as text (what CONTEXT prints). */
  raw: string;
  /** `**Initialized:** TS`, exactly as written; null when absent. */
  initialized: string | null;
  /** The roadmap given at init (and anything appended before the first update). */
  body: string;
  updates: RoadmapUpdate[];
  diagnostics: Diagnostic[];
}

const UPDATE_RE = /\n\n## Update \(([^\n]*)\)[ \t\r]*\n/g;

/** Parses main.md. Never throws. */
export function parseRoadmap(bytes: Uint8Array, options: { file?: string } = {}): RoadmapParseResult {
  const file = options.file ?? 'main.md';
  const decoded = decodeUtf8(bytes);
  const raw = decoded.text;
  const diagnostics: Diagnostic[] = [];
  const lines = new LineCounter(raw);
  const cursor = new ByteCursor(decoded);
  for (const bad of decoded.invalid) {
    diagnostics.push({ file, line: 0, severity: 'warning', code: 'invalid-utf8', message: `main.md has bytes that are not UTF-8 at byte ${bad.offset}; shown as U+FFFD.` });
  }
  let pos = 0;
  if (raw.startsWith('# Project Roadmap')) {
    const nl = raw.indexOf('\n');
    pos = nl === -1 ? raw.length : nl + 1;
  } else if (raw.length > 0) {
    diagnostics.push({ file, line: 1, severity: 'info', code: 'nonstandard-roadmap-header', message: 'main.md does not start with `# Project Roadmap`.' });
  }
  let initialized: string | null = null;
  const init = /^\n?\*\*Initialized:\*\* ?([^\n]*)\n/.exec(raw.slice(pos, pos + 200));
  if (init) {
    initialized = init[1]!.replace(/\r$/, '');
    pos += init[0].length;
    if (raw.charCodeAt(pos) === 10) pos++;
  } else if (raw.length > 0) {
    if (raw.charCodeAt(pos) === 10) pos++;
    diagnostics.push({ file, line: lines.lineAt(pos), severity: 'info', code: 'missing-initialized', message: 'main.md has no `**Initialized:** TS` line.' });
  }
  // Section starts: each update heading, preceded by the blank line the writers put before it.
  const heads: { at: number; textAt: number; timestamp: string }[] = [];
  UPDATE_RE.lastIndex = Math.max(0, pos - 2);
  let m: RegExpExecArray | null;
  while ((m = UPDATE_RE.exec(raw))) {
    heads.push({ at: m.index + 1, textAt: m.index + m[0].length, timestamp: m[1]! });
    UPDATE_RE.lastIndex = m.index + m[0].length - 1;
  }
  const bodyEnd = heads.length ? heads[0]!.at : raw.length;
  const body = stripOneNewline(raw.slice(pos, bodyEnd));
  const updates: RoadmapUpdate[] = [];
  heads.forEach((h, i) => {
    const end = i + 1 < heads.length ? heads[i + 1]!.at : raw.length;
    const section = raw.slice(h.textAt, end);
    // A later blank line followed by a heading: Python's headerless update_roadmap block.
    const parts: { start: number; text: string }[] = [];
    let from = 0;
    for (;;) {
      const cut = section.indexOf('\n\n#', from);
      if (cut === -1) break;
      parts.push({ start: from, text: section.slice(from, cut + 1) });
      from = cut + 1;
    }
    parts.push({ start: from, text: section.slice(from) });
    parts.forEach((part, k) => {
      const startChar = k === 0 ? h.at : h.textAt + part.start;
      const endChar = h.textAt + part.start + part.text.length;
      updates.push({
        timestamp: k === 0 ? h.timestamp : null,
        text: stripOneNewline(k === 0 ? part.text : part.text.slice(1)),
        kind: k === 0 ? 'update' : 'appended',
        range: { start: cursor.byteAt(startChar), end: cursor.byteAt(endChar) },
        line: lines.lineAt(k === 0 ? h.at + 1 : startChar + 1),
      });
    });
  });
  return { raw, initialized, body, updates, diagnostics };
}

function stripOneNewline(s: string): string {
  return s.endsWith('\n') ? s.slice(0, -1) : s;
}

/** `\n## Update (TS)\n{text}\n`, as a commit with a roadmap update appends it. */
export function serializeRoadmapUpdate(timestamp: string, text: string): string {
  return `\n## Update (${timestamp})\n${text}\n`;
}

/** `\n{text}\n`, as Python's standalone update_roadmap appends it. */
export function serializeRoadmapAppend(text: string): string {
  return `\n${text}\n`;
}

/** A new main.md. */
export function serializeRoadmap(initialized: string, roadmap: string): string {
  return `# Project Roadmap\n\n**Initialized:** ${initialized}\n\n${roadmap}\n`;
}
