// Hand edits for the page and for scripts: PATCH a commit's or a step's fields, PATCH a branch's purpose/status, PUT
// a part of main.md, GET the roadmap parts and the edit history, POST an undo. Every body is JSON, size-limited and
// validated here; the token and Origin rules are the api guard's. A refused edit answers 409 (changed on disk since:
// the record as it is now comes along; also a file in a state that forbids the write: a symbolic link, read-only, a
// folder), 422 (the dialect cannot hold the text, or Contexa's readers would misread it: what each reads and the safe
// form come along), 403 (--read-only), 503 (locked: by whom), 507 (the disk is full) or 500 (another disk error);
// each says which file and what happened.
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorResponse } from '../../../shared/api.ts';
import {
  COMMIT_FIELDS,
  METADATA_FIELDS,
  MAX_EDIT_BODY_BYTES,
  MAX_FIELD_BYTES,
  STEP_FIELDS,
  type CommitEditRequest,
  type EditConflictResponse,
  type EditMisreadResponse,
  type EditHistoryResponse,
  type MetadataEditRequest,
  type RoadmapEditRequest,
  type StepEditRequest,
} from '../../../shared/gcc/write/edit.ts';
import { EditError, type EditService } from '../../write/index.ts';
import { branchParam } from './params.ts';

const limit = bodyLimit({
  maxSize: MAX_EDIT_BODY_BYTES,
  onError: () => {
    throw new HTTPException(413, { message: `the body is larger than ${MAX_EDIT_BODY_BYTES} bytes` });
  },
});

function bad(message: string): never {
  throw new HTTPException(400, { message });
}

async function jsonBody(c: Context): Promise<Record<string, unknown>> {
  if (!/^application\/json\b/i.test(c.req.header('content-type') ?? '')) throw new HTTPException(415, { message: 'send the body as application/json' });
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    bad('the body is not valid JSON');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) bad('the body must be a JSON object');
  return body as Record<string, unknown>;
}

function version(v: unknown, where = 'version'): string {
  if (typeof v !== 'string' || !/^v[0-9a-f]{1,64}$/.test(v)) bad(`${where} must be the record's version string (as the GET answer gives it)`);
  return v;
}

const byteLength = (s: string) => new TextEncoder().encode(s).length;

/** `fields`: an object with at least one of `allowed`, each a string of at most MAX_FIELD_BYTES. */
function fields<F extends string>(v: unknown, allowed: readonly F[]): Partial<Record<F, string>> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) bad(`fields must be an object with some of: ${allowed.join(', ')}`);
  const out: Partial<Record<F, string>> = {};
  for (const [key, value] of Object.entries(v)) {
    if (!(allowed as readonly string[]).includes(key)) bad(`unknown field "${key}" (editable: ${allowed.join(', ')})`);
    if (typeof value !== 'string') bad(`fields.${key} must be a string`);
    if (byteLength(value) > MAX_FIELD_BYTES) bad(`fields.${key} is longer than ${MAX_FIELD_BYTES} bytes`);
    out[key as F] = value;
  }
  if (Object.keys(out).length === 0) bad(`fields must name at least one of: ${allowed.join(', ')}`);
  return out;
}

function indexParam(c: Context): number {
  const raw = c.req.param('index') ?? '';
  if (!/^\d{1,9}$/.test(raw)) bad(`the position must be a whole number (got "${raw}")`);
  return Number(raw);
}

function refusal(c: Context, err: unknown): Response {
  if (!(err instanceof EditError)) throw err;
  if (err.conflict) return c.json<EditConflictResponse>({ error: err.message, conflict: err.conflict }, 409);
  if (err.misread) return c.json<EditMisreadResponse>({ error: err.message, misread: err.misread }, 422);
  return c.json<ErrorResponse>({ error: err.message }, err.status as ContentfulStatusCode);
}

/** `service` null: the app was built without a .GCC/ folder (some tests); every edit answers 503. */
export function editRoutes(service: EditService | null) {
  const svc = (): EditService => {
    if (!service) throw new HTTPException(503, { message: 'edits are not available: the server was started without a .GCC/ folder' });
    return service;
  };
  return new Hono()
    .patch('/branches/:name/commits/:index', limit, async (c) => {
      const name = branchParam(c);
      const index = indexParam(c);
      const body = await jsonBody(c);
      if (typeof body.commitId !== 'string' || body.commitId === '') bad('commitId must be the commit’s id');
      const request: CommitEditRequest = { commitId: body.commitId, version: version(body.version), fields: fields(body.fields, COMMIT_FIELDS) };
      if (body.carryToNext !== undefined) {
        const carry = body.carryToNext as { version?: unknown } | null;
        if (typeof carry !== 'object' || carry === null) bad('carryToNext must be {"version": …} of the next commit');
        if (request.fields.thisCommitContribution === undefined) bad('carryToNext needs fields.thisCommitContribution');
        request.carryToNext = { version: version(carry.version, 'carryToNext.version') };
      }
      try {
        return c.json(await svc().editCommit(name, index, request));
      } catch (err) {
        return refusal(c, err);
      }
    })
    .patch('/branches/:name/steps/:index', limit, async (c) => {
      const name = branchParam(c);
      const index = indexParam(c);
      const body = await jsonBody(c);
      if (typeof body.step !== 'number' || !Number.isInteger(body.step)) bad('step must be the step’s number');
      const request: StepEditRequest = { step: body.step, version: version(body.version), fields: fields(body.fields, STEP_FIELDS) };
      try {
        return c.json(await svc().editStep(name, index, request));
      } catch (err) {
        return refusal(c, err);
      }
    })
    .patch('/branches/:name/metadata', limit, async (c) => {
      const name = branchParam(c);
      const body = await jsonBody(c);
      const request: MetadataEditRequest = { version: version(body.version), fields: fields(body.fields, METADATA_FIELDS) };
      try {
        return c.json(await svc().editMetadata(name, request));
      } catch (err) {
        return refusal(c, err);
      }
    })
    .get('/roadmap', async (c) => {
      try {
        return c.json(await svc().roadmap());
      } catch (err) {
        return refusal(c, err);
      }
    })
    .put('/roadmap/parts/:index', limit, async (c) => {
      const index = indexParam(c);
      const body = await jsonBody(c);
      if (typeof body.text !== 'string') bad('text must be a string');
      if (byteLength(body.text) > MAX_FIELD_BYTES) bad(`text is longer than ${MAX_FIELD_BYTES} bytes`);
      const request: RoadmapEditRequest = { version: version(body.version), text: body.text };
      try {
        return c.json(await svc().editRoadmap(index, request));
      } catch (err) {
        return refusal(c, err);
      }
    })
    .get('/edits', async (c) => c.json<EditHistoryResponse>({ entries: await svc().history() }))
    .post('/edits/:id/undo', async (c) => {
      const id = c.req.param('id');
      if (!/^[0-9a-f-]{36}$/.test(id)) bad('no such edit id');
      try {
        return c.json(await svc().undo(id));
      } catch (err) {
        return refusal(c, err);
      }
    });
}
