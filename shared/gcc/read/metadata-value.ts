// One value of metadata.yaml as we read it: its text exactly as in the file (never a boolean, a date or an expanded alias),
// and a diagnostic where another reader would see something else.

import { isAlias, isMap, isScalar, isSeq, parseDocument, type LineCounter } from 'yaml';
import type { Document, Node as YamlNode, ScalarTag } from 'yaml';
import type { Diagnostic, Severity } from '../../types.ts';
import { TIMESTAMP_KEYS, type MetadataKey } from './metadata-keys.ts';

/**
 * How metadata.yaml is parsed (metadata.ts adds its line counter). uniqueKeys off: duplicates are reported instead of
 * failing the whole file. prettyErrors off: it quotes the source around every error and took 1.7 s on 5 KB of
 * damaged text (found by the format fuzz); the first error's line and column are worked out from its offset instead.
 */
export const YAML_OPTIONS = { version: '1.1', uniqueKeys: false, prettyErrors: false } as const;

let yaml11Tags: ScalarTag[] | null = null;

/**
 * What the yaml library makes of a plain scalar in a value, exactly as its composer does (composeScalar): the first
 * default tag of the YAML 1.1 schema whose test matches resolves it, else it is text. null when resolving reports
 * an error (the document would have one: the caller reads the file with the parser instead).
 */
export function resolvePlainScalar(source: string): { value: unknown } | null {
  // The schema of a document parsed with the same options: the very tags, in the order, the composer tries.
  yaml11Tags ??= parseDocument('', YAML_OPTIONS).schema.tags.filter((t): t is ScalarTag => t.default === true && !t.collection && t.test !== undefined);
  const tag = yaml11Tags.find((t) => t.test?.test(source));
  if (tag === undefined) return { value: source };
  let failed = false;
  try {
    const value = tag.resolve(source, () => (failed = true), YAML_OPTIONS);
    return failed ? null : { value: isScalar(value) ? value.value : value };
  } catch {
    return null;
  }
}

/** How a value is spelled in the file. `unparsed`: the file is not valid YAML, judged from its first character. */
export type ScalarSpelling = 'plain' | 'single' | 'double' | 'folded' | 'literal' | 'alias' | 'collection';

/** The diagnostics of the metadata.yaml being read, and how to add one. */
export interface Reader {
  file: string;
  diagnostics: Diagnostic[];
  report(line: number, severity: Severity, code: string, message: string): void;
}

export function makeReader(file: string): Reader {
  const diagnostics: Diagnostic[] = [];
  return {
    file,
    diagnostics,
    report(line, severity, code, message) {
      diagnostics.push({ file, line, severity, code, message });
    },
  };
}

const SPELLING_OF_TYPE: Record<string, ScalarSpelling> = {
  PLAIN: 'plain',
  QUOTE_SINGLE: 'single',
  QUOTE_DOUBLE: 'double',
  BLOCK_FOLDED: 'folded',
  BLOCK_LITERAL: 'literal',
};

const isYamlNullWord = (source: string): boolean => /^(?:~|null|Null|NULL|)$/.test(source);

/** Number of scalars an alias would expand to, memoised so a billion laughs costs nine steps. */
function expansionSize(node: unknown, doc: Document, memo: Map<unknown, number>, depth = 0): number {
  if (depth > 100) return Number.POSITIVE_INFINITY;
  const known = memo.get(node);
  if (known !== undefined) return known;
  let size = 1;
  if (isAlias(node)) {
    const target = node.resolve(doc);
    size = target === undefined ? 1 : expansionSize(target, doc, memo, depth + 1);
  } else if (isSeq(node)) {
    size = node.items.reduce<number>((sum, item) => sum + expansionSize(item, doc, memo, depth + 1), 0);
  } else if (isMap(node)) {
    size = node.items.reduce<number>((sum, pair) => sum + expansionSize(pair.value, doc, memo, depth + 1), 0);
  }
  memo.set(node, size);
  return size;
}

export interface ReadValue {
  value: string | null;
  spelling: ScalarSpelling;
  /** The value's text as it stands in the file. */
  raw: string;
  line: number;
}

/** Read one value node without ever resolving tags into Dates, booleans or expanded aliases. */
export function readValueNode(
  key: MetadataKey | string,
  node: YamlNode | null,
  doc: Document,
  text: string,
  lines: LineCounter,
  reader: Reader,
): ReadValue {
  const range = node?.range;
  const line = range ? lines.linePos(range[0]).line : 0;
  const raw = range ? text.slice(range[0], range[1]) : '';
  if (node === null) return { value: null, spelling: 'plain', raw: '', line };
  if (isAlias(node)) {
    const target = node.resolve(doc);
    if (isScalar(target)) {
      reader.report(line, 'warning', 'yaml-alias', `\`${key}\` is an alias (*${node.source}) to a scalar; read as its text.`);
      return { value: String(target.source ?? target.value ?? ''), spelling: 'alias', raw, line };
    }
    const size = expansionSize(node, doc, new Map());
    const shown = Number.isFinite(size) ? size.toLocaleString('en-US') : 'an unbounded number of';
    reader.report(
      line,
      'error',
      'yaml-alias-bomb',
      `\`${key}\` is an alias (*${node.source}) to a collection that expands to ${shown} scalars. Not expanded: ` +
        'PyYAML returns a list here, js-yaml spends seconds expanding it, the line-based readers see the text ' +
        `"*${node.source}".`,
    );
    return { value: null, spelling: 'alias', raw, line };
  }
  if (!isScalar(node)) {
    reader.report(line, 'error', 'non-string-value', `\`${key}\` holds a ${isSeq(node) ? 'list' : 'mapping'}, not text.`);
    return { value: null, spelling: 'collection', raw, line };
  }
  const spelling = SPELLING_OF_TYPE[node.type ?? 'PLAIN'] ?? 'plain';
  return readScalar(key, spelling, String(node.source ?? node.value ?? ''), node.value, raw, line, reader);
}

/**
 * A scalar's reading from its spelling, its text (`source`, escapes undone) and what YAML 1.1 resolves it to
 * (`resolved`: a boolean, a number, a Date, null or the text): the yaml document's nodes (readValueNode) and the
 * writers' layouts read without a parser (metadata-scan.ts) both end here.
 */
export function readScalar(key: MetadataKey | string, spelling: ScalarSpelling, source: string, resolved: unknown, raw: string, line: number, reader: Reader): ReadValue {
  if (spelling === 'plain' && isYamlNullWord(source)) return { value: null, spelling, raw, line };
  if (spelling === 'plain') {
    if (typeof resolved === 'boolean') {
      reader.report(
        line,
        'warning',
        'yaml-1.1-boolean',
        `\`${key}: ${source}\` is unquoted: YAML 1.1 readers (PyYAML, so Python's Contexa) read it as the boolean ` +
          `${resolved}, YAML 1.2 readers as text. Shown as the text "${source}".`,
      );
    } else if (typeof resolved === 'number' || typeof resolved === 'bigint') {
      reader.report(line, 'warning', 'yaml-number', `\`${key}: ${source}\` is unquoted: YAML readers take it for a number. Shown as the text.`);
    } else if (resolved instanceof Date) {
      if (TIMESTAMP_KEYS.has(key as MetadataKey)) {
        reader.report(
          line,
          'info',
          'yaml-unquoted-timestamp',
          `\`${key}\` is an unquoted timestamp (Rust and Zig write it so): PyYAML and js-yaml readers get a date object. Kept as the exact text.`,
        );
      } else {
        reader.report(line, 'warning', 'yaml-timestamp', `\`${key}: ${source}\` is unquoted and YAML readers take it for a date. Shown as the text.`);
      }
    }
  }
  return { value: source, spelling, raw, line };
}
