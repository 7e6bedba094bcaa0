// Reading one branch again, on its own, over temp copies of corpus cases written to by the python writer: the
// parsers a dialect needs, and the one event each kind of change is told by.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readdirSync, readFileSync, truncateSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { StudioEvent } from '../../shared/events.ts';
import { CORPUS } from '../../fixtures/corpus.ts';
import { PythonGccWriter, writerStateFromExpected } from '../demo/python-writer.ts';
import { removeTempCorpusCopies, tempCorpusCopy } from '../test-support/temp-corpus.ts';
import { BranchEntry } from './branch-entry.ts';
import { readNewBranch, refreshBranch, refreshMetadata, sameMetadata } from './branch-refresh.ts';
import { parseMetadata } from '../../shared/gcc/read/metadata.ts';
import type { Publish } from './event-gate.ts';

afterEach(removeTempCorpusCopies);

const clues = { lockFile: false };

async function branchOf(corpusCase: string, name: string) {
  const { gccDir } = tempCorpusCopy(corpusCase);
  const b = new BranchEntry(name, join(gccDir, 'branches', name));
  await readNewBranch(b, clues);
  const events: StudioEvent[] = [];
  const publish: Publish = (e) => {
    const event = { ...e, id: events.length + 1 } as StudioEvent;
    events.push(event);
    return event;
  };
  const expected = JSON.parse(readFileSync(join(CORPUS, 'python', 'expected.json'), 'utf8'));
  return { gccDir, b, events, publish, writer: () => new PythonGccWriter(gccDir, writerStateFromExpected(expected)) };
}

describe('readNewBranch', () => {
  it('reads a branch whole and tells its writer', async () => {
    const { b } = await branchOf('python', 'main');
    expect(b.summary()).toMatchObject({ dialect: 'python', stepCount: 9, commitCount: 3, status: 'active', lastActivity: '2026-12-02T13:58:19.016190+00:00' });
  });

  it('parses a Zig branch again with the escape rules of Zig', async () => {
    const { b } = await branchOf('zig', 'main');
    expect([b.dialect, b.parserDialect, b.version]).toEqual(['zig', 'zig', 1]);
    expect([b.log.records.length, b.commits.records.length]).toEqual([9, 3]);
  });
});

describe('refreshBranch', () => {
  it('publishes appended steps and commits from their index, and nothing when nothing changed', async () => {
    const { b, events, publish, writer } = await branchOf('python', 'main');
    const w = writer();
    w.logStep('main', { observation: 'o', thought: 't', action: 'a' });
    w.commit('main', 'did things');
    await refreshBranch(b, new Set(['log', 'commit']), clues, publish);
    expect(events.map((e) => [e.type, 'from' in e ? e.from : null])).toEqual([
      ['steps-appended', 9],
      ['commits-appended', 3],
    ]);
    expect(b.version).toBe(1);
    expect(b.summary().lastActivity).toBe(b.commits.records.at(-1)!.timestamp);
    await refreshBranch(b, new Set(['all']), clues, publish);
    expect([events.length, b.version]).toEqual([2, 1]);
  });

  it('looks only at the files it is told to', async () => {
    const { b, events, publish, writer } = await branchOf('python', 'main');
    writer().logStep('main', { observation: 'o', thought: 't', action: 'a' });
    await refreshBranch(b, new Set(['commit']), clues, publish);
    expect(events).toEqual([]);
    await refreshBranch(b, new Set(['log']), clues, publish);
    expect(events.map((e) => e.type)).toEqual(['steps-appended']);
  });

  it('says a truncated log is reloaded, and changed metadata is changed', async () => {
    const { gccDir, b, events, publish, writer } = await branchOf('python', 'auth-session');
    const log = join(gccDir, 'branches', 'auth-session', 'log.md');
    truncateSync(log, readFileSync(log).indexOf('### Step 2'));
    await refreshBranch(b, new Set(['log']), clues, publish);
    expect(events.map((e) => e.type)).toEqual(['branch-reloaded']);
    expect(b.summary().stepCount).toBe(1);
    expect(await refreshMetadata(b)).toBe(false);
    writer().merge('auth-session', 'main');
    await refreshBranch(b, new Set(['metadata']), clues, publish);
    const changed = events.at(-1)!;
    expect(changed.type === 'metadata-changed' && [changed.summary.status, changed.summary.mergedInto]).toEqual(['merged', 'main']);
  });

  it('reads an old, unchanged metadata.yaml no more, a rewrite of the same size again, and a recent one every time', async () => {
    const { gccDir, b } = await branchOf('python', 'auth-session');
    const path = join(gccDir, 'branches', 'auth-session', 'metadata.yaml');
    const reads = vi.spyOn(b.source, 'read');
    const metadataReads = () => reads.mock.calls.filter(([p]) => p === path).length;
    try {
      // Just written (the copy): a stamp that young is not trusted, so each look reads the file.
      expect(await refreshMetadata(b)).toBe(false);
      expect(await refreshMetadata(b)).toBe(false);
      expect(metadataReads()).toBe(2);
      // An hour old: read once more to learn its stamp, then a look stops at the stat.
      const hourAgo = new Date(Date.now() - 3_600_000);
      utimesSync(path, hourAgo, hourAgo);
      expect(await refreshMetadata(b)).toBe(false);
      expect(await refreshMetadata(b)).toBe(false);
      expect(metadataReads()).toBe(3);
      // Rewritten in place with the same size and the old times put back: its change time still moved.
      const text = readFileSync(path, 'utf8');
      writeFileSync(path, text.replace('status: active', 'status: merged'));
      utimesSync(path, hourAgo, hourAgo);
      expect(await refreshMetadata(b)).toBe(true);
      expect(b.summary().status).toBe('merged');
      expect(metadataReads()).toBe(4);
    } finally {
      reads.mockRestore();
    }
  });
});

describe('sameMetadata', () => {
  it('says what comparing the readings’ JSON said, for every pair of corpus readings and their edits', () => {
    const files = readdirSync(CORPUS, { recursive: true, encoding: 'utf8' }).filter((p) => p.endsWith('metadata.yaml'));
    const readings = files.map((f) => parseMetadata(new Uint8Array(readFileSync(join(CORPUS, f))), f).metadata);
    // Each field changed alone, to a value and to null.
    const edited = readings.flatMap((m) => (m === null ? [] : Object.keys(m).flatMap((k) => [{ ...m, [k]: `${String(m[k as keyof typeof m])}x` }, { ...m, [k]: null }])));
    const all = [null, ...readings, ...edited.slice(0, 200)];
    expect(readings.length).toBeGreaterThan(50);
    let same = 0;
    for (const a of all) {
      for (const b of all) {
        expect(sameMetadata(a, b)).toBe(JSON.stringify(a) === JSON.stringify(b));
        if (a !== b && sameMetadata(a, b)) same++;
      }
    }
    expect(same).toBeGreaterThan(0);
  });
});
