import { Link, useSearchParams } from 'react-router';
import { useEnvironments, useScenarios } from '../api/hooks.ts';
import { FilterBar } from '../components/ui/filter-bar.tsx';
import { ListStates } from '../components/ui/list-states.tsx';
import { EmptyState, PageHeader } from '../components/ui/page-header.tsx';
import { buttonPrimary, card, linkText } from '../components/ui/styles.ts';
import { parseIdParam, scenarioEnvironmentName, scenarioRobotCount } from '../lib/scenario-records.ts';

export default function ScenariosPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const environmentId = parseIdParam(searchParams.get('environment_id'));
  const environments = useEnvironments();
  const scenarios = useScenarios(environmentId);

  const createLink = environmentId ? `/scenarios/create?environment_id=${environmentId}` : '/scenarios/create';

  return (
    <div>
      <PageHeader
        title="Scenarios"
        description="Order volumes and fleets attached to your warehouse layouts."
        actions={
          <Link to={createLink} className={buttonPrimary}>
            Create Scenario
          </Link>
        }
      />
      <div className="mb-6">
        <FilterBar
          label="Environment"
          selected={environmentId}
          options={(environments.data ?? []).map((environment) => ({
            value: String(environment.id),
            label: environment.name,
          }))}
          onSelect={(value) => setSearchParams(value === null ? {} : { environment_id: value })}
        />
      </div>
      <ListStates
        query={scenarios}
        loadingLabel="Loading scenarios"
        errorText="Failed to load scenarios. Please try again later."
        empty={
          <EmptyState title="No scenarios found">
            {environmentId ? (
              <p>
                No scenarios exist for the selected environment.{' '}
                <Link to={createLink} className={linkText}>
                  Create one now!
                </Link>
              </p>
            ) : (
              <p>Create your first scenario to get started.</p>
            )}
          </EmptyState>
        }
      >
        {(scenarioList) => (
          <ul aria-label="Scenario list" className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {scenarioList.map((scenario) => {
              const robots = scenarioRobotCount(scenario, environments.data);
              return (
                <li key={scenario.id} className={`${card} flex flex-col p-5`}>
                  <p className="text-xs font-semibold uppercase tracking-wider text-indigo-300">
                    {scenarioEnvironmentName(scenario, environments.data)}
                  </p>
                  <h2 className="mt-1 text-lg font-semibold text-white">{scenario.name}</h2>
                  <p className="mt-2 line-clamp-3 flex-1 text-sm text-slate-400">
                    {scenario.description || 'No description provided'}
                  </p>
                  <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
                    <div className="rounded-lg bg-slate-800/60 px-3 py-2">
                      <dt className="text-xs text-slate-400">Order Volume</dt>
                      <dd className="font-semibold text-white">{scenario.parameters?.order_volume ?? 'Not set'}</dd>
                    </div>
                    <div className="rounded-lg bg-slate-800/60 px-3 py-2">
                      <dt className="text-xs text-slate-400">Robots</dt>
                      <dd className="font-semibold text-white">{robots ?? 'Not set'}</dd>
                    </div>
                  </dl>
                  <Link to={`/scenarios/${scenario.id}`} className={`${linkText} mt-4 text-sm`}>
                    View Details
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </ListStates>
    </div>
  );
}
