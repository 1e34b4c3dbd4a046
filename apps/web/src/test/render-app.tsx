import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { createQueryClient } from '../api/query-client.ts';
import { storeToken } from '../api/token-storage.ts';
import { AppRoutes } from '../app-routes.tsx';
import { AuthProvider } from '../auth/auth-context.tsx';

/** Shows the router's current location so tests can assert redirects. */
function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" hidden>
      {`${location.pathname}${location.search}`}
    </output>
  );
}

const TEST_TOKEN = 'test-token';

/** Renders the whole app (routes, auth, queries) at one URL, optionally signed in. */
/** `url` may carry router state, as a page that navigates with `state` would pass it. */
export function renderApp(
  url: string | { pathname: string; state: unknown },
  options: { signedIn?: boolean; history?: string[] } = {},
) {
  if (options.signedIn) storeToken(TEST_TOKEN);
  const queryClient = createQueryClient({ retryDelayMs: 0 });
  const entries = [...(options.history ?? []), url];
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
        <AuthProvider>
          <AppRoutes />
          <LocationProbe />
        </AuthProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, queryClient };
}

export function currentLocation(): string {
  return document.querySelector('[data-testid="location"]')?.textContent ?? '';
}
