import { Suspense } from 'react';
import { NavLink, Outlet } from 'react-router';
import { useAuth } from '../../auth/auth-context.tsx';
import { Logo } from '../ui/logo.tsx';
import { FullPageSpinner } from '../ui/spinner.tsx';
import { buttonSecondary, focusRing } from '../ui/styles.ts';

const SIDEBAR_LINKS = [
  { to: '/dashboard', label: 'Dashboard', icon: 'M3 12l9-8 9 8M5 10v10h5v-6h4v6h5V10' },
  { to: '/environments', label: 'Environments', icon: 'M3 3h18v18H3zM3 9h18M9 21V9' },
  { to: '/scenarios', label: 'Scenarios', icon: 'M4 6h16M4 12h10M4 18h7' },
  { to: '/tasks', label: 'Tasks', icon: 'M9 6h11M9 12h11M9 18h11M4 6l1 1 2-2M4 12l1 1 2-2M4 18l1 1 2-2' },
  { to: '/solves', label: 'Solves', icon: 'M13 2L4 14h7l-1 8 9-12h-7z' },
  { to: '/experiments', label: 'Experiments', icon: 'M9 3h6M10 3v6l-5 9a2 2 0 002 3h10a2 2 0 002-3l-5-9V3' },
] as const;

/** The shared frame of every protected screen (spec §2 Shared layout). */
export function AppLayout() {
  const { user, logout } = useAuth();
  return (
    <div className="flex min-h-screen bg-slate-950 text-slate-100">
      {/* The panel runs the whole height of the page; its contents stay in view while the page scrolls. */}
      <aside className="w-56 shrink-0 border-r border-slate-800 bg-slate-900/60">
        <div className="sticky top-0 flex h-screen flex-col px-3 py-5">
          <div className="px-2">
            <Logo />
          </div>
          <nav aria-label="Main" className="mt-8 flex-1">
            <ul className="space-y-1">
              {SIDEBAR_LINKS.map((link) => (
                <li key={link.to}>
                  <NavLink
                    to={link.to}
                    className={({ isActive }) =>
                      `flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition ${focusRing} ${
                        isActive
                          ? 'bg-indigo-500/15 text-indigo-200'
                          : 'text-slate-300 hover:bg-slate-800 hover:text-white'
                      }`
                    }
                  >
                    <svg
                      viewBox="0 0 24 24"
                      className="h-4 w-4 shrink-0"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="2"
                      aria-hidden="true"
                    >
                      <path d={link.icon} strokeLinecap="round" strokeLinejoin="round" />
                    </svg>
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <p className="px-3 text-xs text-slate-500">Plan, simulate, deploy.</p>
        </div>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-10 flex h-14 items-center justify-end gap-4 border-b border-slate-800 bg-slate-950/90 px-6 backdrop-blur">
          {user && (
            <span className="flex items-center gap-2 text-sm text-slate-300">
              <span
                aria-hidden="true"
                className="flex h-7 w-7 items-center justify-center rounded-full bg-indigo-500/20 text-xs font-bold uppercase text-indigo-200"
              >
                {user.username.slice(0, 1)}
              </span>
              <span data-testid="current-username">{user.username}</span>
            </span>
          )}
          <button type="button" onClick={logout} className={`${buttonSecondary} px-3 py-1.5`}>
            Logout
          </button>
        </header>
        <main className="mx-auto w-full max-w-7xl flex-1 px-6 py-8">
          {/* Lazily loaded screens suspend here, so the sidebar and top bar stay in place. */}
          <Suspense fallback={<FullPageSpinner label="Loading" />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
