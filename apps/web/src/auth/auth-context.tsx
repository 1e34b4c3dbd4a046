import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate, type Location } from 'react-router';
import { onUnauthorized } from '../api/client.ts';
import { authApi } from '../api/endpoints.ts';
import { authQueries, queryKeys } from '../api/queries.ts';
import type { User } from '../api/types.ts';
import { clearToken, readToken, storeToken } from '../api/token-storage.ts';
import { isPublicPath } from './public-paths.ts';

export interface AuthContextValue {
  token: string | null;
  user: User | null;
  /** Spec §4: a held token means authenticated. */
  isAuthenticated: boolean;
  /** True while a held token's user is being fetched for the first time. */
  isLoading: boolean;
  /** Stores the token, then fetches the current user; rejects with the API error. */
  login: (email: string, password: string) => Promise<User>;
  logout: () => void;
}

/** Where the login page sends the user back to after signing in. */
export interface LoginLocationState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
  message?: string;
}

const FAILED_TO_FETCH_USER = 'Failed to fetch user';

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [token, setToken] = useState<string | null>(() => readToken());

  // The 401 listener lives outside React's render cycle; it reads the latest location from here.
  const locationRef = useRef(location);
  locationRef.current = location;

  const meQuery = useQuery({ ...authQueries.me(), enabled: token !== null });

  useEffect(
    () =>
      onUnauthorized(() => {
        setToken(null);
        queryClient.removeQueries({ queryKey: queryKeys.me });
        const current = locationRef.current;
        if (current.pathname === '/login') return;
        const state: LoginLocationState = isPublicPath(current.pathname)
          ? {}
          : { from: { pathname: current.pathname, search: current.search, hash: current.hash } };
        void navigate('/login', { state });
        // Concurrent 401s arrive before the next render: they must not stack more /login entries.
        locationRef.current = { ...current, pathname: '/login', search: '', hash: '', state };
      }),
    [navigate, queryClient],
  );

  const login = useCallback(
    async (email: string, password: string) => {
      const { access_token } = await authApi.login(email, password);
      storeToken(access_token);
      let user: User;
      try {
        user = await queryClient.fetchQuery({ ...authQueries.me(), retry: false });
      } catch {
        // Signed in but without a user the app cannot work; do not keep a half session.
        clearToken();
        throw new Error(FAILED_TO_FETCH_USER);
      }
      setToken(access_token);
      return user;
    },
    [queryClient],
  );

  const logout = useCallback(() => {
    void navigate('/login');
    clearToken();
    setToken(null);
    queryClient.clear();
  }, [navigate, queryClient]);

  const value = useMemo<AuthContextValue>(
    () => ({
      token,
      user: token === null ? null : (meQuery.data ?? null),
      isAuthenticated: token !== null,
      isLoading: token !== null && meQuery.isPending,
      login,
      logout,
    }),
    [token, meQuery.data, meQuery.isPending, login, logout],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
