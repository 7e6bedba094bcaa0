// GET /api/merge/preview?branch=&target=&summary= (what a merge would write, byte for byte), POST /api/merge
// {branch, target, summary?, expect?} (do it), GET /api/merge/history?branch= (the merges gcc-studio made, each
// judged undoable or not) and POST /api/merge/:id/undo. The app's guards already demand the token, and an Origin of
// ours for the POSTs.
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { MergeFailureResponse, MergeHistoryResponse, MergeRequest, MergeResponse, MergeUndoResponse } from '../../../shared/compare-api.ts';
import type { ErrorResponse } from '../../../shared/api.ts';
import { MergeError, MergeWriteError, performMerge, previewMerge, type MergeArgs, type MergeContext } from '../../write/merge.ts';
import { mergeHistoryEntries, undoMerge } from '../../write/merge-undo.ts';
import type { WorkspaceView } from '../../live/store.ts';
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

function refusal(c: Context, err: unknown) {
  if (err instanceof MergeError) return c.json<ErrorResponse>({ error: err.message }, err.status as ContentfulStatusCode);
  if (err instanceof MergeWriteError) return c.json<MergeFailureResponse>({ error: err.message, report: err.report }, 500);
  throw err;
}

export function mergeRoutes(deps: MergeRouteDeps) {
  return new Hono()
    .get('/preview', async (c) => {
      const branch = c.req.query('branch') ?? '';
      const target = c.req.query('target') ?? '';
      const summary = summaryOf(c.req.query('summary'));
      try {
        return c.json(await previewMerge(context(deps), { branch, target, summary }));
      } catch (err) {
        return refusal(c, err);
      }
    })
    .post(
      '/',
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
        try {
          const ctx = context(deps);
          const { plan, report, recovered, historyId, historyProblem } = await performMerge(ctx, args);
          return c.json<MergeResponse>({
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
        } catch (err) {
          return refusal(c, err);
        }
      },
    )
    .get('/history', async (c) => {
      const branch = c.req.query('branch');
      const ctx = context(deps);
      return c.json<MergeHistoryResponse>({ entries: await mergeHistoryEntries(ctx, branch ? checkedBranchName(branch, 'branch: ') : undefined) });
    })
    .post('/:id/undo', async (c) => {
      const id = c.req.param('id');
      if (!/^[0-9a-f-]{36}$/.test(id)) throw new HTTPException(400, { message: 'no such merge id' });
      try {
        const { record, files, recovered } = await undoMerge(context(deps), id);
        return c.json<MergeUndoResponse>({ ok: true, id, branch: record.source, target: record.target, files, ...(recovered ? { recovered: recovered.message } : {}) });
      } catch (err) {
        return refusal(c, err);
      }
    });
}
