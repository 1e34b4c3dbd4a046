import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { isApiError, isNotFound } from '../api/client.ts';
import {
  useCreateScenario,
  useDeleteScenario,
  useEnvironmentOf,
  useSaveTasks,
  useScenario,
  useTasks,
} from '../api/hooks.ts';
import { EnvironmentMap } from '../components/map/environment-map.tsx';
import { Alert } from '../components/ui/alert.tsx';
import { LayoutVersionNotice, nameOnVersion } from '../components/ui/layout-version-notice.tsx';
import { TaskTypeBadge } from '../components/ui/badges.tsx';
import { DataTable, RowLinkCell, type DataTableColumn } from '../components/ui/data-table.tsx';
import { GraphToggle } from '../components/ui/graph-toggle.tsx';
import { ListStates } from '../components/ui/list-states.tsx';
import { EmptyState } from '../components/ui/page-header.tsx';
import { FullPageSpinner } from '../components/ui/spinner.tsx';
import { buttonDanger, buttonPrimary, buttonSecondary, card, linkText } from '../components/ui/styles.ts';
import { fleetSizeOf } from '../lib/fleet-size.ts';
import { SCENARIO_TASK_PREVIEW_LIMIT, scenarioCopyBody, taskCopyBatches } from '../lib/scenario-records.ts';
import { ScenarioParametersPanel } from '../experiments/scenario-parameters-panel.tsx';

const SCENARIO_TASK_COLUMNS: readonly DataTableColumn[] = [
  { label: 'ID' },
  { label: 'Name' },
  { label: 'Type' },
  { label: 'View', align: 'right' },
];

export default function ScenarioDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const scenario = useScenario(id);
  // The layout the scenario was made on, even when the environment has been edited since.
  const environment = useEnvironmentOf(scenario.data);
  const tasks = useTasks(id, { enabled: scenario.isSuccess });
  const deleteScenario = useDeleteScenario();
  const createScenario = useCreateScenario();
  const saveTasks = useSaveTasks();
  const [copying, setCopying] = useState(false);
  const [showGraph, setShowGraph] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const fleetSize = useMemo(() => fleetSizeOf(environment.data), [environment.data]);

  if (scenario.isPending) return <FullPageSpinner label="Loading scenario" />;
  if (scenario.isError) {
    if (isNotFound(scenario.error)) {
      return (
        <EmptyState title="Scenario not found">
          <Link to="/scenarios" className={linkText}>
            Back to Scenarios
          </Link>
        </EmptyState>
      );
    }
    return <Alert tone="error">Failed to load scenario details. Please try again later.</Alert>;
  }

  const record = scenario.data;
  const taskList = tasks.data ?? [];

  async function handleDelete() {
    if (!window.confirm('Are you sure you want to delete this scenario?')) return;
    setActionError(null);
    try {
      await deleteScenario.mutateAsync(record.id);
      void navigate('/scenarios');
    } catch {
      setActionError('Failed to delete scenario.');
    }
  }

  /**
   * The scenario and its tasks made again on the environment's newest layout, then opened. A
   * task the newest layout cannot serve (a point removed) refuses the copy: the new scenario is
   * deleted again, so nothing half-copied stays.
   */
  async function handleCopyToNewest() {
    setActionError(null);
    setCopying(true);
    let copyId: number | null = null;
    try {
      const copy = await createScenario.mutateAsync(
        scenarioCopyBody(record, nameOnVersion(record.name, record.environment_latest_version)),
      );
      copyId = copy.id;
      for (const batch of taskCopyBatches(taskList, copy.id)) await saveTasks.mutateAsync(batch);
      await navigate(`/scenarios/${copy.id}`);
    } catch (error) {
      if (copyId !== null) await deleteScenario.mutateAsync(copyId).catch(() => undefined);
      const reason = isApiError(error) ? error.detail : undefined;
      setActionError(
        `Failed to copy the scenario to version ${record.environment_latest_version}${reason ? `: ${reason}` : '.'}`,
      );
    } finally {
      setCopying(false);
    }
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <p className="text-sm text-slate-400">
            <Link to="/scenarios" className={linkText}>
              Scenarios
            </Link>{' '}
            / {record.name}
          </p>
          <h1 className="mt-1 text-2xl font-bold tracking-tight text-white">{record.name}</h1>
          <p className="mt-1 text-sm text-slate-400">
            Environment:{' '}
            <Link to={`/environments/${record.environment_id}`} className={linkText}>
              {record.environment?.name ?? environment.data?.name ?? `Environment ${record.environment_id}`}
            </Link>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to={`/tasks/generate?scenario_id=${record.id}`} className={buttonPrimary}>
            Generate Tasks
          </Link>
          <Link to={`/experiments/create?scenario_id=${record.id}`} className={buttonSecondary}>
            Run Experiment
          </Link>
          <button type="button" className={buttonDanger} onClick={handleDelete} disabled={deleteScenario.isPending}>
            Delete
          </button>
        </div>
      </div>

      {actionError && <Alert tone="error">{actionError}</Alert>}

      <LayoutVersionNotice
        record={record}
        subject="This scenario"
        action={
          <button
            type="button"
            className={buttonPrimary}
            onClick={handleCopyToNewest}
            disabled={copying || !tasks.isSuccess}
            title="Makes this scenario and its tasks again on the newest layout"
          >
            Copy to version {record.environment_latest_version}
          </button>
        }
      />

      <section className={`${card} p-5`} aria-labelledby="scenario-description-heading">
        <h2 id="scenario-description-heading" className="text-sm font-semibold uppercase tracking-wider text-slate-400">
          Description
        </h2>
        <p className="mt-2 text-slate-200">{record.description || 'No description provided'}</p>
      </section>

      <ScenarioParametersPanel scenario={record} fleet={fleetSize} />

      <section className={`${card} p-5`} aria-labelledby="scenario-map-heading">
        <div className="mb-3 flex items-center justify-between gap-4">
          <h2 id="scenario-map-heading" className="text-lg font-semibold text-white">
            Environment Map
          </h2>
          <GraphToggle showGraph={showGraph} onToggle={() => setShowGraph((shown) => !shown)} />
        </div>
        {environment.isError ? (
          <Alert tone="error">Failed to load environment details. Please try again later.</Alert>
        ) : environment.data ? (
          <EnvironmentMap environment={environment.data} showGraph={showGraph} />
        ) : (
          <FullPageSpinner label="Loading map" />
        )}
      </section>

      <section className={card} aria-labelledby="scenario-tasks-heading">
        <div className="flex items-center justify-between border-b border-slate-800 px-5 py-4">
          <h2 id="scenario-tasks-heading" className="text-lg font-semibold text-white">
            Tasks
          </h2>
          {taskList.length > 0 && (
            <Link to={`/tasks?scenario_id=${record.id}`} className={`${linkText} text-sm`}>
              View all {taskList.length} tasks
            </Link>
          )}
        </div>
        <ListStates
          query={tasks}
          loadingLabel="Loading tasks"
          errorText="Failed to load tasks. Please try again later."
          errorClassName="p-5"
          empty={
            <p className="px-5 py-8 text-center text-sm text-slate-400">
              No tasks found.{' '}
              <Link to={`/tasks/generate?scenario_id=${record.id}`} className={linkText}>
                Generate tasks with AI
              </Link>
            </p>
          }
        >
          {(scenarioTasks) => (
            <DataTable columns={SCENARIO_TASK_COLUMNS}>
              {scenarioTasks.slice(0, SCENARIO_TASK_PREVIEW_LIMIT).map((task) => (
                <tr key={task.id} className="hover:bg-slate-800/40">
                  <td className="px-5 py-3 font-mono text-slate-400">{task.id}</td>
                  <td className="px-5 py-3 text-slate-100">{task.name}</td>
                  <td className="px-5 py-3">
                    <TaskTypeBadge taskType={task.task_type} />
                  </td>
                  <RowLinkCell to={`/tasks/${task.id}`}>View</RowLinkCell>
                </tr>
              ))}
            </DataTable>
          )}
        </ListStates>
      </section>
    </div>
  );
}
