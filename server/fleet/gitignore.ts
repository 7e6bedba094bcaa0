// A fleet root's .gitignore, as git reads it, for folders only: discovery never descends into an ignored folder.

interface IgnoreRule {
  negate: boolean;
  regex: RegExp;
}

/** One glob (already stripped of `!`, the anchoring `/` and the trailing `/`) as a regex over a `/`-joined path. */
function globToRegex(glob: string, anchored: boolean): RegExp {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const ch = glob[i]!;
    if (ch === '*') {
      if (glob[i + 1] === '*') {
        const atStart = i === 0 || glob[i - 1] === '/';
        const atEnd = i + 2 === glob.length || glob[i + 2] === '/';
        if (atStart && atEnd) {
          // `**/` matches any number of folders (also none); a final `**` matches everything below.
          out += i + 2 === glob.length ? '.*' : '(?:.*/)?';
          i += 2;
          continue;
        }
      }
      out += '[^/]*';
      while (glob[i + 1] === '*') i++;
    } else if (ch === '?') {
      out += '[^/]';
    } else if (ch === '[') {
      const close = glob.indexOf(']', i + 2);
      if (close === -1) out += '\\[';
      else {
        const body = glob.slice(i + 1, close).replace(/^!/, '^').replace(/\\/g, '\\\\');
        out += `[${body}]`;
        i = close;
      }
    } else if (ch === '\\' && i + 1 < glob.length) {
      out += escapeRegex(glob[++i]!);
    } else {
      out += escapeRegex(ch);
    }
  }
  return new RegExp(`^${anchored ? '' : '(?:.*/)?'}${out}$`);
}

function escapeRegex(ch: string): string {
  return /[.*+?^${}()|[\]\\/]/.test(ch) ? `\\${ch}` : ch;
}

/**
 * Comments, blank lines, `!` negation, a leading or middle `/` (anchored to the root), a trailing `/` (folders only:
 * all we ask about), `*`, `?`, `[…]` and `**`. Git's rule that a file cannot be re-included under an ignored folder
 * holds by construction: we never look inside one.
 */
export function parseGitignore(text: string): IgnoreRule[] {
  const rules: IgnoreRule[] = [];
  for (const raw of text.split(/\r?\n/)) {
    let line = raw.replace(/(?<!\\)\s+$/, '');
    if (line === '' || line.startsWith('#')) continue;
    const negate = line.startsWith('!');
    if (negate) line = line.slice(1);
    if (line.startsWith('\\#') || line.startsWith('\\!')) line = line.slice(1);
    line = line.replace(/\/+$/, '');
    if (line === '') continue;
    // A slash at the start or in the middle anchors the pattern to the root; otherwise it matches at any depth.
    const anchored = line.includes('/');
    if (line.startsWith('/')) line = line.slice(1);
    rules.push({ negate, regex: globToRegex(line, anchored) });
  }
  return rules;
}

export type FolderIgnored = (relPath: string) => boolean;

/** Whether a folder (its path relative to the root, `/`-joined) is ignored; the last matching rule wins, as in git. */
export function gitignoreMatcher(text: string): FolderIgnored {
  const rules = parseGitignore(text);
  return (relPath) => {
    let ignored = false;
    for (const rule of rules) if (rule.regex.test(relPath)) ignored = !rule.negate;
    return ignored;
  };
}
