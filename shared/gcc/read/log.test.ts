// Reading log.md against what the agent wrote, whole and from any split point, merges included.
import { describe, expect, it } from 'vitest';
import type { Diagnostic, OtaStep } from '../../types.ts';
import { encodeUtf8, lineAtByte } from './bytes.ts';
import { corpusFiles, expectedFromScript, readCorpus } from '../test-support/corpus.ts';
import { serializeLogHeader, serializeMergeHeader, serializeStep } from '../write/log-write.ts';
import { allDiagnostics, continueLog, parseLog, type LogParseResult } from './log.ts';
import { refreshLog } from '../test-support/refresh.ts';

const dec = new TextDecoder();
const logs = corpusFiles().filter((f) => f.kind === 'log');

function ownSteps(r: LogParseResult): OtaStep[] {
  return r.steps.filter((s) => s.mergedFrom === undefined);
}

describe('parseLog against what the agent wrote (scenario.json, edge.json)', () => {
  const standardKnownLoss = (o: string) => o === 'literal backslash-dash line:\n\\---\nend';
  for (const lang of ['python', 'typescript', 'rust', 'go', 'elixir', 'zig', 'lua'] as const) {
    for (const [script, dir] of [
      ['scenario.json', lang],
      ['edge.json', `edge/${lang}`],
    ] as const) {
      it(`${dir}: every own step of every branch has the values the agent passed in`, () => {
        const expected = expectedFromScript(script, `${dir}/oplog.json`);
        for (const [branch, want] of expected) {
          const r = parseLog(readCorpus(`${dir}/.GCC/branches/${branch}/log.md`), { file: `branches/${branch}/log.md`, dialect: lang });
          const got = ownSteps(r);
          expect(got.length, `${dir} ${branch}: step count`).toBe(want.steps.length);
          got.forEach((s, i) => {
            const w = want.steps[i]!;
            const values = [s.observation, s.thought, s.action];
            const wanted = [w.o ?? '', w.t ?? '', w.a ?? ''];
            for (let k = 0; k < 3; k++) {
              if (values[k] === wanted[k]) continue;
              // The writers' escape cannot tell a written `\---` line from an escaped `---` (all but Zig).
              if (lang !== 'zig' && lang !== 'lua' && standardKnownLoss(wanted[k]!)) {
                expect(values[k]).toBe('literal backslash-dash line:\n---\nend');
                continue;
              }
              // Lua's escape drops dashes that end a line: the probable value is the original minus those.
              if (lang === 'lua') {
                expect(values[k]).toBe(wanted[k]!.replace(/-+(?=\n)/g, ''));
                expect(r.diagnostics.some((d) => d.code === 'lua-escape-corruption')).toBe(true);
                continue;
              }
              expect(values[k], `${dir} ${branch} step ${i + 1}`).toBe(wanted[k]);
            }
            expect(s.timestamp).toMatch(/^\d{4}-\d\d-\d\dT/);
          });
        }
      });
    }
  }

  it('marks steps a merge copied with mergedFrom and exposes the marker', () => {
    const bytes = readCorpus('typescript/.GCC/branches/main/log.md');
    const r = parseLog(bytes, { file: 'branches/main/log.md', dialect: 'typescript' });
    expect(r.merges).toHaveLength(1);
    const m = r.merges[0]!;
    expect(m.branch).toBe('auth-jwt');
    expect(m.timestamp).toBe('2026-12-02T13:58:20.222Z');
    expect(dec.decode(bytes.subarray(m.range.start, m.range.end))).toBe(serializeMergeHeader('auth-jwt', m.timestamp));
    expect(r.steps.map((s) => [s.step, s.mergedFrom])).toEqual([
      [1, undefined], [2, undefined], [3, undefined], [4, undefined], [5, undefined], [6, undefined],
      [1, 'auth-jwt'], [2, 'auth-jwt'], [3, 'auth-jwt'],
    ]);
    expect(r.header?.branch).toBe('main');
    expect(r.diagnostics).toEqual([]);
  });

  it('ends a merged section at the first step written after the merge (edge: step after merge)', () => {
    for (const lang of ['python', 'typescript', 'rust', 'go', 'zig', 'lua', 'elixir'] as const) {
      const r = parseLog(readCorpus(`edge/${lang}/.GCC/branches/main/log.md`), { file: 'branches/main/log.md', dialect: lang });
      const last = r.steps[r.steps.length - 1]!;
      expect(last.observation).toBe('after merge');
      expect(last.mergedFrom, lang).toBeUndefined();
      expect(r.steps[r.steps.length - 2]!.mergedFrom, lang).toBe('flags');
      expect(r.diagnostics.filter((d) => d.code === 'step-number-not-increasing'), lang).toEqual([]);
    }
  });

  it('includes the copied log header of a Zig merge in the marker', () => {
    const bytes = readCorpus('zig/.GCC/branches/main/log.md');
    const r = parseLog(bytes, { file: 'branches/main/log.md', dialect: 'zig' });
    expect(r.merges[0]!.includesSourceHeader).toBe(true);
    const m = r.merges[0]!;
    expect(dec.decode(bytes.subarray(m.range.start, m.range.end))).toBe(serializeMergeHeader('auth-jwt', m.timestamp, 'zig'));
    expect(r.steps.filter((s) => s.mergedFrom === 'auth-jwt')).toHaveLength(3);
  });
});

describe('diagnostics for damaged and unusual logs', () => {
  const codes = (ds: Diagnostic[]) => ds.map((d) => `${d.line}:${d.code}`);

  it('holds a log cut inside a record back as pending, with a warning', () => {
    const bytes = readCorpus('bad/truncated-log/.GCC/branches/main/log.md');
    const r = parseLog(bytes, { file: 'branches/main/log.md' });
    expect(r.steps.map((s) => s.step)).toEqual([1, 2, 3, 4]);
    expect(r.pending?.range).toEqual({ start: r.state.consumed, end: bytes.length });
    expect(dec.decode(bytes.subarray(r.pending!.range.start, r.pending!.range.start + 15))).toBe('### Step 5 — ');
    expect(r.pending?.diagnostic?.code).toBe('incomplete-record');
    expect(r.pending?.diagnostic?.severity).toBe('warning');
    expect(r.pending?.diagnostic?.line).toBe(lineAtByte(bytes, r.pending!.range.start));
    expect(r.diagnostics).toEqual([]);
  });

  it('holds a log cut inside a UTF-8 sequence back as pending and says so', () => {
    const bytes = readCorpus('bad/truncated-log-mid-utf8/.GCC/branches/main/log.md');
    expect(bytes[bytes.length - 1]).toBe(0xe2);
    const r = parseLog(bytes, { file: 'branches/main/log.md' });
    expect(r.steps).toHaveLength(4);
    expect(r.pending?.range.end).toBe(bytes.length);
    expect(r.pending?.diagnostic?.message).toMatch(/inside a UTF-8 sequence/);
    expect(r.diagnostics.filter((d) => d.code === 'invalid-utf8')).toEqual([]);
  });

  it('reports non-UTF-8 bytes with their line and keeps the record ranges in bytes', () => {
    const bytes = readCorpus('bad/non-utf8-log/.GCC/branches/main/log.md');
    const r = parseLog(bytes, { file: 'branches/main/log.md' });
    const bad = r.diagnostics.filter((d) => d.code === 'invalid-utf8');
    expect(bad.map((d) => d.line)).toEqual([12, 12]);
    expect(bad[0]!.message).toMatch(/0xE9/);
    expect(bad[1]!.message).toMatch(/0xFF/);
    expect(bad[0]!.file).toBe('branches/main/log.md');
    expect(r.steps[1]!.observation).toContain('caf\uFFFD \uFFFD');
    for (const s of r.steps) expect(dec.decode(bytes.subarray(s.range.start, s.range.start + 9))).toBe('### Step ');
    expect(r.steps[r.steps.length - 1]!.range.end).toBe(bytes.length);
  });

  it("reports Elixir's corrupted merged timestamps and the bytes behind them", () => {
    const r = parseLog(readCorpus('elixir/.GCC/branches/main/log.md'), { file: 'branches/main/log.md', dialect: 'elixir' });
    const ts = r.diagnostics.filter((d) => d.code === 'corrupted-timestamp');
    expect(ts.map((d) => d.line)).toEqual([64, 72, 80]);
    expect(ts[0]!.message).toContain('probably 2026-12-02T13:58:14.393621Z');
    expect(r.diagnostics.filter((d) => d.code === 'invalid-utf8').map((d) => [d.line, d.message.slice(0, 15)])).toEqual([
      [64, 'Bytes 0x80 0x94'], [72, 'Bytes 0x80 0x94'], [80, 'Bytes 0x80 0x94'],
    ]);
    // Exact strings kept (the bad bytes shown as U+FFFD); the merged section is still recognised.
    expect(r.steps.filter((s) => s.mergedFrom === 'auth-jwt').map((s) => s.timestamp.slice(0, 4))).toEqual(['\uFFFD\uFFFD 2', '\uFFFD\uFFFD 2', '\uFFFD\uFFFD 2']);
  });

  it('reports repeated and non-increasing step numbers, but not the restart of a merged section', () => {
    const r = parseLog(readCorpus('edge/typescript/.GCC/branches/main/log.md'), { file: 'branches/main/log.md', dialect: 'typescript' });
    expect(codes(r.diagnostics)).toEqual(['11:duplicate-step-number', '22:unescaped-separator', '63:step-header-in-value', '100:unescaped-separator']);
    const text = encodeUtf8(
      serializeLogHeader('main') +
        serializeStep({ step: 3, timestamp: 'T', observation: 'a', thought: '', action: '' }) +
        serializeStep({ step: 2, timestamp: 'T', observation: 'b', thought: '', action: '' }),
    );
    const r2 = parseLog(text, { file: 'f' });
    expect(r2.diagnostics.filter((d) => d.code === 'step-number-not-increasing').map((d) => d.line)).toEqual([11]);
  });

  it('reads legacy headers and blocks without a header, and reports each', () => {
    const r = parseLog(readCorpus('edge/legacy-handcrafted/.GCC/branches/main/log.md'), { file: 'branches/main/log.md' });
    expect(r.steps.map((s) => [s.step, s.timestamp, s.observation, s.thought, s.action])).toEqual([
      [1, '2025-06-01T00:00:01+00:00', 'standard em-dash header', 't1', 'a1'],
      [2, '2025-06-01T00:00:02+00:00', 'legacy spaced hyphen header', 't2', 'a2'],
      [3, '2025-06-01T00:00:03+00:00', 'legacy unspaced hyphen header', 't3', 'a3'],
      [4, '2025-06-01T00:00:04+00:00', '', '', 'action-only block'],
      [0, '', 'block without a step header', 't5', ''],
      [6, '2025-06-01T00:00:06+00:00', 'record with CRLF endings', 't6', 'a6'],
    ]);
    expect(codes(r.diagnostics)).toEqual([
      '11:legacy-step-header', '19:legacy-step-header', '27:missing-field', '31:missing-step-header', '31:missing-field', '36:crlf-line-endings',
    ]);
    // Step 7 has no closing `---`: indistinguishable from a writer mid-append, so it is pending.
    expect(r.pending?.diagnostic?.line).toBe(44);
  });

  it('rejoins unescaped `---` lines (Zig) into the value and reports them', () => {
    const r = parseLog(readCorpus('zig/.GCC/branches/main/log.md'), { file: 'branches/main/log.md', dialect: 'zig' });
    expect(r.steps[3]!.observation).toBe(
      'Migration 001_todos.sql written. The generator echoed its front matter:\n---\ntable: todos\ncolumns: id, title, done, created_at\n---\nend of generator output',
    );
    expect(codes(r.diagnostics)).toEqual(['29:unescaped-separator', '32:unescaped-separator']);
  });

  it("detects Lua's escape corruption and gives the probable value", () => {
    const r = parseLog(readCorpus('lua/.GCC/branches/main/log.md'), { file: 'branches/main/log.md', dialect: 'lua' });
    const d = r.diagnostics.filter((x) => x.code === 'lua-escape-corruption');
    expect(d.map((x) => x.line)).toEqual([27, 27]);
    expect(d[0]!.message).toContain('Read as "Migration 001_todos.sql written.');
    // Without knowing the dialect, the pattern is still pointed out (values read the standard way).
    const u = parseLog(readCorpus('lua/.GCC/branches/main/log.md'), { file: 'branches/main/log.md' });
    expect(u.diagnostics.filter((x) => x.code === 'possible-lua-corruption').length).toBeGreaterThan(0);
  });

  it('never throws on arbitrary bytes', () => {
    const samples = [new Uint8Array([0xff, 0xfe, 0x0a, 0x2d, 0x2d, 0x2d, 0x0a]), encodeUtf8('---\n---\n### Step\n'), encodeUtf8('**Action:**'), new Uint8Array(0)];
    for (const s of samples) expect(() => parseLog(s, { file: 'f' })).not.toThrow();
  });
});

/** Parses `bytes` as a prefix of `cut` bytes, then continues; re-parses whole when asked to. */
function inTwoParts(bytes: Uint8Array, cut: number, file: string, dialect: Parameters<typeof parseLog>[1]['dialect']) {
  const a = parseLog(bytes.subarray(0, cut), { file, dialect });
  const b = continueLog(a.state, bytes.subarray(a.state.consumed));
  if (b.needsFullReparse) return { reparsed: true, result: parseLog(bytes, { file, dialect }) };
  return {
    reparsed: false,
    result: {
      header: a.header ?? b.header,
      steps: [...a.steps, ...b.steps],
      merges: [...a.merges, ...b.merges],
      diagnostics: [...a.diagnostics, ...b.diagnostics],
      pending: b.pending,
      state: b.state,
    },
  };
}

function comparable(r: Pick<LogParseResult, 'header' | 'steps' | 'merges' | 'diagnostics' | 'pending' | 'state'>) {
  return { header: r.header, steps: r.steps, merges: r.merges, diagnostics: r.diagnostics, pending: r.pending, state: { ...r.state, fingerprint: [...r.state.fingerprint] } };
}

describe('incremental parsing', () => {
  for (const f of logs) {
    it(`${f.path}: whole == prefix + continuation, for every split point`, () => {
      const whole = comparable(parseLog(f.bytes, { file: f.file, dialect: f.dialect }));
      let reparses = 0;
      for (let cut = 0; cut <= f.bytes.length; cut++) {
        const two = inTwoParts(f.bytes, cut, f.file, f.dialect);
        if (two.reparsed) reparses++;
        expect(comparable(two.result), `cut at ${cut}`).toEqual(whole);
      }
      expect(reparses).toBe(0);
    });
  }

  it('returns only the new step, with the right line numbers, when one is appended', () => {
    const bytes = readCorpus('edge/typescript/.GCC/branches/main/log.md');
    const first = parseLog(bytes, { file: 'branches/main/log.md', dialect: 'typescript' });
    const added = encodeUtf8(serializeStep({ step: 15, timestamp: '2026-12-02T13:58:30.000Z', observation: 'again', thought: '', action: 'x' }));
    const next = continueLog(first.state, added);
    expect(next.steps).toHaveLength(1);
    expect(next.steps[0]!.range).toEqual({ start: bytes.length, end: bytes.length + added.length });
    expect(next.diagnostics.map((d) => [d.line, d.code])).toEqual([[lineAtByte(bytes, bytes.length), 'duplicate-step-number']]);
    expect(next.state.steps).toBe(first.state.steps + 1);
  });

  it('refreshLog continues when the prefix is unchanged and re-parses when it changed', () => {
    const bytes = readCorpus('typescript/.GCC/branches/main/log.md');
    const cut = parseLog(bytes.subarray(0, 900), { file: 'f', dialect: 'typescript' });
    const cont = refreshLog(cut.state, bytes);
    expect(cont.reparsed).toBe(false);
    expect(cut.steps.length + cont.steps.length).toBe(9);
    const edited = bytes.slice();
    edited[cut.state.consumed - 10] = 0x41;
    const again = refreshLog(cut.state, edited);
    expect(again.reparsed).toBe(true);
    expect(again.steps).toHaveLength(9);
    expect(refreshLog(cut.state, bytes.subarray(0, 100)).reparsed).toBe(true);
  });

  it('asks for a full re-parse when a `---` at the end turns out to be inside a value', () => {
    const head = encodeUtf8('# OTA Log — branch `z`\n\n### Step 1 — 2026-01-01T00:00:00Z\n**Observation:** a\n\n**Thought:** t\n\n**Action:** x\n\n---\n');
    const first = parseLog(head, { file: 'f', dialect: 'zig' });
    expect(first.steps).toHaveLength(1);
    const more = continueLog(first.state, encodeUtf8('more of the action\n\n---\n'));
    expect(more.needsFullReparse).toBe(true);
    const whole = parseLog(encodeUtf8(dec.decode(head) + 'more of the action\n\n---\n'), { file: 'f', dialect: 'zig' });
    expect(whole.steps[0]!.action).toBe('x\n\n---\nmore of the action');
    expect(allDiagnostics(whole).map((d) => d.code)).toEqual(['unescaped-separator']);
  });
});
