import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { createQueryClient } from '../../api/query-client.ts';
import { storeToken } from '../../api/token-storage.ts';

/** Where the page navigated to, so tests can assert it. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/**
 * Renders one task page at `url` with the query client and router it needs, signed in;
 * every other path renders only the location probe.
 */
export function renderTaskPage(path: string, url: string, page: ReactElement) {
  storeToken('test-token');
  const queryClient = createQueryClient({ retryDelayMs: 0 });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path={path} element={page} />
          <Route path="*" element={null} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

export function currentLocation(): string {
  return document.querySelector('[data-testid="location"]')?.textContent ?? '';
}
