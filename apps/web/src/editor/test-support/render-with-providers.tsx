import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { createQueryClient } from '../../api/query-client.ts';

/** Shows where the app navigated to, so tests can assert the route after an action. */
function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

/** Renders one page at a path, inside the app's query client and a memory router. */
export function renderPage(
  page: ReactElement,
  options: { path: string | { pathname: string; state?: unknown }; route: string },
) {
  const queryClient = createQueryClient({ retryDelayMs: 0 });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[options.path]}>
        <Routes>
          <Route path={options.route} element={page} />
          <Route path="*" element={<p>Other page</p>} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

export interface RecordedRequest {
  readonly method: string;
  readonly url: string;
  readonly body: unknown;
}

/**
 * Replaces fetch (the network boundary) with canned answers: `respond` gets each request and
 * returns [status, body]. Returns the recorded requests.
 */
export function stubFetch(respond: (request: RecordedRequest) => [number, unknown]): RecordedRequest[] {
  const requests: RecordedRequest[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request: RecordedRequest = {
      method: init?.method ?? 'GET',
      url: String(input),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : null,
    };
    requests.push(request);
    const [status, body] = respond(request);
    return new Response(body === null ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return requests;
}
