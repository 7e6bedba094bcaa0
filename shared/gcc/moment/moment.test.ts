// Reading a moment (a time or a record) and the memory at it.
import { describe, expect, it } from 'vitest';
import type { Commit, OtaStep } from '../../types.ts';
import { arrayStepList } from '../read/step-list.ts';
import { WorkspaceTimeline, type BranchNow } from './memory-at.ts';
import { MomentError, parseMoment } from './moment.ts';
import { RecordTimes } from './record-times.ts';
import { formatKey, isoKey, recordKey } from '../read/time-key.ts';

describe('parseMoment', () => {
  it('reads ISO 8601 times with any offset, to the nanosecond', () => {
    const m = parseMoment('2026-12-02T15:58:05.123456789+02:00');
    expect(m.kind === 'time' && formatKey(m.key)).toBe('2026-12-02T13:58:05.123456789Z');
    expect(parseMoment('2026-12-02T13:58:05Z')).toMatchObject({ kind: 'time', key: isoKey('2026-12-02T13:58:05+00:00') });
  });

  it('reads record moments, also of branch names holding @', () => {
    expect(parseMoment('main@step:412')).toEqual({ kind: 'record', text: 'main@step:412', branch: 'main', file: 'step', position: 412 });
    expect(parseMoment('a@b@commit:2')).toMatchObject({ branch: 'a@b', file: 'commit', position: 2 });
  });

  it.each([
    ['', /empty moment/],
    ['yesterday', /neither an ISO 8601 time/],
    ['2026-12-02', /time of day/],
    ['2026-12-02T13:58:05', /offset/],
    ['2026-02-31T13:58:05Z', /not a valid ISO 8601 time/],
    ['2026-12-02T25:00:00Z', /not a valid/],
    ['main@step:0', /whole number from 1/],
    ['main@step:-1', /whole number from 1/],
    ['main@commit:x', /whole number from 1/],
  ])('refuses %j with a clear reason', (input, reason) => {
    expect(() => parseMoment(input)).toThrow(MomentError);
    expect(() => parseMoment(input)).toThrow(reason);
  });
});

describe('recordKey', () => {
  it('takes the time inside a damaged header (Elixir) and gives null for none', () => {
    expect(recordKey('\uFFFD 2026-12-02T13:58:14.393621Z')).toEqual(isoKey('2026-12-02T13:58:14.393621Z'));
    expect(recordKey('soon')).toBeNull();
  });
});

const key = (s: string) => isoKey(s)!;
const T = (sec: number) => `2026-12-02T13:58:${String(sec).padStart(2, '0')}Z`;

describe('RecordTimes.cut', () => {
  const noMerge = () => null;
  it('cuts by bisection, the records at the moment included, ties in file order', () => {
    const t = new RecordTimes('log.md');
    t.append([1, 2, 2, 3].map((s) => ({ key: key(T(s)) })));
    expect(t.cut(key(T(2)), noMerge)).toEqual({ count: 3, reasons: [] });
    expect(t.cut(key(T(0)), noMerge).count).toBe(0);
  });

  it('says so when records are out of time order', () => {
    const t = new RecordTimes('log.md');
    t.append([1, 5, 3].map((s) => ({ key: key(T(s)) })));
    const cut = t.cut(key(T(4)), noMerge);
    expect(cut.count).toBe(1);
    expect(cut.reasons[0]).toMatch(/^log\.md: records are out of time order/);
  });

  it('lets an untimed record stand with the one before it, and says its own time is unknown at the edge', () => {
    const t = new RecordTimes('log.md');
    t.append([{ key: key(T(1)) }, { key: null }, { key: key(T(5)) }]);
    expect(t.cut(key(T(2)), noMerge).count).toBe(2);
    expect(t.cut(key(T(2)), noMerge).reasons[0]).toMatch(/record 2 has no time of its own/);
    expect(t.cut(key(T(6)), noMerge)).toEqual({ count: 3, reasons: [] });
  });

  it('dates merged records by the merge, and says so when the merge has no time', () => {
    const t = new RecordTimes('log.md');
    t.append([{ key: key(T(1)) }, { key: key(T(2)), mergedFrom: 'x' }, { key: key(T(3)), mergedFrom: 'x' }, { key: key(T(9)) }]);
    expect(t.cut(key(T(5)), () => key(T(8))).count).toBe(1);
    expect(t.cut(key(T(8)), () => key(T(8))).count).toBe(3);
    const undated = t.cut(key(T(5)), noMerge);
    expect(undated.count).toBe(3);
    expect(undated.reasons[0]).toMatch(/merged from x have no merged_at/);
  });
});

function branch(name: string, created: number, steps: number[], extra: Partial<BranchNow> = {}): BranchNow {
  return {
    name,
    dialect: 'go',
    metadata: { name, purpose: 'p', createdFrom: 'main', createdAt: T(created), status: 'active', mergedInto: null, mergedAt: null },
    steps: arrayStepList(steps.map((s, i) => ({ step: i + 1, timestamp: T(s), observation: 'o', thought: 't', action: 'a', range: { start: i, end: i + 1 } }) as OtaStep)),
    commits: [] as Commit[],
    ...extra,
  };
}

describe('WorkspaceTimeline.resolve', () => {
  const tl = new WorkspaceTimeline();
  tl.sync({ roadmap: `# Project Roadmap\n\n**Initialized:** ${T(0)}\n\nr\n`, branches: [branch('main', 0, [1, 2]), branch('b', 3, [4])], edits: [] });

  it.each([
    [T(0).replace(':00Z', ':00+01:00'), /before the workspace began \(2026-12-02T13:58:00Z\)/],
    ['nope@step:1', /no branch "nope" \(branches: main, b\)/],
    ['main@step:3', /main has 2 steps/],
    ['b@commit:1', /b has 0 commits/],
  ])('refuses %s', (moment, reason) => {
    expect(() => tl.at(moment)).toThrow(MomentError);
    expect(() => tl.at(moment)).toThrow(reason);
  });

  it('shows a branch only from its created_at, and a record moment just after its record', () => {
    expect(tl.at(T(2)).branches.map((b) => b.name)).toEqual(['main']);
    const at = tl.at('main@step:1');
    expect(at.moment.time).toBe(T(1));
    expect(at.branches[0]!.steps).toHaveLength(1);
  });
});

describe('a record moment beside a record of the same second', () => {
  it('shows the other record and says the order cannot be told', () => {
    const tl = new WorkspaceTimeline();
    const main = branch('main', 0, [1, 5]);
    const commit = { commitId: 'c', branchName: 'main', branchPurpose: 'p', previousProgressSummary: 's', thisCommitContribution: 'c', timestamp: T(5), range: { start: 0, end: 1 } };
    tl.sync({ roadmap: '', branches: [{ ...main, commits: [commit] }], edits: [] });
    const at = tl.at('main@commit:1');
    expect(at.branches[0]!.steps).toHaveLength(2);
    expect(at.reasons).toEqual([expect.stringMatching(/^branches\/main\/log\.md: record 2 has the same time as main's commit 1/)]);
    expect(tl.at(T(5)).reasons).toEqual([]);
  });
});

describe('main.md with what the server watched', () => {
  const raw = `# Project Roadmap\n\n**Initialized:** ${T(0)}\n\nr\n\n## Update (${T(2)})\nu\n`;
  const appended = `${raw}\n## Status\nlater\n`;
  const tl = new WorkspaceTimeline();
  const size = (s: string) => new TextEncoder().encode(s).length;

  it('dates a block appended without a time by when the server saw it arrive', () => {
    tl.sync({ roadmap: appended, branches: [branch('main', 0, [1])], edits: [], roadmapObserved: [{ at: T(3), size: size(raw) }, { at: T(5), size: size(appended) }] });
    expect(tl.at(T(4))).toMatchObject({ roadmap: raw, reasons: [] });
    expect(tl.at(T(5))).toMatchObject({ roadmap: appended, reasons: [] });
    tl.sync({ roadmap: appended, branches: [branch('main', 0, [1])], edits: [] });
    expect(tl.at(T(4)).reasons[0]).toMatch(/^main\.md: the part at line 10 has no time of its own/);
  });

  it('travels back over a rewrite it watched', () => {
    tl.sync({ roadmap: `# Project Roadmap\n\n**Initialized:** ${T(0)}\n\nrewritten\n`, branches: [branch('main', 0, [1])], edits: [], roadmapObserved: [{ at: T(6), before: raw }] });
    expect(tl.at(T(5)).roadmap).toBe(raw);
    expect(tl.at(T(7)).roadmap).toContain('rewritten');
  });
});
