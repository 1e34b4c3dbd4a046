import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { isNotFound } from '../api/client.ts';
import { useDeleteTask, useEnvironment, useScenario, useTask } from '../api/hooks.ts';
import { EnvironmentMap } from '../components/map/environment-map.tsx';
import { Alert } from '../components/ui/alert.tsx';
import { TaskTypeBadge } from '../components/ui/badges.tsx';
import { GraphToggle } from '../components/ui/graph-toggle.tsx';
import { EmptyState } from '../components/ui/page-header.tsx';
import { FullPageSpinner } from '../components/ui/spinner.tsx';
import { buttonDanger, card, linkText } from '../components/ui/styles.ts';
import { TaskLocations } from '../components/ui/task-locations.tsx';
import { formatDateTime } from '../lib/display-format.ts';

export default function TaskDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const task = useTask(id);
  const scenario = useScenario(task.data?.scenario_id);
  const environment = useEnvironment(scenario.data?.environment_id);
  const deleteTask = useDeleteTask();
  const [showGraph, setShowGraph] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const highlight = useMemo(() => {
    const pairs = task.data?.details?.tasks ?? [];
    return { pickups: pairs.map(([pickup]) => pickup), dropoffs: pairs.map(([, dropoff]) => dropoff) };
  }, [task.data]);

  if (task.isPending) return <FullPageSpinner label="Loading task" />;
  if (task.isError) {
    if (isNotFound(task.error)) {
      return (
        <EmptyState title="Task not found">
          <Link to="/tasks" className={linkText}>
            Back to Tasks
          </Link>
        </EmptyState>
      );
    }
    return <Alert tone="error">Failed to load task details. Please try again later.</Alert>;
  }

  const record = task.data;
  const additionalDetails = record.details?.additional_details;

  async function handleDelete() {
    if (!window.confirm('Are you sure you want to delete this task?')) return;
    setDeleteError(null);
    try {
      await deleteTask.mutateAsync(record.id);
      void navigate(`/tasks?scenario_id=${record.scenario_id}`);
    } catch {
      setDeleteError('Failed to delete task.');
    }
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <p className="text-sm text-slate-400">
            <Link to="/tasks" className={linkText}>
              Tasks
            </Link>{' '}
            / {record.name}
          </p>
          <div className="mt-1 flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-bold tracking-tight text-white">{record.name}</h1>
            <TaskTypeBadge taskType={record.task_type} />
          </div>
          <p className="mt-1 text-sm text-slate-400">
            Scenario:{' '}
            <Link to={`/scenarios/${record.scenario_id}`} className={linkText}>
              {scenario.data?.name ?? `Scenario ${record.scenario_id}`}
            </Link>
          </p>
        </div>
        <button type="button" className={buttonDanger} onClick={handleDelete} disabled={deleteTask.isPending}>
          Delete
        </button>
      </div>

      {deleteError && <Alert tone="error">{deleteError}</Alert>}

      <div className="grid gap-6 lg:grid-cols-2">
        <section className={`${card} space-y-4 p-5`} aria-labelledby="task-overview-heading">
          <h2 id="task-overview-heading" className="text-lg font-semibold text-white">
            Overview
          </h2>
          <p className="text-slate-200">{record.description || 'No description provided'}</p>
          <dl className="grid grid-cols-2 gap-3 text-sm">
            <div>
              <dt className="text-xs text-slate-400">Status</dt>
              <dd className="capitalize text-slate-100">{record.status ?? 'pending'}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-400">Priority</dt>
              <dd className="text-slate-100">{record.details?.priority ?? '—'}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-400">Created</dt>
              <dd className="text-slate-100">{formatDateTime(record.created_at)}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-400">Last Updated</dt>
              <dd className="text-slate-100">{formatDateTime(record.updated_at)}</dd>
            </div>
          </dl>
        </section>
        <section className={`${card} p-5`} aria-labelledby="task-locations-heading">
          <h2 id="task-locations-heading" className="mb-3 text-lg font-semibold text-white">
            Pickups and Dropoffs
          </h2>
          <TaskLocations details={record.details} />
        </section>
      </div>

      {additionalDetails !== undefined && additionalDetails !== null && (
        <section className={`${card} p-5`} aria-labelledby="task-additional-heading">
          <h2 id="task-additional-heading" className="mb-3 text-lg font-semibold text-white">
            Additional Details
          </h2>
          <pre className="overflow-x-auto rounded-lg bg-slate-950 p-4 font-mono text-xs text-slate-300">
            {JSON.stringify(additionalDetails, null, 2)}
          </pre>
        </section>
      )}

      <section className={`${card} p-5`} aria-labelledby="task-map-heading">
        <div className="mb-3 flex items-center justify-between gap-4">
          <h2 id="task-map-heading" className="text-lg font-semibold text-white">
            Environment Map
          </h2>
          <GraphToggle showGraph={showGraph} onToggle={() => setShowGraph((shown) => !shown)} />
        </div>
        {environment.isError || scenario.isError ? (
          <Alert tone="error">Failed to load environment details. Please try again later.</Alert>
        ) : environment.data ? (
          <EnvironmentMap
            environment={environment.data}
            showGraph={showGraph}
            highlight={highlight}
            highlightLabel="In this task"
          />
        ) : (
          <FullPageSpinner label="Loading map" />
        )}
      </section>
    </div>
  );
}
