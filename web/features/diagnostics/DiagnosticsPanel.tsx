import { useQuery } from '@tanstack/react-query';
import type { Diagnostic } from '../../../shared/types.ts';
import { workspaceOptions } from '../../api/queries.ts';
import { useSetUrl } from '../../state/useUrlState.ts';
import { useCopyText } from '../../ui/useCopyText.ts';

const RANK = { error: 0, warning: 1, info: 2 } as const;

/** `branches/<name>/…` → the branch, so a problem can be shown next to the records it concerns. */
export function branchOfFile(file: string): string | null {
  const m = /^branches\/([^/]+)\//.exec(file);
  return m ? m[1]! : null;
}

/** The file under the workspace's .GCC/ on this machine. */
export function filePath(root: string, file: string): string {
  const base = root.replace(/\/+$/, '');
  const dir = /(^|\/)\.GCC$/.test(base) ? base : `${base}/.GCC`;
  return `${dir}/${file}`;
}

/** An editor link (VS Code's URL scheme; others register the same one) to the file and line. */
export function editorHref(root: string, file: string, line: number): string {
  const path = filePath(root, file);
  return `vscode://file${path.startsWith('/') ? '' : '/'}${encodeURI(path)}${line > 0 ? `:${line}` : ''}`;
}

/** The path and line, for any other editor or a terminal (the link only opens VS Code and editors that take its scheme). */
function CopyPath({ path }: { path: string }) {
  const { copied, copy } = useCopyText(path);
  return (
    <button type="button" className="link" onClick={() => void copy()} title={path}>
      {copied ? 'copied ✓' : 'copy path'}
    </button>
  );
}

export function DiagnosticsPanel() {
  const { data } = useQuery(workspaceOptions());
  const setUrl = useSetUrl();
  const list = [...(data?.diagnostics ?? [])].sort((a, b) => RANK[a.severity] - RANK[b.severity] || a.file.localeCompare(b.file) || a.line - b.line);
  if (list.length === 0) return <div className="empty">No format problems found.</div>;
  return (
    <ul className="diagnostics" data-testid="diagnostics">
      {list.map((d: Diagnostic, i) => {
        const branch = branchOfFile(d.file);
        const loc = d.line > 0 ? `${d.file}:${d.line}` : d.file;
        return (
          <li key={i} className={`diagnostic diagnostic-${d.severity}`}>
            <span className={`sev sev-${d.severity}`}>{d.severity}</span>
            <div className="diagnostic-body">
              <div className="diagnostic-message">{d.message}</div>
              <div className="diagnostic-meta">
                <a className="mono" href={editorHref(data!.root, d.file, d.line)} title="Open in VS Code">
                  {loc}
                </a>
                <CopyPath path={`${filePath(data!.root, d.file)}${d.line > 0 ? `:${d.line}` : ''}`} />
                <span className="muted mono">{d.code}</span>
                {branch ? (
                  <button type="button" className="link" onClick={() => setUrl({ branch, step: null, commit: null }, 'push')}>
                    show {branch}
                  </button>
                ) : null}
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
