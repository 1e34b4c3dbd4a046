import { clearToken, readToken } from './token-storage.ts';

const API_BASE_PATH = '/api/v1';

/**
 * A non-2xx answer of the API. The message mirrors the wording the spec's error
 * catalogue (§8) is written against: 'Request failed with status code {status}'.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, body: unknown) {
    super(`Request failed with status code ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  /** The server's `detail` text when it sent one (400/403/404/409/429 bodies). */
  get detail(): string | undefined {
    if (this.body && typeof this.body === 'object' && 'detail' in this.body) {
      const detail = (this.body as { detail: unknown }).detail;
      if (typeof detail === 'string') return detail;
    }
    return undefined;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export function isNotFound(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}

/** Calls waiting out a busy server: how many, and when the latest is sent again (epoch ms). */
export interface ServerBusyState {
  waitingCalls: number;
  retryAtMs: number | null;
}
type ServerBusyListener = (state: ServerBusyState) => void;
const busyListeners = new Set<ServerBusyListener>();
let busyState: ServerBusyState = { waitingCalls: 0, retryAtMs: null };

/** Follows the calls waiting out a busy server (to show a calm notice); returns an unsubscribe. */
export function onServerBusy(listener: ServerBusyListener): () => void {
  busyListeners.add(listener);
  return () => busyListeners.delete(listener);
}

function announceBusy(change: 1 | -1, retryAtMs: number | null = null): void {
  const waitingCalls = busyState.waitingCalls + change;
  busyState = { waitingCalls, retryAtMs: waitingCalls === 0 ? null : (retryAtMs ?? busyState.retryAtMs) };
  for (const listener of busyListeners) listener(busyState);
}

/**
 * A busy server (429 or 503 with Retry-After) refused the call without doing anything, so it is
 * sent again after the wait it asked for, up to this many times, for waits up to this long; a
 * longer wait, or a third refusal, reaches the caller as an ApiError.
 */
export const BUSY_RETRY_LIMIT = 3;
export const BUSY_RETRY_MAX_WAIT_S = 30;

/** The wait a 429 or 503 asks for, in seconds, when it gives one the client honours. */
function busyRetryAfterSeconds(response: Response): number | null {
  if (response.status !== 429 && response.status !== 503) return null;
  const header = response.headers.get('Retry-After');
  if (header === null || !/^\d+$/.test(header.trim())) return null;
  const seconds = Number(header);
  return seconds <= BUSY_RETRY_MAX_WAIT_S ? seconds : null;
}

function wait(milliseconds: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, milliseconds);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

type UnauthorizedListener = () => void;
let unauthorizedListener: UnauthorizedListener | null = null;

/**
 * Registers what happens after a 401 (the auth provider sends the user to /login).
 * Returns a function that removes the listener again.
 */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListener = listener;
  return () => {
    if (unauthorizedListener === listener) unauthorizedListener = null;
  };
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | undefined | null>;
  /**
   * Sign-in calls answer 401/403 for wrong credentials; those must reach the form
   * instead of bouncing the visitor to /login.
   */
  skipUnauthorizedRedirect?: boolean;
  signal?: AbortSignal;
}

export function buildUrl(path: string, query?: RequestOptions['query']): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const queryString = search.toString();
  return `${API_BASE_PATH}${path}${queryString ? `?${queryString}` : ''}`;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** One JSON call to the Fleetlab API with the stored bearer token. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = readToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';

  const send = () =>
    fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  let response = await send();
  for (let retry = 1; retry <= BUSY_RETRY_LIMIT; retry++) {
    const retryAfterSeconds = busyRetryAfterSeconds(response);
    if (retryAfterSeconds === null) break;
    await response.text();
    announceBusy(1, Date.now() + retryAfterSeconds * 1000);
    try {
      await wait(retryAfterSeconds * 1000, options.signal);
    } finally {
      announceBusy(-1);
    }
    response = await send();
  }
  const body = await readBody(response);

  if (!response.ok) {
    if (response.status === 401 && !options.skipUnauthorizedRedirect) {
      // Spec §8: every 401 drops the token and sends the user to /login, once per request.
      clearToken();
      unauthorizedListener?.();
    }
    throw new ApiError(response.status, body);
  }
  return body as T;
}
