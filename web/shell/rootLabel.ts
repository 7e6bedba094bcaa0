// What the header shows of a workspace's root: a folder as it is; a row read from git (its root is "URL REF", as
// server/git/git-fleet.ts names it) as the remote, which the row's own name does not say, written to be cut from its
// start like a folder: no scheme, no user, so the repository's name is the part kept.
const REF = / refs\/\S+$/;

export interface RootLabel {
  /** The text to show, cut from its start when long. */
  place: string;
  /** The git ref the workspace is read from, when it is one; null: a folder. */
  ref: string | null;
}

export function rootLabel(root: string): RootLabel {
  const ref = REF.exec(root);
  if (!ref) return { place: root, ref: null };
  const url = root.slice(0, ref.index);
  return { place: remotePlace(url), ref: ref[0].slice(1) };
}

/** file:///srv/a.git → /srv/a.git; https://user:secret@host/org/a.git → host/org/a.git; git@host:org/a → host:org/a. */
export function remotePlace(url: string): string {
  const scheme = /^([a-z][a-z0-9+.-]*):\/\/(.*)$/i.exec(url);
  if (scheme) {
    if (scheme[1]!.toLowerCase() === 'file') return scheme[2]!.replace(/^localhost(?=\/)/, '');
    return scheme[2]!.replace(/^[^/@]*@/, '');
  }
  const scp = /^[\w.-]+@([^:/]+:.*)$/.exec(url);
  return scp ? scp[1]! : url;
}
