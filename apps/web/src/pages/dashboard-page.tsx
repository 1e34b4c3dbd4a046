import { Link } from 'react-router';
import { useEnvironments, useScenarios, useSolves } from '../api/hooks.ts';
import { Alert } from '../components/ui/alert.tsx';
import { StatusBadge } from '../components/ui/badges.tsx';
import { PageHeader } from '../components/ui/page-header.tsx';
import { FullPageSpinner } from '../components/ui/spinner.tsx';
import { buttonPrimary, card, focusRing, linkText } from '../components/ui/styles.ts';
import { formatDate } from '../lib/format.ts';
import { recentSolves, solveEnvironmentName } from '../lib/solve-records.ts';

function Counter({ label, value, to }: { label: string; value: number; to: string }) {
  return (
    <Link to={to} className={`${card} group block p-6 transition hover:border-indigo-500/50 ${focusRing}`}>
      <p className="text-sm font-medium text-slate-400">{label}</p>
      <p className="mt-2 text-4xl font-bold text-white">{value}</p>
      <p className="mt-3 text-sm text-indigo-300 group-hover:text-indigo-200">View all →</p>
    </Link>
  );
}

export default function DashboardPage() {
  const environments = useEnvironments();
  const scenarios = useScenarios();
  const solves = useSolves();

  const loading = environments.isPending || scenarios.isPending || solves.isPending;
  const failed = environments.isError || scenarios.isError || solves.isError;
  const environmentNames = new Map((environments.data ?? []).map((environment) => [environment.id, environment.name]));

  return (
    <div>
      <PageHeader
        title="Dashboard"
        description="Your warehouses, scenarios and optimisation runs at a glance."
        actions={
          <Link to="/solves/create" className={buttonPrimary}>
            Create New Solve
          </Link>
        }
      />
      {failed ? (
        <Alert tone="error">Failed to load dashboard data. Please try again later.</Alert>
      ) : loading ? (
        <FullPageSpinner label="Loading dashboard" />
      ) : (
        <>
          <div className="grid gap-4 sm:grid-cols-3">
            <Counter label="Environments" value={environments.data.length} to="/environments" />
            <Counter label="Scenarios" value={scenarios.data.length} to="/scenarios" />
            <Counter label="Solves" value={solves.data.length} to="/solves" />
          </div>
          <section className={`${card} mt-8`} aria-labelledby="recent-solves-heading">
            <div className="flex items-center justify-between border-b border-slate-800 px-6 py-4">
              <h2 id="recent-solves-heading" className="text-lg font-semibold text-white">
                Recent Solves
              </h2>
              <Link to="/solves" className={`${linkText} text-sm`}>
                All solves
              </Link>
            </div>
            {solves.data.length === 0 ? (
              <p className="px-6 py-10 text-center text-sm text-slate-400">No solves yet. Create your first one!</p>
            ) : (
              <div className="overflow-x-auto">
                <table className="w-full text-left text-sm">
                  <thead className="text-xs uppercase tracking-wider text-slate-400">
                    <tr>
                      <th scope="col" className="px-6 py-3 font-semibold">Name</th>
                      <th scope="col" className="px-6 py-3 font-semibold">Status</th>
                      <th scope="col" className="px-6 py-3 font-semibold">Environment</th>
                      <th scope="col" className="px-6 py-3 font-semibold">Created</th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-800">
                    {recentSolves(solves.data).map((solve) => (
                      <tr key={solve.id} className="hover:bg-slate-800/40">
                        <td className="px-6 py-3">
                          <Link to={`/solves/${solve.id}`} className={linkText}>
                            {solve.name}
                          </Link>
                        </td>
                        <td className="px-6 py-3">
                          <StatusBadge status={solve.status} />
                        </td>
                        <td className="px-6 py-3 text-slate-300">{solveEnvironmentName(solve, environmentNames)}</td>
                        <td className="px-6 py-3 text-slate-400">{formatDate(solve.created_at)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
        </>
      )}
    </div>
  );
}
