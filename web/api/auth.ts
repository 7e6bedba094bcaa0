// The page's token and whether the server takes it, kept in localStorage (one origin, port included) and sent as a
// header, never as a cookie (cookies ignore ports: every other server on 127.0.0.1 would be sent it).
import { useSyncExternalStore } from 'react';
import type { TokenRefusedResponse } from '../../shared/api.ts';

// localStorage rather than sessionStorage: a second tab on the same address works, and a tab that is refused picks up a
// token another tab was opened with (the `storage` event), so reopening the printed URL anywhere brings every tab back.
export const STORAGE_KEY = 'gcc-studio.token';

export interface AuthState {
  /** unknown: nothing answered yet; accepted: the last answer took our token; refused: the last one did not. */
  status: 'unknown' | 'accepted' | 'refused';
  /** This page's token worked at least once (a later refusal then means the server restarted with a new one). */
  everAccepted: boolean;
  refusal: Pick<TokenRefusedResponse, 'code' | 'startedAt' | 'error'> | null;
  /** Bumped when a new token arrives (this tab's URL or another tab's): the page then retries what was refused. */
  tokenGeneration: number;
}

let memoryToken: string | null = null;
let state: AuthState = { status: 'unknown', everAccepted: false, refusal: null, tokenGeneration: 0 };
const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // Storage switched off: the token lives in this page's memory only.
  }
}

function set(patch: Partial<AuthState>): void {
  state = { ...state, ...patch };
  listeners.forEach((l) => l());
}

/** `?token=` of the URL the server printed: kept for this origin (the URL itself then drops it, useUrlState.ts). */
export function adoptUrlToken(search: string): void {
  const token = new URLSearchParams(search).get('token');
  if (!token) return;
  memoryToken = token;
  storage()?.setItem(STORAGE_KEY, token);
  set({ tokenGeneration: state.tokenGeneration + 1 });
}

export function authToken(): string | null {
  return storage()?.getItem(STORAGE_KEY) ?? memoryToken;
}

/** The header every API call carries (none before a token was ever given: the server then says it is missing). */
export function authHeaders(): Record<string, string> {
  const token = authToken();
  return token ? { authorization: `Bearer ${token}` } : {};
}

/** The token the server last refused (null: the page had none); undefined while none is refused. */
let refusedToken: string | null | undefined;

export function noteAccepted(): void {
  refusedToken = undefined;
  if (state.status !== 'accepted' || !state.everAccepted) set({ status: 'accepted', everAccepted: true, refusal: null });
}

/**
 * Whether the page still holds the token the server refused: nothing is sent with it again (a retry timer set before
 * the refusal was known would otherwise ask once more) until a new token arrives.
 */
export function holdsRefusedToken(): boolean {
  return state.status === 'refused' && refusedToken !== undefined && authToken() === refusedToken;
}

/** A 401's body, as the server sends it (server/http/security.ts); anything else still counts as refused. */
export function noteRefused(body: unknown): void {
  const b = (body ?? {}) as Partial<TokenRefusedResponse>;
  const refusal = {
    code: b.code === 'token-wrong' || b.code === 'token-missing' ? b.code : authToken() ? 'token-wrong' : 'token-missing',
    startedAt: typeof b.startedAt === 'string' ? b.startedAt : '',
    error: typeof b.error === 'string' ? b.error : 'the server refused this page’s token',
  } as const;
  refusedToken = authToken();
  set({ status: 'refused', refusal });
}

export function getAuthState(): AuthState {
  return state;
}

export function subscribeAuth(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAuthState(): AuthState {
  return useSyncExternalStore(subscribeAuth, getAuthState);
}

if (typeof window !== 'undefined') {
  // Another tab was opened with the URL the server printed: its token is now ours too.
  window.addEventListener('storage', (e) => {
    if (e.key === STORAGE_KEY && e.newValue) set({ tokenGeneration: state.tokenGeneration + 1 });
  });
}
