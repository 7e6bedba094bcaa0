// Reading main.md, and one without its usual header.
import { describe, expect, it } from 'vitest';
import { encodeUtf8 } from './bytes.ts';
import { readCorpus } from '../test-support/corpus.ts';
import { parseRoadmap, serializeRoadmap, serializeRoadmapAppend, serializeRoadmapUpdate } from './roadmap.ts';

const dec = new TextDecoder();

describe('parseRoadmap', () => {
  it("reads Python's main.md: init text, two commit updates and a headerless update_roadmap block", () => {
    const bytes = readCorpus('python/.GCC/main.md');
    const r = parseRoadmap(bytes);
    expect(r.raw).toBe(dec.decode(bytes));
    expect(r.initialized).toBe('2026-12-02T13:58:02.484554+00:00');
    expect(r.body).toBe('Build a REST API for a todo service (Express + Postgres).\n\nMilestones:\n1. Scaffold project and health check\n2. CRUD endpoints for /todos\n3. Authentication\n4. Deploy');
    expect(r.updates.map((u) => [u.kind, u.timestamp, u.line])).toEqual([
      ['update', '2026-12-02T13:58:11.302650+00:00', 13],
      ['update', '2026-12-02T13:58:19.016190+00:00', 16],
      ['appended', null, 19],
    ]);
    expect(r.updates[2]!.text).toBe('## Status\nAuth: JWT merged into main; the session baseline stays on `auth-session` for comparison.');
    for (const u of r.updates) {
      const original = dec.decode(bytes.subarray(u.range.start, u.range.end));
      expect(original).toBe(u.kind === 'update' ? serializeRoadmapUpdate(u.timestamp!, u.text) : serializeRoadmapAppend(u.text));
    }
    expect(r.updates[2]!.range.end).toBe(bytes.length);
    expect(r.diagnostics).toEqual([]);
  });

  it('round-trips a roadmap built the way the writers build it', () => {
    const text = serializeRoadmap('T0', 'Plan — ✓\n\nsteps') + serializeRoadmapUpdate('T1', 'first') + serializeRoadmapUpdate('T2', 'second\nline');
    const r = parseRoadmap(encodeUtf8(text));
    expect(r.body).toBe('Plan — ✓\n\nsteps');
    expect(r.updates.map((u) => [u.timestamp, u.text])).toEqual([['T1', 'first'], ['T2', 'second\nline']]);
    expect(r.updates[0]!.range.start).toBe(encodeUtf8(serializeRoadmap('T0', 'Plan — ✓\n\nsteps')).length);
  });

  it('reports a main.md without the usual header instead of failing', () => {
    const r = parseRoadmap(readCorpus('edge/legacy-handcrafted/.GCC/main.md'));
    expect(r.body).toBe('Hand-written legacy/variant log.');
    expect(r.diagnostics.map((d) => d.code)).toEqual(['missing-initialized']);
  });
});
