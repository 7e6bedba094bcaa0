// The page's calls to the edit routes; a refused edit comes back as an error carrying the record as it is now (409) or
// what each Contexa reader would read (422).
import type { CommitEditRequest, EditConflictResponse, EditMisreadResponse, MetadataEditRequest, RoadmapEditRequest, StepEditRequest } from '../../shared/gcc/write/edit.ts';
import { apiUrl, ROUTES, type ApiUrl, type Method } from '../../shared/routes.ts';
import { ApiError, apiFetch } from './client.ts';

export class EditConflictError extends ApiError {
  override name = 'EditConflictError';
  constructor(
    message: string,
    readonly conflict: EditConflictResponse['conflict'],
  ) {
    super(409, message);
  }
}

export class EditMisreadError extends ApiError {
  override name = 'EditMisreadError';
  constructor(
    message: string,
    readonly misread: EditMisreadResponse['misread'],
  ) {
    super(422, message);
  }
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
    if (res.status === 409 && parsed.conflict) throw new EditConflictError(message, parsed.conflict);
    if (res.status === 422 && parsed.misread) throw new EditMisreadError(message, parsed.misread);
    throw new ApiError(res.status, message);
  }
  return (await res.json()) as T;
}

const { editCommit, editStep, editMetadata, editRoadmap, roadmap, editHistory, undo } = ROUTES;

export const editApi = {
  commit: (branch: string, index: number, request: CommitEditRequest) => send(editCommit.method, apiUrl(editCommit, { name: branch, index }), request),
  step: (branch: string, index: number, request: StepEditRequest) => send(editStep.method, apiUrl(editStep, { name: branch, index }), request),
  metadata: (branch: string, request: MetadataEditRequest) => send(editMetadata.method, apiUrl(editMetadata, { name: branch }), request),
  roadmapPart: (index: number, request: RoadmapEditRequest) => send(editRoadmap.method, apiUrl(editRoadmap, { index }), request),
  roadmap: (signal?: AbortSignal) => send(roadmap.method, apiUrl(roadmap), undefined, signal),
  history: (signal?: AbortSignal) => send(editHistory.method, apiUrl(editHistory), undefined, signal),
  undo: (id: string) => send(undo.method, apiUrl(undo, { id }), {}),
};
