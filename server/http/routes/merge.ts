// A merge from the page: its preview (what it would write, byte for byte), the merge itself, the merges gcc-studio
// made (each judged undoable or not) and their undo. A refused or failed merge or undo is a MergeError or
// MergeWriteError, answered by app.ts.
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import type { MergeRequest } from '../../../shared/compare-api.ts';
import { ROUTES } from '../../../shared/routes.ts';
import { mergeHistoryEntries, performMerge, previewMerge, undoMerge, type MergeArgs, type MergeContext } from '../../write/index.ts';
import type { WorkspaceView } from '../../live/index.ts';
import { answer } from './answer.ts';
import { checkedBranchName } from './params.ts';

export const MAX_MERGE_BODY_BYTES = 32 * 1024;
export const MAX_SUMMARY_LENGTH = 8_000;

export interface MergeRouteDeps {
  store: WorkspaceView;
  /** null: no workspace folder known (tests of other routes); previews and merges answer 503. */
  gccDir: string | null;
  /** Overrides for tests (failing writers, fixed clocks). */
  context?: Partial<MergeContext>;
}

function context(deps: MergeRouteDeps): MergeContext {
  if (!deps.gccDir) throw new HTTPException(503, { message: 'merging needs the workspace folder, which this server was not given' });
  const ws = deps.store.workspace();
  if (!ws.present) throw new HTTPException(409, { message: 'there is no .GCC/ folder to merge in' });
  return {
    gccDir: deps.gccDir,
    readOnly: ws.readOnly,
    dialectOf: (name) => ws.branches.find((b) => b.name === name)?.dialect ?? null,
    ...deps.context,
  };
}

function summaryOf(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw new HTTPException(400, { message: 'summary must be a string' });
  if (value.length > MAX_SUMMARY_LENGTH) throw new HTTPException(400, { message: `summary is longer than ${MAX_SUMMARY_LENGTH} characters` });
  return value;
}

/** The body of POST /api/merge, checked field by field: anything unexpected is a 400 that says what. */
export function parseMergeRequest(body: unknown): MergeArgs {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new HTTPException(400, { message: 'the body must be a JSON object {branch, target, summary?, expect?}' });
  const b = body as Record<keyof MergeRequest, unknown>;
  const unknownKeys = Object.keys(b).filter((k) => !['branch', 'target', 'summary', 'expect'].includes(k));
  if (unknownKeys.length > 0) throw new HTTPException(400, { message: `unknown field${unknownKeys.length > 1 ? 's' : ''}: ${unknownKeys.join(', ')}` });
  if (typeof b.branch !== 'string' || b.branch === '') throw new HTTPException(400, { message: 'branch must be a branch name' });
  if (typeof b.target !== 'string' || b.target === '') throw new HTTPException(400, { message: 'target must be a branch name' });
  if (b.expect !== undefined && (typeof b.expect !== 'string' || !/^[0-9a-f]{1,64}$/.test(b.expect))) {
    throw new HTTPException(400, { message: 'expect must be the fingerprint of a preview' });
  }
  const args: MergeArgs = { branch: b.branch, target: b.target, summary: summaryOf(b.summary) };
  if (typeof b.expect === 'string') args.expect = b.expect;
  return args;
}

export function mergeRoutes(deps: MergeRouteDeps) {
  return new Hono()
    .get(ROUTES.mergePreview.path, async (c) => {
      const branch = c.req.query('branch') ?? '';
      const target = c.req.query('target') ?? '';
      const summary = summaryOf(c.req.query('summary'));
      return answer(c, ROUTES.mergePreview, await previewMerge(context(deps), { branch, target, summary }));
    })
    .post(
      ROUTES.merge.path,
      bodyLimit({
        maxSize: MAX_MERGE_BODY_BYTES,
        onError: () => {
          throw new HTTPException(413, { message: `the body is larger than ${MAX_MERGE_BODY_BYTES} bytes` });
        },
      }),
      async (c) => {
        if (!/^application\/json\b/i.test(c.req.header('content-type') ?? '')) throw new HTTPException(415, { message: 'send the body as application/json' });
        let body: unknown;
        try {
          body = await c.req.json();
        } catch {
          throw new HTTPException(400, { message: 'the body is not valid JSON' });
        }
        const args = parseMergeRequest(body);
        const { plan, report, recovered, historyId, historyProblem } = await performMerge(context(deps), args);
        return answer(c, ROUTES.merge, {
          ok: true,
          branch: plan.source,
          target: plan.target,
          dialect: plan.dialect,
          commitId: plan.commit.commitId,
          report,
          ...(recovered ? { recovered: recovered.message } : {}),
          historyId,
          ...(historyProblem ? { historyProblem } : {}),
        });
      },
    )
    .get(ROUTES.mergeHistory.path, async (c) => {
      const branch = c.req.query('branch');
      return answer(c, ROUTES.mergeHistory, { entries: await mergeHistoryEntries(context(deps), branch ? checkedBranchName(branch, 'branch: ') : undefined) });
    })
    .post(ROUTES.mergeUndo.path, async (c) => {
      const id = c.req.param('id');
      if (!/^[0-9a-f-]{36}$/.test(id)) throw new HTTPException(400, { message: 'no such merge id' });
      const { record, files, recovered } = await undoMerge(context(deps), id);
      return answer(c, ROUTES.mergeUndo, { ok: true, id, branch: record.source, target: record.target, files, ...(recovered ? { recovered: recovered.message } : {}) });
    });
}
