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

  const response = await fetch(buildUrl(path, options.query), {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
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
