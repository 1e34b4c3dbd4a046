import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageSpinner } from '../components/ui/spinner.tsx';
import { useAuth, type LoginLocationState } from './auth-context.tsx';

/** Guards every non-public screen: spinner while auth loads, /login (remembering the origin) without a token. */
export function ProtectedRoute() {
  const { isAuthenticated, isLoading } = useAuth();
  const location = useLocation();

  if (!isAuthenticated) {
    const state: LoginLocationState = {
      from: { pathname: location.pathname, search: location.search, hash: location.hash },
    };
    return <Navigate to="/login" replace state={state} />;
  }
  if (isLoading) return <FullPageSpinner label="Loading your workspace" />;
  return <Outlet />;
}
