// The index reads every log exactly as continueLog does, whole or from any split point, and its columns agree with the
// decoded steps: corpus logs, random logs with near-miss times, damaged files.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { largeStepText } from '../../../bench/gen-large.ts';
import { serializeLogHeader, serializeMergeHeader, serializeStep } from '../write/log-write.ts';
import type { Dialect } from '../../types.ts';
import { encodeUtf8 } from './bytes.ts';
import { continueLog, initialLogState, parseLog, type LogParseResult, type LogState } from './log.ts';
import { indexLog, type LogIndexResult } from './log-index.ts';
import { compareTime, recordKey, timestampKey } from './time-key.ts';
import { describeTimestamp } from './timestamp.ts';
import { StepIndex } from './step-index.ts';
import { plainShapeOf } from './step-list.ts';
import { fuzzInputs, seededRandom } from '../test-support/fuzz-inputs.ts';
import { corpusSeedFiles } from '../test-support/fuzz-seeds.ts';

const FILE = 'branches/main/log.md';

/** The index of `bytes` read in pieces cut at `cuts`, and continueLog's reading of the same pieces. */
function both(bytes: Uint8Array, dialect: Dialect | undefined, cuts: number[] = []) {
  const index = new StepIndex(FILE, dialect, (s, e) => bytes.subarray(s, e));
  let iState: LogState = initialLogState({ file: FILE, dialect });
  let pState: LogState = iState;
  const ir: LogIndexResult[] = [];
  const pr: LogParseResult[] = [];
  for (const cut of [...cuts, bytes.length]) {
    if (cut < iState.consumed) continue;
    const a = indexLog(iState, bytes.subarray(iState.consumed, cut), index);
    const b = continueLog(pState, bytes.subarray(pState.consumed, cut));
    ir.push(a);
    pr.push(b);
    if (a.needsFullReparse || b.needsFullReparse) break;
    iState = a.state;
    pState = b.state;
  }
  index.commit();
  return { index, ir, pr };
}

function expectSame(bytes: Uint8Array, dialect: Dialect | undefined, cuts: number[] = [], label = '') {
  const { index, ir, pr } = both(bytes, dialect, cuts);
  expect(ir.length, label).toBe(pr.length);
  for (let k = 0; k < ir.length; k++) {
    const { steps: count, ...restI } = ir[k]!;
    const { steps, ...restP } = pr[k]!;
    expect(restI, `${label} piece ${k}`).toEqual(restP);
    expect(count, label).toBe(steps.length);
  }
  const all = pr.flatMap((r) => r.steps);
  if (pr.some((r) => r.needsFullReparse)) return;
  expect(index.slice(), label).toEqual(all);
  for (let i = 0; i < all.length; i++) {
    const s = all[i]!;
    expect([index.stepAt(i), index.timestampAt(i), index.timeKeyAt(i), index.instantAt(i), index.mergedFromAt(i), index.rangeAt(i)], `${label} #${i}`).toEqual([s.step, s.timestamp, timestampKey(s.timestamp), recordKey(s.timestamp), s.mergedFrom, s.range]);
    const shape = index.plainShapeAt(i);
    if (shape >= 0) expect(plainShapeOf(s), `${label} #${i} proved plain`).toBe(shape);
  }
  // The column at once, as the reader tally reads it.
  expect(Array.from(index.plainShapes(0, all.length)), label).toEqual(all.map((_, i) => index.plainShapeAt(i)));
  // The newest step by timestampKey's order (the first of equals), from the columns, as the decoded steps tell it.
  const newestAfter = (after: [number, number] | null) => {
    let best = -1;
    let key = after;
    all.forEach((s, i) => {
      const k = timestampKey(s.timestamp);
      if (k && (!key || compareTime(k, key) > 0)) [best, key] = [i, k];
    });
    return best;
  };
  expect(index.timestampShapes(0, all.length), label).toEqual(all.map((s) => describeTimestamp(s.timestamp)?.shape ?? null));
  const mid = all.length ? timestampKey(all[all.length >> 1]!.timestamp) : null;
  for (const after of [null, mid]) expect(index.newestIndex(0, all.length, after), label).toBe(newestAfter(after));
  // Decoded one at a time, from the end, as the page and CONTEXT ask.
  for (let i = all.length - 1; i >= Math.max(0, all.length - 7); i--) expect(index.at(i), label).toEqual(all[i]);
}

describe('indexLog equals continueLog', () => {
  const seeds = corpusSeedFiles().filter((f) => f.kind === 'log');

  it('every corpus log, whole and split, in its own dialect and the others', () => {
    expect(seeds.length).toBeGreaterThan(10);
    const rng = seededRandom(7);
    for (const f of seeds) {
      for (const dialect of [undefined, 'python', 'typescript', 'lua', 'zig'] as const) {
        expectSame(f.bytes, dialect, [], `${f.source} ${dialect}`);
        const cuts = [Math.floor(rng() * f.bytes.length), Math.floor(rng() * f.bytes.length)].sort((a, b) => a - b);
        expectSame(f.bytes, dialect, cuts, `${f.source} ${dialect} cut ${cuts}`);
      }
    }
  });

  it('the large log layout (escaped `---` lines, non-ASCII, merge headings), and most records on the fast path', () => {
    let text = '# OTA Log — branch `main`\n\n';
    for (let i = 9990; i <= 10030; i++) text += largeStepText(i, i % 2 ? 'ts' : 'py');
    const bytes = encodeUtf8(text);
    expectSame(bytes, 'typescript');
    expectSame(bytes, 'typescript', [100, 5000, 5001, bytes.length - 3]);
    // Every step a step-by-step append would bring.
    const ends: number[] = [];
    for (let at = text.indexOf('---\n'); at !== -1; at = text.indexOf('---\n', at + 1)) ends.push(encodeUtf8(text.slice(0, at + 4)).length);
    expectSame(bytes, 'typescript', ends);
    const { index } = both(bytes, 'typescript');
    let decoded = 0;
    for (let i = 0; i < index.length; i++) if ((index as unknown as { decoded: Map<number, unknown> }).decoded.has(i)) decoded++;
    // The file header and the merge heading are read on the bytes too (log-headings.ts): no step is decoded.
    expect(decoded).toBe(0);
  });

  it('merged copies and the agent after them, cut at every byte, on the fast path', () => {
    const step = (n: number, ts: string, o = `seen ${n}`) => serializeStep({ step: n, timestamp: ts, observation: o, thought: 'naïve — ✓', action: '' });
    const text =
      serializeLogHeader('main') +
      step(1, '2026-01-01T00:00:01Z') +
      step(2, '2026-01-01T00:00:02.5+02:00') +
      serializeMergeHeader('feat', '2026-01-01T00:01:00Z') +
      step(1, '2026-01-01T00:00:30Z') +
      step(2, '2026-01-01T00:00:40Z', 'a\n---\nb') +
      step(3, '2026-01-01T00:00:50Z') +
      step(3, '2026-01-01T00:02:00Z') +
      step(4, '2026-01-01T00:02:00Z') +
      step(4, '2026-01-01T00:03:00Z');
    const bytes = encodeUtf8(text);
    expectSame(bytes, 'typescript');
    for (let cut = 1; cut < bytes.length; cut++) expectSame(bytes, 'typescript', [cut], `cut at ${cut}`);
    const { index } = both(bytes, 'typescript');
    // Decoded: only the last, whose number does not go up (reported); the steps after the headings are on the fast path.
    expect([...(index as unknown as { decoded: Map<number, unknown> }).decoded.keys()]).toEqual([7]);
    expect(Array.from({ length: index.length }, (_, i) => index.mergedFromAt(i))).toEqual([undefined, undefined, 'feat', 'feat', 'feat', undefined, undefined, undefined]);
  });

  it('blank lines after a closing `---` (the full reader then reads on), cut at every byte', () => {
    const step = (n: number) => serializeStep({ step: n, timestamp: `2026-01-01T00:00:0${n}Z`, observation: `seen ${n}`, thought: '', action: 'a' });
    const bytes = encodeUtf8(serializeLogHeader('main') + step(1) + '\n \n\t\n' + step(2) + '\n' + step(3) + step(4));
    for (let cut = 1; cut < bytes.length; cut++) expectSame(bytes, 'typescript', [cut], `cut at ${cut}`);
  });

  it('logs written from random values (labels, `---` lines, CRLF, unicode, backslashes, near-miss times), at random cuts', () => {
    const line = fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom('---', '\\---', '\\\\---', '', 'Title---', '--- x', '**Thought:** x', '**Action:**', 'a:**b', '## x', '### Step 9 — z', '\r', 'x\r', '\\', 'naïve café — ✓', 'a\u2028b', ' lead', 'trail ', '\u00a0x', 'x\u3000', '\x1f', '😀') },
      { weight: 2, arbitrary: fc.string({ maxLength: 10 }) },
    );
    const value = fc.array(line, { maxLength: 5 }).chain((ls) => fc.constantFrom('\n', '\n', '\r\n').map((nl) => ls.join(nl)));
    const iso = fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
    // Near misses the full reader flags and the fast path must refuse too: a fraction with no digits, a zone without
    // its colon or with another byte in its place, a missing zone, a short field, a fraction too long to scan.
    const nearMiss = fc.tuple(iso, fc.constantFrom<(t: string) => string>(
      (t) => t.replace(/\.\d+Z$/, '.Z'),
      (t) => t.replace(/Z$/, '+05x30'),
      (t) => t.replace(/Z$/, '+0530'),
      (t) => t.replace(/Z$/, '+05:3'),
      (t) => t.replace(/Z$/, ''),
      (t) => t.replace(/Z$/, 'z'),
      (t) => t.replace('T', ' '),
      (t) => t.replace(/:(\d)\d\./, ':$1.'),
      (t) => t.replace(/-(\d\d)-/, '-$1/'),
      (t) => t.replace(/\.\d+Z$/, `.${'1'.repeat(21)}Z`),
      // A byte next to the digits (or a digit elsewhere) in a digit's place, and a mark out of place: the shape is
      // checked a word at a time, each place must still count.
      (t) => t.replace(/^(\d)\d/, '$1/'),
      (t) => t.replace(/^(\d\d\d)\d/, '$1:'),
      (t) => t.replace(/-(\d)\d-/, '-$1\u0660-'),
      (t) => t.replace(/T\d/, 'T\u00b3'),
      (t) => t.replace(/T(\d)\d/, 'T$1?'),
      (t) => t.replace(/:(\d)\d:/, ':$1j:'),
      (t) => t.replace(/:(\d)\d(\.|Z)/, ':$1 $2'),
      (t) => t.replace(/:(\d\d):/, '$1::'),
      (t) => t.replace(/-(\d\d)T/, '-$1t'),
      (t) => t.replace(/^(\d{4})-/, '$1_'),
    )).map(([t, miss]) => miss(t));
    const ts = fc.oneof({ weight: 4, arbitrary: iso }, { weight: 1, arbitrary: nearMiss });
    const item = fc.oneof(
      { weight: 8, arbitrary: fc.record({ o: value, t: value, a: value, ts, n: fc.constantFrom(0, 1, 1, 1, -1) }) },
      { weight: 1, arbitrary: fc.record({ branch: fc.constantFrom('feat', 'x-1'), ts }) },
    );
    fc.assert(
      fc.property(fc.array(item, { maxLength: 10 }), fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 3 }), fc.constantFrom<Dialect | undefined>(undefined, 'typescript', 'lua'), (items, fracs, dialect) => {
        let text = serializeLogHeader('main');
        let n = 0;
        for (const it of items) {
          if ('branch' in it) text += serializeMergeHeader(it.branch, it.ts);
          else text += serializeStep({ step: Math.max(0, (n += it.n)), timestamp: it.ts, observation: it.o, thought: it.t, action: it.a });
        }
        const bytes = encodeUtf8(text);
        expectSame(bytes, dialect, fracs.map((f) => Math.floor(f * bytes.length)).sort((a, b) => a - b));
      }),
      { numRuns: 300 },
    );
  });

  it('damaged corpus logs (cuts, splices, flipped bytes, structure inside values, CRLF, bad UTF-8)', () => {
    const all = corpusSeedFiles();
    const inputs = fuzzInputs(all, 400, 20261204).filter((i) => i.kind === 'log');
    expect(inputs.length).toBeGreaterThan(50);
    const rng = seededRandom(11);
    for (const [k, input] of inputs.entries()) {
      expectSame(input.bytes, 'typescript', [], `#${k} ${input.label}`);
      expectSame(input.bytes, undefined, [Math.floor(rng() * input.bytes.length)], `#${k} ${input.label} split`);
    }
  });

  it('proves plain exactly the values every line reader reads back unchanged, on the fast path', () => {
    // Each written as the observation of a step the fast path reads (checked below).
    // [value, plain, proved plain (when it differs: the proof is conservative there)]
    const cases: [string, boolean, boolean?][] = [
      ['one line', true],
      ['a\nb\nc', true],
      ['a\n---\nb', true],
      ['a\n---\n---\nb', false],
      ['a\n---\nb\nc\n---\nd', true],
      ['a\n---', false],
      ['---\na', false],
      ['\\---\na', false],
      ['a\n\\---\nb', false],
      ['a---', false],
      ['a\nb---\nc', false],
      ['\u00a0a', false],
      ['a\u3000', false],
      ['a\u2028b', false],
      ['a\x1fb', false],
      ['a\x7fb', true],
      ['tab\tinside', true],
      ['x\n\ty', false],
      ['x **Thought:** inside', false],
      ['bold **TODO** x', true],
      ['a ## b', true, false],
      ['a ## Commit b', false],
      ['see **Note:**x', true, false],
      ['naïve café — ✓', true],
      ['— leading dash', true],
      ['😀', true],
    ];
    for (const [v, plain, proved = plain] of cases) {
      const text = serializeLogHeader('m') + serializeStep({ step: 1, timestamp: '2026-01-01T00:00:00Z', observation: 'x', thought: '', action: '' }) + serializeStep({ step: 2, timestamp: '2026-01-01T00:00:01Z', observation: v, thought: 't', action: '' });
      const bytes = encodeUtf8(text);
      expectSame(bytes, 'typescript', [], JSON.stringify(v));
      const { index } = both(bytes, 'typescript');
      expect((index as unknown as { decoded: Map<number, unknown> }).decoded.has(1), `${JSON.stringify(v)} on the fast path`).toBe(false);
      expect(index.plainShapeAt(1), JSON.stringify(v)).toBe(proved ? 0 : -1);
      expect(plainShapeOf(index.at(1)!), JSON.stringify(v)).toBe(plain ? 0 : -1);
    }
  });

  it('a timestamp with any one byte of its date and time changed, as the full reader reads it (the shape is read a word at a time)', () => {
    const base = '2026-07-15T18:42:37.125Z';
    const subs = ['/', ':', '?', '0', '9', 'T', '-', ' ', 'j', '\u00b3', '\u0660', '\x00'];
    let text = serializeLogHeader('m');
    let n = 0;
    for (let at = 0; at < 19; at++) {
      for (const sub of subs) {
        const timestamp = base.slice(0, at) + sub + base.slice(at + 1);
        text += serializeStep({ step: ++n, timestamp, observation: `o${n}`, thought: 't', action: 'a' });
      }
    }
    const bytes = encodeUtf8(text);
    expectSame(bytes, undefined);
    // Some of them are read by the fast path (a digit for a digit), the rest by the full reader.
    const { index, pr } = both(bytes, undefined);
    expect(index.length).toBe(pr[0]!.steps.length);
    expect(pr[0]!.diagnostics.length).toBeGreaterThan(100);
  });

  it('time keys of out-of-range and rolled-over times, on the fast path, as timestampKey and recordKey read them', () => {
    const times = ['2026-02-29T10:00:00.000Z', '2024-02-29T10:00:00.000Z', '2026-13-01T00:00:00Z', '2026-04-31T00:00:00Z', '2026-12-31T23:59:60.5Z', '2026-12-31T24:00:00Z', '0050-02-29T00:00:00Z', '2000-02-29T00:00:00+23:59', '2026-01-01T00:00:00+24:00', '2026-01-01T00:60:00Z', '2026-00-10T00:00:00Z', '2026-01-00T00:00:00Z'];
    let text = serializeLogHeader('m') + serializeStep({ step: 1, timestamp: '2020-01-01T00:00:00Z', observation: 'first', thought: '', action: '' });
    times.forEach((timestamp, k) => (text += serializeStep({ step: k + 2, timestamp, observation: `o${k}`, thought: 't', action: 'a' })));
    expectSame(encodeUtf8(text), 'typescript');
    const { index } = both(encodeUtf8(text), 'typescript');
    expect((index as unknown as { decoded: Map<number, unknown> }).decoded.size).toBe(0);
  });

  it('the columns of a whole parse agree with parseLog', () => {
    const bytes = encodeUtf8(serializeLogHeader('m') + serializeStep({ step: 1, timestamp: '2026-02-30T10:00:00.5+02:00', observation: 'o', thought: '', action: 'a' }));
    const { index } = both(bytes, 'python');
    expect(index.timeKeyAt(0)).toEqual(timestampKey('2026-02-30T10:00:00.5+02:00'));
    expect(index.slice()).toEqual(parseLog(bytes, { file: FILE, dialect: 'python' }).steps);
  });
});
