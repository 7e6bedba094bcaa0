// The page's calls to the edit routes (PATCH/PUT/POST with JSON; the browser adds our Origin, which every write needs).
// A 409 becomes an EditConflictError carrying the record as it is on disk now, for the page to show beside the draft;
// a 422 about text Contexa's readers would misread becomes an EditMisreadError carrying what each reads.
import type {
  CommitEditRequest,
  CommitEditResponse,
  EditConflictResponse,
  EditHistoryResponse,
  EditMisreadResponse,
  EditResponse,
  MetadataEditRequest,
  MetadataEditResponse,
  RoadmapEditRequest,
  RoadmapEditResponse,
  RoadmapResponse,
  StepEditRequest,
  StepEditResponse,
} from '../../shared/gcc/write/edit.ts';
import { ApiError, apiFetch, getJson } from './client.ts';

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

async function send<T>(method: 'PATCH' | 'PUT' | 'POST' | 'GET', path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
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

const seg = encodeURIComponent;

export const editApi = {
  commit: (branch: string, index: number, request: CommitEditRequest) => send<CommitEditResponse>('PATCH', `/api/branches/${seg(branch)}/commits/${index}`, request),
  step: (branch: string, index: number, request: StepEditRequest) => send<StepEditResponse>('PATCH', `/api/branches/${seg(branch)}/steps/${index}`, request),
  metadata: (branch: string, request: MetadataEditRequest) => send<MetadataEditResponse>('PATCH', `/api/branches/${seg(branch)}/metadata`, request),
  roadmapPart: (index: number, request: RoadmapEditRequest) => send<RoadmapEditResponse>('PUT', `/api/roadmap/parts/${index}`, request),
  roadmap: (signal?: AbortSignal) => send<RoadmapResponse>('GET', '/api/roadmap', undefined, signal),
  // A plain read: an exported page answers it from the file (getJson), which asks no server.
  history: (signal?: AbortSignal) => getJson<EditHistoryResponse>('/api/edits', signal),
  undo: (id: string) => send<EditResponse<unknown>>('POST', `/api/edits/${seg(id)}/undo`, {}),
};
