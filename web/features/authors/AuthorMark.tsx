// The small "via claude-code" mark on a step or commit an MCP client wrote through gcc-studio, its full name in the
// tooltip; live, as the authors file changes (the `authors-changed` event).
import { useQuery } from '@tanstack/react-query';
import type { AuthorsResponse } from '../../../shared/api.ts';
import { authorsOptions } from '../../api/queries.ts';
import './authors.css';

/** The longest client name shown in full on a card; a longer one is cut, the tooltip has it whole. */
const SHOWN_NAME = 24;

type Lookup = Map<string, string>;
const lookups = new WeakMap<AuthorsResponse, Lookup>();

const stepKey = (step: number, timestamp: string) => `s:${step}:${timestamp}`;
const commitKey = (commitId: string) => `c:${commitId}`;

/** One map a branch's answer, shared by every card that shows it (a log page holds 200 of them). */
function lookupOf(data: AuthorsResponse): Lookup {
  let map = lookups.get(data);
  if (!map) {
    map = new Map(data.authors.map((a) => [a.kind === 'step' ? stepKey(a.step, a.timestamp) : commitKey(a.commitId), a.client]));
    lookups.set(data, map);
  }
  return map;
}

export type AuthoredRecord = { kind: 'step'; step: number; timestamp: string } | { kind: 'commit'; commitId: string };

export function AuthorMark({ branch, record }: { branch: string; record: AuthoredRecord }) {
  const { data } = useQuery(authorsOptions(branch));
  const client = data ? lookupOf(data).get(record.kind === 'step' ? stepKey(record.step, record.timestamp) : commitKey(record.commitId)) : undefined;
  if (!client) return null;
  const shown = client.length > SHOWN_NAME ? `${client.slice(0, SHOWN_NAME - 1)}…` : client;
  return (
    <span className="pill pill-author" data-testid="author-mark" title={`Written through gcc-studio's MCP server by ${client}`}>
      via {shown}
    </span>
  );
}
