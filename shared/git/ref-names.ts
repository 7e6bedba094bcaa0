// Names of the refs gcc-studio pushes to, and the remote URLs it accepts: pure, so every rule is unit-tested.

/** The folder every agent's memory is pushed under: refs/heads/gcc/<name>. */
export const GCC_REF_PREFIX = 'refs/heads/gcc/';

/**
 * `host` and `folder` made one valid ref name part: what git forbids (spaces, `~^:?*[\`, control characters, `..`,
 * a leading `.` or `-`, a trailing `.lock` or `.`) becomes `-`.
 */
export function defaultRefName(host: string, folder: string): string {
  const part = (s: string) =>
    s
      .normalize('NFC')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0020\u007f~^:?*[\\\]@{}/]+/g, '-')
      .replace(/\.{2,}/g, '-')
      .replace(/^[.-]+|[.-]+$/g, '')
      .replace(/\.lock$/i, '-lock');
  return `${part(host) || 'host'}-${part(folder) || 'workspace'}`;
}

/** `--ref` as the user wrote it (gcc/NAME, NAME, or refs/heads/gcc/NAME) → the full ref, or why not. */
export function pushRef(given: string): { ref: string } | { problem: string } {
  const name = given.replace(/^refs\/heads\//, '').replace(/^gcc\//, '');
  if (!name) return { problem: '--ref needs a name after gcc/' };
  // git's check-ref-format rules, the ones a name can break.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0020\u007f~^:?*[\\]|\.\.|@\{|\/\/|^\/|\/$|\.$|\.lock(\/|$)|(^|\/)\./.test(name) || name === '@') {
    return { problem: `--ref "${given}" is not a valid git ref name (see git check-ref-format)` };
  }
  return { ref: `${GCC_REF_PREFIX}${name}` };
}

/** Why a remote URL is refused, or null: a password in it would be stored in our cache and shown in `ps`. */
export function remoteUrlProblem(url: string): string | null {
  const m = /^[a-z][a-z0-9+.-]*:\/\/([^/@]*)@/i.exec(url);
  if (m && m[1]!.includes(':')) return `the remote URL holds a password: remove it and use a git credential helper (git help credential) or an ssh key`;
  if (url.startsWith('-')) return `"${url}" is not a remote`;
  return null;
}

