// `git for-each-ref` lines read into ref tips, and `--refs GLOB` made a for-each-ref pattern: pure, tested alone.

export interface RefTip {
  /** The full name: refs/heads/gcc/laptop-project. */
  ref: string;
  commit: string;
  /** When the tip was authored (epoch seconds): the agent's push. */
  authorTime: number;
}

/** The format asked of for-each-ref: a ref name holds no space, so it goes last, whole. */
export const REF_FORMAT = '%(objectname) %(objecttype) %(authordate:unix) %(refname)';

export function parseRefLines(text: string): RefTip[] {
  const out: RefTip[] = [];
  for (const line of text.split('\n')) {
    const m = /^([0-9a-f]{40}|[0-9a-f]{64}) (\w+) (\d*) (refs\/\S+)$/.exec(line);
    // A tag object or a ref to a tree is no agent's memory.
    if (m && m[2] === 'commit') out.push({ ref: m[4]!, commit: m[1]!, authorTime: Number(m[3] || 0) });
  }
  return out;
}

/** The ref name a fleet row shows and `?ws=` names: refs/heads/ left off. */
export const rowIdOfRef = (ref: string) => ref.replace(/^refs\/heads\//, '');

/** `--refs` as the user wrote it (gcc/*, refs/heads/team-*) → a for-each-ref pattern, or why not. */
export function refPattern(glob: string): { pattern: string } | { problem: string } {
  // eslint-disable-next-line no-control-regex
  if (glob.startsWith('-') || /[\u0000-\u0020\u007f]/.test(glob)) return { problem: `--refs "${glob}" is not a ref pattern` };
  return { pattern: glob.startsWith('refs/') ? glob : `refs/heads/${glob}` };
}

/** The refs always shown when they hold a .GCC/ tree or not (a memory ref with a hostile tree is shown, diagnosed). */
export const isMemoryRef = (ref: string) => ref.startsWith('refs/heads/gcc/');

/**
 * What the mirror fetches for a for-each-ref pattern: only those refs when the pattern can be a refspec (one `*`, or a
 * folder), so `--refs 'gcc/*'` on a huge repository fetches the memory refs' objects and none of the code's.
 */
export function fetchRefspec(pattern: string): string {
  const glob = pattern.endsWith('/') ? `${pattern}*` : pattern;
  const stars = glob.split('*').length - 1;
  if (!glob.startsWith('refs/heads/') || stars > 1 || /[?[\\]/.test(glob)) return '+refs/heads/*:refs/heads/*';
  return `+${glob}:${glob}`;
}
