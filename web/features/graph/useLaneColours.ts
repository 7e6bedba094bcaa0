// Each branch's lane colour for the page's theme: the palette (lanePalette.ts) is made from the theme's own status
// and background colours, read from the CSS, and made again when the system switches between light and dark. The
// palette's code (d3) loads after the first screen unless the caller hands it over (the Graph tab's chunk holds it).
import { useMemo, useSyncExternalStore } from 'react';
import type * as Palette from './lanePalette.ts';
import { lazyModule } from './lazyModule.ts';

type PaletteModule = typeof Palette;

const DARK = '(prefers-color-scheme: dark)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(DARK);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const isDark = () => window.matchMedia(DARK).matches;

/** The palette for the theme the page shows now; the same array while the theme stays. */
const palettes = new Map<boolean, string[]>();
function paletteFor(m: PaletteModule, dark: boolean): string[] {
  let p = palettes.get(dark);
  if (!p) {
    const css = getComputedStyle(document.documentElement);
    const v = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
    const status = { active: v('--active', '#1a7f37'), merged: v('--merged', '#8250df'), abandoned: v('--abandoned', '#8c959f'), error: v('--error', '#d1242f') };
    p = m.lanePalette(status, v('--bg', dark ? '#0d1117' : '#ffffff'));
    palettes.set(dark, p);
  }
  return p;
}

const usePalette = lazyModule(() => import('./lanePalette.ts'));

/** Branch name → colour, in the order the layout places the branches; null until the palette's code is in. */
export function useLaneColours(names: readonly string[], given?: PaletteModule): ReadonlyMap<string, string> | null {
  const dark = useSyncExternalStore(subscribe, isDark);
  const lazy = usePalette();
  const m = given ?? lazy;
  return useMemo(() => (m ? m.branchColours(names, paletteFor(m, dark)) : null), [m, names, dark]);
}
