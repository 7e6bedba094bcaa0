// The lanes' colours: a d3 scheme without any colour that could read as a status, so that a lane never says one (the
// status dots and the legend do).
import { hcl, rgb, scaleOrdinal, schemeCategory10 } from 'd3';

export interface StatusColours {
  active: string;
  merged: string;
  abandoned: string;
  /** The page's error colour: a lane near its hue is used last (red lanes read as alarms). */
  error?: string;
}

/** Hues closer than this (degrees, CIE LCh) to a status colour's are left out. */
export const MIN_HUE_DISTANCE = 35;
/** Below this chroma a colour reads as grey, the abandoned status's colour. */
export const MIN_CHROMA = 20;
const MIN_CONTRAST = 3;

function luminance(colour: string): number {
  const c = rgb(colour);
  const lin = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(c.r) + 0.7152 * lin(c.g) + 0.0722 * lin(c.b);
}

/** WCAG contrast ratio of two colours. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

export const hueDistance = (a: number, b: number): number => {
  const d = Math.abs(a - b) % 360;
  return d > 180 ? 360 - d : d;
};

/** Made darker (on a light page) or lighter (on a dark one), keeping its hue, until it stands out enough. */
function standingOut(colour: string, background: string): string {
  const dark = luminance(background) < 0.2;
  const c = hcl(colour);
  for (let i = 0; i < 60 && contrast(c.formatHex(), background) < MIN_CONTRAST; i++) c.l += dark ? 1.5 : -1.5;
  return c.formatHex();
}

/** The lane colours for a page whose status colours and background are these (main's first). */
export function lanePalette(status: StatusColours, background: string): string[] {
  const statusHues = [status.active, status.merged].map((s) => hcl(s).h);
  const alarming = (c: string) => (status.error && hueDistance(hcl(c).h, hcl(status.error).h) < MIN_HUE_DISTANCE ? 1 : 0);
  return schemeCategory10
    .filter((c) => {
      const { h, c: chroma } = hcl(c);
      return chroma >= MIN_CHROMA && Number.isFinite(h) && statusHues.every((s) => hueDistance(h, s) >= MIN_HUE_DISTANCE);
    })
    .sort((a, b) => alarming(a) - alarming(b))
    .map((c) => standingOut(c, background));
}

/**
 * Each branch's colour, by a d3 ordinal scale over the palette in the layout's order of branches (so the same
 * workspace always gets the same colours): main keeps the first colour to itself, the others take the rest in turn.
 */
export function branchColours(names: readonly string[], palette: readonly string[]): Map<string, string> {
  const others = names.filter((n) => n !== 'main');
  const scale = scaleOrdinal<string, string>().domain(others).range(palette.length > 1 ? palette.slice(1) : palette);
  const out = new Map(others.map((n) => [n, scale(n)]));
  out.set('main', palette[0] ?? scale('main'));
  return out;
}
