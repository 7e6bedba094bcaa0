// The page's calls to the edit routes; a refused edit comes back as an error carrying the record as it is now (409) or
// what each Contexa reader would read (422).
import type { CommitEditRequest, EditConflictResponse, EditMisreadResponse, MetadataEditRequest, RoadmapEditRequest, StepEditRequest } from '../../shared/gcc/write/edit.ts';
import { apiUrl, ROUTES, type ApiUrl, type Method } from '../../shared/routes.ts';
import { ApiError, apiFetch, getJson } from './client.ts';

/** A refused edit whose answer says more than its message: the body as the server sent it. */
class RefusedEdit<B extends { error: string }> extends ApiError {
  constructor(
    status: number,
    readonly answer: B,
  ) {
    super(status, answer.error);
  }
}

/** A 409: the record changed on disk since it was read; `conflict` holds it as it is now. */
export class EditConflictError extends RefusedEdit<EditConflictResponse> {
  override name = 'EditConflictError';
  readonly conflict = this.answer.conflict;
}

/** A 422: Contexa's readers would misread the text; `misread` says what each would read. */
export class EditMisreadError extends RefusedEdit<EditMisreadResponse> {
  override name = 'EditMisreadError';
  readonly misread = this.answer.misread;
}

async function send<T>(method: Method, path: ApiUrl<T>, body?: unknown, signal?: AbortSignal): Promise<T> {
  const res = await apiFetch(path, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  if (!res.ok) {
    let parsed: Partial<EditConflictResponse & EditMisreadResponse> = {};
    try {
      parsed = (await res.json()) as Partial<EditConflictResponse & EditMisreadResponse>;
    } catch {
      // Not JSON: keep the status line.
    }
    const message = typeof parsed.error === 'string' ? parsed.error : `${res.status} ${res.statusText}`;
    if (res.status === 409 && parsed.conflict) throw new EditConflictError(409, { error: message, conflict: parsed.conflict });
    if (res.status === 422 && parsed.misread) throw new EditMisreadError(422, { error: message, misread: parsed.misread });
    throw new ApiError(res.status, message);
  }
  return (await res.json()) as T;
}

const { editCommit, editStep, editMetadata, metadataWriteCheck, editRoadmap, roadmap, editHistory, undo } = ROUTES;

export const editApi = {
  commit: (branch: string, index: number, request: CommitEditRequest) => send(editCommit.method, apiUrl(editCommit, { name: branch, index }), request),
  step: (branch: string, index: number, request: StepEditRequest) => send(editStep.method, apiUrl(editStep, { name: branch, index }), request),
  metadata: (branch: string, request: MetadataEditRequest) => send(editMetadata.method, apiUrl(editMetadata, { name: branch }), request),
  metadataWriteCheck: (branch: string, signal?: AbortSignal) => send(metadataWriteCheck.method, apiUrl(metadataWriteCheck, { name: branch }), undefined, signal),
  roadmapPart: (index: number, request: RoadmapEditRequest) => send(editRoadmap.method, apiUrl(editRoadmap, { index }), request),
  roadmap: (signal?: AbortSignal) => send(roadmap.method, apiUrl(roadmap), undefined, signal),
  // A plain read: an exported page answers it from the file (getJson), which asks no server.
  history: (signal?: AbortSignal) => getJson(apiUrl(editHistory), signal),
  undo: (id: string) => send(undo.method, apiUrl(undo, { id }), {}),
};
