// Record versions: a short fingerprint of what a record says, so an edit can carry "the record as I saw it" and be
// refused when it changed since.
import type { BranchMetadata, Commit, OtaStep } from '../../types.ts';

/** 106 bits of two independent cyrb53 lanes: accidental collisions are out of the question; not a MAC. */
function cyrb53(text: string, seed: number): string {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, '0');
}

/** Version of any list of values (JSON keeps the boundaries between them unambiguous). */
// Computed from the parsed values (the server keeps records, not bytes, and the page computes the same value for
// records that arrive over the live stream). A record's position and byte range are left out on purpose: appends after
// it, or an edit of an earlier record, are no conflict.
export function versionOf(values: readonly (string | number | null)[]): string {
  const text = JSON.stringify(values);
  return `v${cyrb53(text, 0)}${cyrb53(text, 0x9e3779b9)}`;
}

export function commitVersion(c: Pick<Commit, 'commitId' | 'timestamp' | 'branchPurpose' | 'previousProgressSummary' | 'thisCommitContribution'>): string {
  return versionOf(['commit', c.commitId, c.timestamp, c.branchPurpose, c.previousProgressSummary, c.thisCommitContribution]);
}

export function stepVersion(s: Pick<OtaStep, 'step' | 'timestamp' | 'observation' | 'thought' | 'action' | 'mergedFrom'>): string {
  return versionOf(['step', s.step, s.timestamp, s.observation, s.thought, s.action, s.mergedFrom ?? null]);
}

export function metadataVersion(m: BranchMetadata): string {
  return versionOf(['metadata', m.name, m.purpose, m.createdFrom, m.createdAt, String(m.status), m.mergedInto, m.mergedAt]);
}

export function roadmapPartVersion(p: { kind: string; timestamp: string | null; text: string }): string {
  return versionOf(['roadmap', p.kind, p.timestamp, p.text]);
}
