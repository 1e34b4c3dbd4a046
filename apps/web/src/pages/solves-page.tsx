import { Link, useSearchParams } from 'react-router';
import { useEnvironments, useScenarios, useSolves } from '../api/hooks.ts';
import { StatusBadge } from '../components/ui/badges.tsx';
import { DataTable, NameWithDescriptionCell, RowLinkCell, type DataTableColumn } from '../components/ui/data-table.tsx';
import { FilterBar } from '../components/ui/filter-bar.tsx';
import { ListStates } from '../components/ui/list-states.tsx';
import { EmptyState, PageHeader } from '../components/ui/page-header.tsx';
import { buttonPrimary } from '../components/ui/styles.ts';
import { formatGrouped } from '../lib/display-format.ts';
import { parseIdParam } from '../lib/scenario-records.ts';
import { ownSolves, solveEnvironmentName } from '../lib/solve-records.ts';

const SOLVE_COLUMNS: readonly DataTableColumn[] = [
  { label: 'Name' },
  { label: 'Status' },
  { label: 'Environment' },
  { label: 'Scenario' },
  { label: 'Task Id' },
  { label: 'Results', align: 'right' },
];

export default function SolvesPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const environmentId = parseIdParam(searchParams.get('environment_id'));
  const scenarioId = parseIdParam(searchParams.get('scenario_id'));
  const solves = useSolves({ environment_id: environmentId, scenario_id: scenarioId });
  const environments = useEnvironments();
  const scenarios = useScenarios();

  const environmentNames = new Map((environments.data ?? []).map((environment) => [environment.id, environment.name]));
  const scenarioNames = new Map((scenarios.data ?? []).map((scenario) => [scenario.id, scenario.name]));
  // Experiment points are listed under their experiment; the filter shows them here too.
  const showPoints = searchParams.get('points') === 'shown';

  function setFilter(key: 'environment_id' | 'scenario_id' | 'points', value: string | null) {
    const next = new URLSearchParams(searchParams);
    if (value === null) next.delete(key);
    else next.set(key, value);
    setSearchParams(next);
  }

  return (
    <div>
      <PageHeader
        title="Solves"
        description="Optimisation runs that assign tasks to robots."
        actions={
          <Link to="/solves/create" className={buttonPrimary}>
            Create Solve
          </Link>
        }
      />
      <div className="mb-6 space-y-3">
        <FilterBar
          label="Environment"
          selected={environmentId}
          options={(environments.data ?? []).map((environment) => ({
            value: String(environment.id),
            label: environment.name,
          }))}
          onSelect={(value) => setFilter('environment_id', value)}
        />
        <FilterBar
          label="Scenario"
          selected={scenarioId}
          options={(scenarios.data ?? [])
            .filter((scenario) => environmentId === null || String(scenario.environment_id) === environmentId)
            .map((scenario) => ({ value: String(scenario.id), label: scenario.name }))}
          onSelect={(value) => setFilter('scenario_id', value)}
        />
        <label className="flex items-center gap-2 text-sm text-slate-300">
          <input
            type="checkbox"
            checked={showPoints}
            onChange={(event) => setFilter('points', event.target.checked ? 'shown' : null)}
          />
          Show experiment points
        </label>
      </div>
      <ListStates
        query={solves}
        loadingLabel="Loading solves"
        errorText="Failed to load solves. Please try again later."
        empty={
          <EmptyState title="No solves found">
            <p>Start an optimisation run to see how your fleet performs.</p>
          </EmptyState>
        }
      >
        {(solveList) => {
          const listed = showPoints ? solveList : ownSolves(solveList);
          const hidden = solveList.length - listed.length;
          // Every solve here is an experiment's point: say they are hidden, not that none exist.
          if (listed.length === 0)
            return (
              <EmptyState title="No solves of your own yet">
                <p>
                  {hidden === 1 ? '1 experiment point is' : `${formatGrouped(hidden)} experiment points are`} hidden:
                  tick Show experiment points to list {hidden === 1 ? 'it' : 'them'}, or start an optimisation run.
                </p>
              </EmptyState>
            );
          return (
            <DataTable inCard columns={SOLVE_COLUMNS}>
              {listed.map((solve) => (
                <tr key={solve.id} className="hover:bg-slate-800/40">
                  <NameWithDescriptionCell
                    name={solve.name}
                    description={
                      solve.experiment_id === undefined
                        ? solve.description
                        : `Point of experiment ${solve.experiment_id}`
                    }
                  />
                  <td className="px-5 py-3">
                    <StatusBadge status={solve.status} />
                  </td>
                  <td className="px-5 py-3 text-slate-300">{solveEnvironmentName(solve, environmentNames)}</td>
                  <td className="px-5 py-3 text-slate-300">
                    {scenarioNames.get(solve.scenario_id) ?? `Scenario ${solve.scenario_id}`}
                  </td>
                  <td className="px-5 py-3 font-mono text-slate-400">{solve.task_id}</td>
                  <RowLinkCell to={`/solves/${solve.id}`}>View Results</RowLinkCell>
                </tr>
              ))}
            </DataTable>
          );
        }}
      </ListStates>
    </div>
  );
}
