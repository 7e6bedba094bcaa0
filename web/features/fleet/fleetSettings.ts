// The fleet page's settings: badge thresholds (kept in local storage; the URL's hash overrides them, so a link can
// carry a short stall threshold), sort, badge filter, name filter and the comparison's height (in the hash, so a
// reload keeps them). Pure parse/serialize, tested.
import { BADGE_KINDS, DEFAULT_THRESHOLDS, type BadgeKind, type BadgeThresholds } from '../../../shared/fleet/badges.ts';

export type FleetSort = 'activity' | 'name' | 'badges';
export type BadgeFilter = BadgeKind | 'all' | 'healthy';

export interface FleetSettings {
  thresholds: BadgeThresholds;
  sort: FleetSort;
  badge: BadgeFilter;
  name: string;
  /** The comparison pane's height in CSS px, as its separator left it; null: as tall as it needs, up to half the window. */
  compareHeight: number | null;
}

/** The hash's key for the comparison's height; a value past these bounds is no height (the page clamps to the window). */
const COMPARE_HEIGHT = { param: 'compare-height', min: 1, max: 100_000 } as const;


const THRESHOLD_KEYS: [keyof BadgeThresholds, string, number, number][] = [
  ['stalledSeconds', 'stall', 1, 7 * 86400],
  ['loopingSteps', 'loop', 2, 100],
  ['similarObservation', 'similar', 0.1, 1],
  ['uncommittedSteps', 'uncommitted', 1, 1_000_000],
];

function number(raw: string | null | undefined, min: number, max: number): number | null {
  if (raw === null || raw === undefined || raw.trim() === '') return null;
  const n = Number(raw);
  return Number.isFinite(n) && n >= min && n <= max ? n : null;
}

function wholePx(raw: string | null): number | null {
  if (raw === null || !/^\d{1,6}$/.test(raw)) return null;
  const n = Number(raw);
  return n >= COMPARE_HEIGHT.min && n <= COMPARE_HEIGHT.max ? n : null;
}

/** Thresholds from stored JSON (bad or missing values fall back to the defaults), then the hash's overrides. */
export function parseFleetSettings(hash: string, stored: string | null): FleetSettings {
  let saved: Record<string, unknown> = {};
  try {
    const parsed: unknown = stored ? JSON.parse(stored) : {};
    if (parsed && typeof parsed === 'object') saved = parsed as Record<string, unknown>;
  } catch {
    // A damaged entry: the defaults.
  }
  const p = new URLSearchParams(hash.replace(/^#/, ''));
  const thresholds = { ...DEFAULT_THRESHOLDS };
  for (const [key, param, min, max] of THRESHOLD_KEYS) {
    thresholds[key] = number(p.get(param), min, max) ?? number(String(saved[key] ?? ''), min, max) ?? DEFAULT_THRESHOLDS[key];
  }
  const sort = p.get('sort');
  const badge = p.get('badge');
  return {
    thresholds,
    sort: sort === 'name' || sort === 'badges' ? sort : 'activity',
    badge: badge === 'healthy' || (BADGE_KINDS as readonly string[]).includes(badge ?? '') ? (badge as BadgeFilter) : 'all',
    name: p.get('name') ?? '',
    compareHeight: wholePx(p.get(COMPARE_HEIGHT.param)),
  };
}

/** The hash for a view (thresholds only when they differ from what is stored, so a shared link carries them). */
export function serializeFleetHash(s: FleetSettings, storedThresholds: BadgeThresholds): string {
  const p = new URLSearchParams();
  if (s.sort !== 'activity') p.set('sort', s.sort);
  if (s.badge !== 'all') p.set('badge', s.badge);
  if (s.name) p.set('name', s.name);
  if (s.compareHeight !== null) p.set(COMPARE_HEIGHT.param, String(Math.round(s.compareHeight)));
  for (const [key, param] of THRESHOLD_KEYS) if (s.thresholds[key] !== storedThresholds[key]) p.set(param, String(s.thresholds[key]));
  const text = p.toString();
  return text ? `#${text}` : '';
}

export const STORAGE_KEY = 'gcc-studio.fleet.thresholds';
