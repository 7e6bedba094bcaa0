// `gcc-studio export`: the memory at a moment (or now) handed off as one file, an HTML page that needs no server or a
// Markdown summary.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ContextResponse } from '../../shared/api.ts';
import { timestampMs } from '../../shared/gcc/read/time-key.ts';
import type { EditEntry } from '../../shared/gcc/write/edit.ts';
import { snapshotContextKey, type ExportedFile, type PageSnapshot } from '../../shared/snapshot.ts';
import type { MomentInfo } from '../../shared/timeline-api.ts';
import { CONTEXT_DIALECTS, type ContextDialect } from '../../shared/types.ts';
import type { WorkspaceView } from '../live/index.ts';
import { createEditHistory, historyPathFor } from '../write/index.ts';
import { momentLabel } from './output.ts';
import { PACKAGE_ROOT } from './package-files.ts';

/** The single-bundle page `vite build -c vite.export.config.ts` writes. */
export const EXPORT_PAGE_DIR = join(PACKAGE_ROOT, 'dist', 'export');
/** CONTEXT is exported for K = 1 … this (or the branch's commit count, if fewer), in each exact dialect. */
export const EXPORTED_MAX_K = 10;

export class ExportError extends Error {
  override readonly name = 'ExportError';
}

export interface SnapshotInput {
  view: WorkspaceView;
  moment: MomentInfo | null;
  exportedAt: string;
  /** The hand edits saved up to the moment (the page marks what they changed as "edited"). */
  edits?: EditEntry[];
}

/** The hand edits of the workspace at `gccDir` saved at or before the moment (all of them for now). */
export async function editsUpTo(gccDir: string, moment: MomentInfo | null): Promise<EditEntry[]> {
  const entries = await createEditHistory(historyPathFor(gccDir)).list();
  const until = moment ? timestampMs(moment.time) : null;
  return until === null ? entries : entries.filter((e) => (timestampMs(e.at) ?? Infinity) <= until);
}

/** Every answer the page reads, from the view (now, or a moment's). */
export async function buildSnapshot({ view, moment, exportedAt, edits = [] }: SnapshotInput): Promise<PageSnapshot> {
  const workspace = { ...view.workspace(), readOnly: true };
  const branches: PageSnapshot['branches'] = {};
  for (const summary of workspace.branches) {
    const contexts: Record<string, ContextResponse> = {};
    for (const dialect of CONTEXT_DIALECTS) {
      for (let k = 1; k <= Math.max(1, Math.min(EXPORTED_MAX_K, summary.commitCount)); k++) {
        const context = await view.context(summary.name, k, dialect);
        if (context) contexts[snapshotContextKey(k, dialect)] = context;
      }
    }
    const branch = view.branch(summary.name);
    if (branch) branches[summary.name] = { branch, steps: view.steps(summary.name, 0, summary.stepCount)?.steps ?? [], contexts };
  }
  return { exportedAt, moment, workspace, branches, edits };
}

/** JSON safe inside a <script> element: no `</script`, no `<!--`, no line separators that end a JS string. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

// HTML: the single-bundle build of the page (dist/export) with the answers inlined as window.__GCC_SNAPSHOT__, so it
// opens from file:// with no server and no network; its size grows with the data (every step once), not the page.
/** The exported page: the built page's script and stylesheet inlined, the snapshot (a workspace's or a fleet's) before them. */
export function exportHtml(snapshot: ExportedFile, pageDir = EXPORT_PAGE_DIR): string {
  let html: string;
  try {
    html = readFileSync(join(pageDir, 'index.html'), 'utf8');
  } catch {
    throw new ExportError(`the export page is not built (${pageDir}): run \`npm run build\` in ${PACKAGE_ROOT}`);
  }
  const asset = (href: string) => readFileSync(join(pageDir, href.replace(/^\//, '')), 'utf8');
  const data = `<script>window.__GCC_SNAPSHOT__=${scriptJson(snapshot)};</script>`;
  html = html.replace(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g, (_m, href: string) => `<style>${asset(href).replace(/<\/style/gi, '<\\/style')}</style>`);
  html = html.replace(/<script type="module"[^>]*src="([^"]+)"[^>]*><\/script>/g, (_m, src: string) => `${data}<script type="module">${asset(src).replace(/<\/script/gi, '<\\/script')}</script>`);
  if (!html.includes('__GCC_SNAPSHOT__')) throw new ExportError(`${join(pageDir, 'index.html')} has no module script to inline`);
  const title = 'fleet' in snapshot ? `fleet ${snapshot.fleet.roots.join(', ')}` : snapshot.moment ? `as at ${snapshot.moment.time}` : `exported ${snapshot.exportedAt}`;
  return html.replace(/<title>[^<]*<\/title>/, `<title>gcc-studio · ${title}</title>`);
}

export interface MarkdownInput {
  view: WorkspaceView;
  moment: MomentInfo | null;
  exportedAt: string;
  branch: string;
  k: number;
  dialect: ContextDialect | null;
}

/** CONTEXT of `branch` at K, then every branch's purpose, status and last commit. */
export async function exportMarkdown(input: MarkdownInput): Promise<string> {
  const { view, moment } = input;
  const workspace = view.workspace();
  const context = await view.context(input.branch, input.k, input.dialect);
  if (!context) throw new ExportError(`no branch "${input.branch}" (branches: ${workspace.branches.map((b) => b.name).join(', ') || 'none'})`);
  const when = moment ? `as at ${momentLabel(moment)}` : `as at export, ${input.exportedAt}`;
  const lines = [`# gcc-studio: ${workspace.root}`, '', `The memory ${when}.`];
  if (moment && !moment.exact) lines.push('', 'Not exact:', ...moment.reasons.map((r) => `- ${r}`));
  const fence = '`'.repeat(Math.max(3, ...[...context.text.matchAll(/`+/g)].map((m) => m[0].length + 1)));
  lines.push('', `## CONTEXT of \`${input.branch}\` at K = ${input.k} (${context.dialect}, ${context.tokens} tokens)`, '', `${fence}markdown`, context.text.replace(/\n$/, ''), fence, '', '## Branches');
  for (const b of workspace.branches) {
    const last = view.branch(b.name)?.commits.at(-1);
    lines.push('', `### \`${b.name}\``, '', `- purpose: ${b.purpose ?? '(no metadata)'}`, `- status: ${b.status ?? 'unknown'}${b.mergedInto ? ` into \`${b.mergedInto}\`` : ''}`);
    lines.push(`- ${b.commitCount} commits, ${b.stepCount} steps`);
    lines.push(last ? `- last commit \`${last.commitId}\` (${last.timestamp}): ${last.thisCommitContribution.replace(/\n+/g, ' ')}` : '- no commit yet');
  }
  return `${lines.join('\n')}\n`;
}
