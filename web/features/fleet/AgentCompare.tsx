// Two rows of the fleet (two agents' memories of one project) compared like two branches: pick the rows and a branch
// of each (main by default), see their CONTEXT side by side and what each has that the other lacks. A separator above
// the pane sets its height.
import { useQuery } from '@tanstack/react-query';
import { useState, type RefObject } from 'react';
import type { AgentLacks, AgentSideAnswer } from '../../../shared/fleet/agent-compare.ts';
import type { FleetRow } from '../../../shared/fleet/fleet-api.ts';
import { fleetCompareOptions } from '../../api/queries.ts';
import { countOf } from '../../ui/count.ts';
import { plainInline } from '../../ui/plainInline.ts';
import { PaneSeparator } from './PaneSeparator.tsx';
import { useComparePane } from './useComparePane.ts';

export interface AgentCompareProps {
  rows: readonly FleetRow[];
  /** The list above: the pane takes its height from it, and gives it back. */
  listRef: RefObject<HTMLElement | null>;
  /** The pane's height as last set (null: as tall as it needs, up to half the window), and where a new one goes. */
  height: number | null;
  saveHeight: (height: number) => void;
}

export function AgentCompare(props: AgentCompareProps) {
  if (props.rows.filter((r) => r.state === 'live').length < 2) return null;
  return <AgentComparePane {...props} />;
}

function AgentComparePane({ rows, listRef, height, saveHeight }: AgentCompareProps) {
  const open = rows.filter((r) => r.state === 'live');
  const [a, setA] = useState('');
  const [b, setB] = useState('');
  const [branch, setBranch] = useState('main');
  const pane = useComparePane(listRef, height, saveHeight);
  const versions = `${rows.find((r) => r.id === a)?.version ?? 0}:${rows.find((r) => r.id === b)?.version ?? 0}`;
  return (
    <>
      <PaneSeparator {...pane.separator} controls={PANE_ID} />
      <section id={PANE_ID} ref={pane.paneRef} style={pane.paneStyle} className="agent-compare" aria-label="Compare two agents" data-testid="agent-compare">
        <div className="agent-compare-pick">
          <span>Compare</span>
          <RowPicker label="First agent" rows={open} value={a} onChange={setA} />
          <span>with</span>
          <RowPicker label="Second agent" rows={open} value={b} onChange={setB} />
          <label>
            branch <input className="agent-compare-branch mono" value={branch} onChange={(e) => setBranch(e.target.value)} aria-label="Branch of each" size={12} />
          </label>
        </div>
        {a && b && a !== b && branch ? <AgentCompareResult a={a} b={b} branch={branch} versions={versions} /> : null}
      </section>
    </>
  );
}

const PANE_ID = 'agent-compare';

function RowPicker({ label, rows, value, onChange }: { label: string; rows: readonly FleetRow[]; value: string; onChange: (id: string) => void }) {
  return (
    <select aria-label={label} value={value} onChange={(e) => onChange(e.target.value)} data-testid={label === 'First agent' ? 'agent-a' : 'agent-b'}>
      <option value="">choose a row</option>
      {rows.map((r) => (
        <option key={r.id} value={r.id}>
          {r.id}
        </option>
      ))}
    </select>
  );
}

function AgentCompareResult({ a, b, branch, versions }: { a: string; b: string; branch: string; versions: string }) {
  const { data, error } = useQuery(fleetCompareOptions(a, b, branch, branch, 1, versions));
  if (error) return <div className="error" role="alert">{(error as Error).message}</div>;
  if (!data) return <div className="muted">Comparing…</div>;
  return (
    <div className="agent-compare-sides" data-testid="agent-compare-result">
      <AgentSide side={data.a} only={data.onlyA} other={data.b.ws} />
      <AgentSide side={data.b} only={data.onlyB} other={data.a.ws} />
    </div>
  );
}

function AgentSide({ side, only, other }: { side: AgentSideAnswer; only: AgentLacks; other: string }) {
  return (
    <section className="agent-side" aria-label={`${side.ws}: ${side.branch.name}`} data-testid="agent-side">
      <h2 className="mono">
        {side.ws} · {side.branch.name}
      </h2>
      <p className="muted">
        {`Has what ${other} lacks: ${countOf(only.commits.length, 'commit')}, ${countOf(only.stepsTotal, 'step')}`}
      </p>
      <ul className="agent-only" data-testid="agent-only">
        {only.commits.map((c) => (
          <li key={`c${c.commitId}`}>
            <span className="mono">commit {c.commitId}</span> {plainInline(c.thisCommitContribution.split('\n')[0]!)}
          </li>
        ))}
        {only.steps.map((s, i) => (
          <li key={`s${i}`}>
            <span className="mono">step {s.step}</span> {plainInline(s.observation.split('\n')[0] || s.action.split('\n')[0]!)}
          </li>
        ))}
      </ul>
      <h3>CONTEXT</h3>
      <pre className="agent-context" data-testid="agent-context">
        {side.context ? (side.context.error ? `${side.context.dialect}'s context() raises ${side.context.error}` : side.context.text) : '—'}
      </pre>
    </section>
  );
}
