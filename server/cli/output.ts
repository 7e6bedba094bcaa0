// What the one-shot commands print: inspect's JSON and text, doctor's list of diagnostics.
import type { Diagnostic, InspectedBranch } from '../../shared/types.ts';
import type { WorkspaceView } from '../live/index.ts';
import type { MomentInfo } from '../../shared/timeline-api.ts';

/** The instant of a moment, and the record it names when it names one (a moment given as a time is said once). */
export function momentLabel(info: Pick<MomentInfo, 'moment' | 'time'>): string {
  return info.moment.includes('@') ? `${info.time} (${info.moment})` : info.time;
}

export interface InspectOutput {
  roadmap: { text: string };
  branches: InspectedBranch[];
  diagnostics: Diagnostic[];
}

export function inspectJson(view: WorkspaceView): InspectOutput {
  const workspace = view.workspace();
  const branches = workspace.branches.map((summary): InspectedBranch => {
    const m = summary.metadata;
    const detail = view.branch(summary.name);
    const steps = view.steps(summary.name, 0, summary.stepCount);
    return {
      name: summary.name,
      purpose: m?.purpose ?? null,
      createdFrom: m?.createdFrom ?? null,
      createdAt: m?.createdAt ?? null,
      status: m?.status ?? null,
      mergedInto: m?.mergedInto ?? null,
      mergedAt: m?.mergedAt ?? null,
      dialect: summary.dialect,
      commits: detail?.commits ?? [],
      steps: steps?.steps ?? [],
    };
  });
  return { roadmap: { text: workspace.roadmap.text }, branches, diagnostics: workspace.diagnostics };
}

export function inspectText(view: WorkspaceView): string {
  const workspace = view.workspace();
  const lines = [`${workspace.root}: ${workspace.branches.length} branch${workspace.branches.length === 1 ? '' : 'es'}`];
  for (const b of workspace.branches) {
    const status = b.status ?? 'no metadata';
    const from = b.createdFrom ? ` from ${b.createdFrom}` : '';
    const into = b.mergedInto ? ` into ${b.mergedInto}` : '';
    lines.push(`  ${b.name}  [${status}${into}${from}]  ${b.dialect}  ${b.commitCount} commits, ${b.stepCount} steps${b.lastActivity ? `, last ${b.lastActivity}` : ''}`);
    if (b.purpose) lines.push(`      ${b.purpose}`);
  }
  lines.push(summarizeDiagnostics(workspace.diagnostics));
  return `${lines.join('\n')}\n`;
}

const SEVERITY_ORDER = { error: 0, warning: 1, info: 2 } as const;

export function formatDiagnostics(diagnostics: readonly Diagnostic[]): string {
  const sorted = [...diagnostics].sort(
    (a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) || a.line - b.line || SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity],
  );
  const lines = sorted.map((d) => `${d.severity.padEnd(7)} .GCC/${d.file}${d.line > 0 ? `:${d.line}` : ''}  ${d.message}  [${d.code}]`);
  lines.push(summarizeDiagnostics(diagnostics));
  return `${lines.join('\n')}\n`;
}

export function summarizeDiagnostics(diagnostics: readonly Diagnostic[]): string {
  if (diagnostics.length === 0) return 'no format problems found';
  const count = (s: Diagnostic['severity']) => diagnostics.filter((d) => d.severity === s).length;
  const parts = [
    [count('error'), 'error'],
    [count('warning'), 'warning'],
    [count('info'), 'note'],
  ] as const;
  return parts
    .filter(([n]) => n > 0)
    .map(([n, word]) => `${n} ${word}${n === 1 ? '' : 's'}`)
    .join(', ');
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}
