// Hand edits for the page and for scripts: a commit's or a step's fields, a branch's purpose and status, a part of
// main.md, the edit history and undo. Every body is JSON, size-limited and checked here before the edit service sees
// it; a refused edit is an EditError, answered by app.ts.
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import {
  COMMIT_FIELDS,
  METADATA_FIELDS,
  MAX_EDIT_BODY_BYTES,
  MAX_FIELD_BYTES,
  STEP_FIELDS,
  type CommitEditRequest,
  type MetadataEditRequest,
  type RoadmapEditRequest,
  type StepEditRequest,
} from '../../../shared/gcc/write/edit.ts';
import { ROUTES } from '../../../shared/routes.ts';
import type { EditService } from '../../write/index.ts';
import { answer } from './answer.ts';
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

/** `service` null: the app was built without a .GCC/ folder (some tests); every edit answers 503. */
export function editRoutes(service: EditService | null) {
  const svc = (): EditService => {
    if (!service) throw new HTTPException(503, { message: 'edits are not available: the server was started without a .GCC/ folder' });
    return service;
  };
  return new Hono()
    .patch(ROUTES.editCommit.path, limit, async (c) => {
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
      return answer(c, ROUTES.editCommit, await svc().editCommit(name, index, request));
    })
    .patch(ROUTES.editStep.path, limit, async (c) => {
      const name = branchParam(c);
      const index = indexParam(c);
      const body = await jsonBody(c);
      if (typeof body.step !== 'number' || !Number.isInteger(body.step)) bad('step must be the step’s number');
      const request: StepEditRequest = { step: body.step, version: version(body.version), fields: fields(body.fields, STEP_FIELDS) };
      return answer(c, ROUTES.editStep, await svc().editStep(name, index, request));
    })
    .patch(ROUTES.editMetadata.path, limit, async (c) => {
      const name = branchParam(c);
      const body = await jsonBody(c);
      const request: MetadataEditRequest = { version: version(body.version), fields: fields(body.fields, METADATA_FIELDS) };
      return answer(c, ROUTES.editMetadata, await svc().editMetadata(name, request));
    })
    .get(ROUTES.metadataWriteCheck.path, async (c) => answer(c, ROUTES.metadataWriteCheck, await svc().metadataWriteCheck(branchParam(c))))
    .get(ROUTES.roadmap.path, async (c) => answer(c, ROUTES.roadmap, await svc().roadmap()))
    .put(ROUTES.editRoadmap.path, limit, async (c) => {
      const index = indexParam(c);
      const body = await jsonBody(c);
      if (typeof body.text !== 'string') bad('text must be a string');
      if (byteLength(body.text) > MAX_FIELD_BYTES) bad(`text is longer than ${MAX_FIELD_BYTES} bytes`);
      const request: RoadmapEditRequest = { version: version(body.version), text: body.text };
      return answer(c, ROUTES.editRoadmap, await svc().editRoadmap(index, request));
    })
    .get(ROUTES.editHistory.path, async (c) => answer(c, ROUTES.editHistory, { entries: await svc().history() }))
    .post(ROUTES.undo.path, async (c) => {
      const id = c.req.param('id');
      if (!/^[0-9a-f-]{36}$/.test(id)) bad('no such edit id');
      return answer(c, ROUTES.undo, await svc().undo(id));
    });
}
