import { useQueries } from '@tanstack/react-query';
import { Link } from 'react-router';
import { environmentQueries, scenarioQueries, solveQueries } from '../api/queries.ts';
import type { EnvironmentSummary, Scenario, SolveSummary } from '../api/types.ts';
import { StatusBadge } from '../components/ui/badges.tsx';
import { DataTable, type DataTableColumn } from '../components/ui/data-table.tsx';
import { ListStates } from '../components/ui/list-states.tsx';
import { PageHeader } from '../components/ui/page-header.tsx';
import { buttonPrimary, card, focusRing, linkText } from '../components/ui/styles.ts';
import { formatDate } from '../lib/display-format.ts';
import { ownSolves, recentSolves, solveEnvironmentName } from '../lib/solve-records.ts';

const RECENT_SOLVE_COLUMNS: readonly DataTableColumn[] = [
  { label: 'Name' },
  { label: 'Status' },
  { label: 'Environment' },
  { label: 'Created' },
];

function Counter({ label, value, to }: { label: string; value: number; to: string }) {
  return (
    <Link to={to} className={`${card} group block p-6 transition hover:border-indigo-500/50 ${focusRing}`}>
      <p className="text-sm font-medium text-slate-400">{label}</p>
      <p className="mt-2 text-4xl font-bold text-white">{value}</p>
      <p className="mt-3 text-sm text-indigo-300 group-hover:text-indigo-200">View all →</p>
    </Link>
  );
}

interface OverviewLists {
  readonly environments: readonly EnvironmentSummary[];
  readonly scenarios: readonly Scenario[];
  readonly solves: readonly SolveSummary[];
}

/** A new account's first step: drawing its warehouse in the grid editor. */
function FirstStep() {
  return (
    <section className={`${card} p-8`} aria-labelledby="first-step-heading">
      <h2 id="first-step-heading" className="text-xl font-semibold text-white">
        Start by drawing your warehouse
      </h2>
      <p className="mt-2 max-w-2xl text-slate-300">
        Draw shelves, pickup and drop-off points and charging stations with their robots on the grid. Then add orders,
        and size the fleet and the chargers that serve them.
      </p>
      <Link to="/environments/create" className={`${buttonPrimary} mt-5`}>
        Open the Grid Editor
      </Link>
    </section>
  );
}

function Overview({ environments, scenarios, solves: allSolves }: OverviewLists) {
  if (environments.length === 0) return <FirstStep />;
  const environmentNames = new Map(environments.map((environment) => [environment.id, environment.name]));
  // Experiment points are counted and listed under their experiments.
  const solves = ownSolves(allSolves);
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-3">
        <Counter label="Environments" value={environments.length} to="/environments" />
        <Counter label="Scenarios" value={scenarios.length} to="/scenarios" />
        <Counter label="Solves" value={solves.length} to="/solves" />
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
        {solves.length === 0 ? (
          <p className="px-6 py-10 text-center text-sm text-slate-400">No solves yet. Create your first one!</p>
        ) : (
          <DataTable columns={RECENT_SOLVE_COLUMNS} density="spacious">
            {recentSolves(solves).map((solve) => (
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
          </DataTable>
        )}
      </section>
    </>
  );
}

export default function DashboardPage() {
  // One state for the three lists: any failure shows the error, any load the spinner.
  const overview = useQueries({
    queries: [environmentQueries.list(), scenarioQueries.list(), solveQueries.list()],
    combine: ([environments, scenarios, solves]) => ({
      isPending: environments.isPending || scenarios.isPending || solves.isPending,
      isError: environments.isError || scenarios.isError || solves.isError,
      data:
        environments.data && scenarios.data && solves.data
          ? { environments: environments.data, scenarios: scenarios.data, solves: solves.data }
          : undefined,
    }),
  });

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
      <ListStates
        query={overview}
        loadingLabel="Loading dashboard"
        errorText="Failed to load dashboard data. Please try again later."
      >
        {(lists) => <Overview {...lists} />}
      </ListStates>
    </div>
  );
}
