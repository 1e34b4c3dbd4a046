import { vi } from 'vitest';

export interface StubRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  authorization: string | null;
}

export interface StubResponse {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}
export type StubRoute = StubResponse | ((request: StubRequest) => StubResponse | Promise<StubResponse>);

/**
 * Replaces fetch at the network boundary with a table of routes keyed 'METHOD /path'
 * (path without the /api/v1 base and without the query). Unknown routes answer 599 so a
 * test notices a call it did not plan for. Every request is recorded in `calls`.
 */
export function stubFetch(routes: Record<string, StubRoute>) {
  const calls: StubRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://fleetlab.test');
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const headers = new Headers(init.headers);
    const request: StubRequest = {
      method,
      path,
      query: url.searchParams,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      authorization: headers.get('Authorization'),
    };
    calls.push(request);
    const route = routes[`${method} ${path}`];
    const response =
      route === undefined
        ? { status: 599, body: { detail: `unplanned ${method} ${path}` } }
        : typeof route === 'function'
          ? await route(request)
          : route;
    const status = response.status ?? 200;
    const text =
      response.body === undefined
        ? ''
        : typeof response.body === 'string'
          ? response.body
          : JSON.stringify(response.body);
    return new Response(status === 204 ? null : text, {
      status,
      headers: { 'Content-Type': 'application/json', ...response.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    callsTo: (method: string, path: string) => calls.filter((call) => call.method === method && call.path === path),
  };
}
