// The wire contract of the fleet: GET /api/fleet (every workspace's row) and GET /api/fleet/events (rows as they
// change). A row holds the facts the badges are judged from; the judging (badges.ts) runs on the page, with the
// user's thresholds, so a threshold change needs no server round trip.
import type { Dialect } from '../types.ts';

/** What the last few steps of a branch said (the looping badge compares them). */
export interface RecentStep {
  action: string;
  observation: string;
}

export interface BranchHealth {
  name: string;
  status: string | null;
  createdFrom: string | null;
  mergedInto: string | null;
  commitCount: number;
  stepCount: number;
  /** Epoch ms of the newest step (its timestamp, or when the server saw it written, whichever is later); null: none. */
  lastStepAt: number | null;
  /** Steps written after the branch's last commit (all of them when it has none). */
  stepsSinceCommit: number;
  /** The last (at most 5) steps, oldest first, each field cut to 300 characters. */
  recent: RecentStep[];
}

/** `live`: watched; `waiting`: its folder is there but .GCC/ is not (yet); `gone`: no longer found under the roots. */
export type FleetRowState = 'live' | 'waiting' | 'gone';

export interface FleetRow {
  /** The workspace id: its folder's path relative to the root (`?ws=`). */
  id: string;
  /** The folder holding .GCC/, absolute. */
  path: string;
  state: FleetRowState;
  /** Bumped on every change to this row; resume compares it. */
  version: number;
  dialects: Dialect[];
  branches: { active: number; merged: number; abandoned: number; other: number };
  steps: number;
  commits: number;
  /** Epoch ms of the newest step or commit (timestamps, or when seen written); null: nothing yet. */
  lastActivityAt: number | null;
  /** Steps per minute: [epoch minute (ms / 60000, floored), count], oldest first, the last hour only. */
  stepsPerMinute: [number, number][];
  branchHealth: BranchHealth[];
  /** Doctor errors (format problems and what writers left), the first few in words. */
  errors: { count: number; messages: string[] };
  /** Epoch ms of the newest hand edit saved through gcc-studio; null: none. */
  lastEditAt: number | null;
  /** A row read from a git ref (`--git REPO`): which commit it shows, and how current that is. */
  git?: GitRowFacts;
}

export interface GitRowFacts {
  url: string;
  /** refs/heads/gcc/NAME, or a branch whose tree holds .GCC/. */
  ref: string;
  commit: string;
  /** Epoch ms of the tip's author date: when the agent pushed it. */
  pushedAt: number;
  /** Epoch ms of the last fetch that succeeded. */
  fetchedAt: number | null;
  /** The last fetch failed (the row keeps its last state): why, in git's words. */
  stale: string | null;
  /** The ref was rewritten (force-pushed) since it was first read: the commit it no longer descends from. */
  rewrittenFrom: string | null;
}

export interface FleetResponse {
  mode: 'fleet';
  /** Changes with each server process: a resume token from another one is ignored. */
  epoch: string;
  roots: string[];
  rows: FleetRow[];
  /** Things said once for the whole fleet (the inotify limit reached, a folder that cannot be listed). */
  notices: string[];
  /** A fleet read from a git remote (`--git`): the remote its rows come from, as agents push to it. */
  git?: { url: string };
}

export type FleetEvent =
  | { type: 'fleet-row'; ws: string; row: FleetRow }
  /** The ids served now, after a workspace was added (or on connect): rows not named are dropped. */
  | { type: 'fleet-members'; epoch: string; ids: string[] }
  | { type: 'fleet-notices'; notices: string[] };

/** `?since=` of the fleet stream: the row versions the page already has, `id:version` joined by `,`, ids URI-encoded. */
export function encodeFleetSince(versions: ReadonlyMap<string, number>): string {
  return [...versions].map(([id, v]) => `${encodeURIComponent(id)}:${v}`).join(',');
}

export function decodeFleetSince(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const part of text.split(',')) {
    const at = part.lastIndexOf(':');
    if (at <= 0) continue;
    const v = Number(part.slice(at + 1));
    if (!Number.isInteger(v) || v < 0) continue;
    try {
      out.set(decodeURIComponent(part.slice(0, at)), v);
    } catch {
      // A malformed id is simply not known: its row is sent again.
    }
  }
  return out;
}
