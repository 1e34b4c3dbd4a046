import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { CANCELLED_BY_USER_ERROR, robotModelLabel } from '@fleetlab/warehouse';
import { isApiError, isNotFound } from '../api/client.ts';
import {
  useCancelSolve,
  useCreateSolve,
  useDeleteSolve,
  useEnvironmentOf,
  useScenario,
  useSolve,
} from '../api/hooks.ts';
import type { Solve } from '../api/types.ts';
import { Alert } from '../components/ui/alert.tsx';
import { LayoutVersionNotice, layoutVersionName, nameOnVersion } from '../components/ui/layout-version-notice.tsx';
import { StatusBadge, TaskTypeBadge } from '../components/ui/badges.tsx';
import { FullPageSpinner, Spinner } from '../components/ui/spinner.tsx';
import { buttonDanger, buttonPrimary, buttonSecondary, card, linkText } from '../components/ui/styles.ts';
import { TaskLocations } from '../components/ui/task-locations.tsx';
import { SolveResults } from '../components/results/solve-results.tsx';
import { PathPlayer } from '../player/path-player.tsx';
import { formatCompletionTime, formatDateTime } from '../lib/display-format.ts';
import { solveEnvironmentName } from '../lib/solve-records.ts';
import { solveErrorText, solveProgress } from '../lib/solve-results.ts';

export default function SolveDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const solve = useSolve(id);
  const scenario = useScenario(solve.data?.scenario_id);
  // The layout the solve ran on, even when the environment has been edited since.
  const environment = useEnvironmentOf(solve.data?.status === 'completed' ? solve.data : null);
  const deleteSolve = useDeleteSolve();
  const createSolve = useCreateSolve();
  const cancelSolve = useCancelSolve();
  const [actionError, setActionError] = useState<string | null>(null);

  if (solve.isPending) return <FullPageSpinner label="Loading solve" />;
  if (solve.isError) {
    if (isNotFound(solve.error)) {
      return (
        <div className={`${card} mx-auto max-w-xl p-10 text-center`}>
          <h1 className="text-xl font-semibold text-white">Solve not found</h1>
          <p className="mt-2 text-sm text-slate-400">
            The solve you are looking for may have been deleted or never existed.
          </p>
          <Link to="/solves" className={`${buttonPrimary} mt-6`}>
            Back to Solves
          </Link>
        </div>
      );
    }
    return <Alert tone="error">Failed to load solve details. Please try again later.</Alert>;
  }

  const record = solve.data;

  async function handleDelete() {
    if (!window.confirm('Are you sure you want to delete this solve?')) return;
    setActionError(null);
    try {
      await deleteSolve.mutateAsync(record.id);
      void navigate('/solves');
    } catch {
      setActionError('Failed to delete solve.');
    }
  }

  /** Stops a pending or running solve; it stays, failed with 'Cancelled by the user'. */
  async function handleCancel() {
    if (!window.confirm('Are you sure you want to cancel this solve? It stops now and keeps no plan.')) return;
    setActionError(null);
    try {
      await cancelSolve.mutateAsync(record.id);
    } catch {
      setActionError('Failed to cancel solve.');
    }
  }
  /** The same solve (settings, scenario, task) on the environment's newest layout. */
  async function handleRerun() {
    setActionError(null);
    try {
      const rerun = await createSolve.mutateAsync({
        name: nameOnVersion(record.name, record.environment_latest_version),
        description: record.description ?? undefined,
        environment_id: record.environment_id,
        scenario_id: record.scenario_id,
        task_id: record.task_id,
        algorithm_id: record.algorithm_id,
        parameters: record.parameters,
      });
      await navigate(`/solves/${rerun.id}`);
    } catch (error) {
      const reason = isApiError(error) ? error.detail : undefined;
      setActionError(`Failed to re-run the solve${reason ? `: ${reason}` : '.'}`);
    }
  }
  const unfinished = record.status === 'pending' || record.status === 'running';

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <p className="text-sm text-slate-400">
            <Link to="/solves" className={linkText}>
              Solves
            </Link>{' '}
            / {record.name}
          </p>
          <div className="mt-1 flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-bold tracking-tight text-white">{record.name}</h1>
            <StatusBadge status={record.status} />
          </div>
          {record.description && <p className="mt-1 max-w-3xl text-sm text-slate-400">{record.description}</p>}
        </div>
        <div className="flex gap-3">
          {unfinished && (
            <button type="button" className={buttonSecondary} onClick={handleCancel} disabled={cancelSolve.isPending}>
              Cancel
            </button>
          )}
          <button type="button" className={buttonDanger} onClick={handleDelete} disabled={deleteSolve.isPending}>
            Delete
          </button>
        </div>
      </div>

      {actionError && <Alert tone="error">{actionError}</Alert>}

      <LayoutVersionNotice
        record={record}
        subject="This solve"
        action={
          <button type="button" className={buttonPrimary} onClick={handleRerun} disabled={createSolve.isPending}>
            Re-run on version {record.environment_latest_version}
          </button>
        }
      />

      <section className={`${card} p-5`} aria-label="Solve information">
        <dl className="grid gap-4 text-sm sm:grid-cols-2 lg:grid-cols-6">
          <InfoItem label="Environment">
            <Link to={`/environments/${record.environment_id}`} className={linkText}>
              {solveEnvironmentName(record)}
            </Link>
          </InfoItem>
          <InfoItem label="Layout">{layoutVersionName(record.environment_version)}</InfoItem>
          <InfoItem label="Scenario">
            <Link to={`/scenarios/${record.scenario_id}`} className={linkText}>
              {scenario.data?.name ?? `Scenario ${record.scenario_id}`}
            </Link>
          </InfoItem>
          <InfoItem label="Algorithm">{record.parameters?.algorithm_type || 'Standard'}</InfoItem>
          <InfoItem label="Robot Model">
            {robotModelLabel(
              typeof record.stats?.robot_model === 'string' ? record.stats.robot_model : record.parameters?.robot_model,
            )}
          </InfoItem>
          <InfoItem label="Last Updated">{formatDateTime(record.updated_at)}</InfoItem>
          <InfoItem label="Task Id">
            <span className="break-all font-mono text-xs">{record.celery_task_id ?? '—'}</span>
          </InfoItem>
        </dl>
      </section>

      <StatusPanel solve={record} />

      {record.status === 'completed' && (
        <SolveResults
          solve={record}
          environment={environment.data}
          player={
            environment.data ? (
              <PathPlayer
                environment={environment.data}
                results={record.results}
                stats={record.stats}
                parameters={record.parameters}
                execution={record.execution}
              />
            ) : null
          }
        />
      )}

      <section className={card} aria-labelledby="solve-tasks-heading">
        <h2 id="solve-tasks-heading" className="border-b border-slate-800 px-5 py-4 text-lg font-semibold text-white">
          Tasks
        </h2>
        {(record.tasks ?? []).length === 0 ? (
          <p className="px-5 py-6 text-sm text-slate-400">
            Task{' '}
            <Link to={`/tasks/${record.task_id}`} className={linkText}>
              #{record.task_id}
            </Link>
          </p>
        ) : (
          <ul className="divide-y divide-slate-800">
            {(record.tasks ?? []).map((task) => (
              <li key={task.id} className="space-y-3 px-5 py-4">
                <div className="flex flex-wrap items-center gap-3">
                  <Link to={`/tasks/${task.id}`} className={`${linkText} font-semibold`}>
                    {task.name}
                  </Link>
                  <TaskTypeBadge taskType={task.task_type} />
                </div>
                <TaskLocations details={task.details} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function InfoItem({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wider text-slate-500">{label}</dt>
      <dd className="mt-1 text-slate-100">{children}</dd>
    </div>
  );
}

function StatusPanel({ solve }: { solve: Solve }) {
  if (solve.status === 'pending') {
    return (
      <section className={`${card} border-yellow-500/30 p-6`} aria-live="polite">
        <h2 className="text-lg font-semibold text-yellow-200">Waiting to start...</h2>
        <p className="mt-1 text-sm text-slate-400">Your optimization will start soon.</p>
      </section>
    );
  }
  if (solve.status === 'running') {
    const progress = solveProgress(solve);
    return (
      <section className={`${card} border-blue-500/30 p-6`} aria-live="polite">
        <div className="flex items-center gap-4">
          <Spinner label="Optimization running" />
          <div>
            {solve.parameters?.shift ? (
              <>
                <h2 className="text-lg font-semibold text-blue-200">Shift in progress</h2>
                <p className="mt-1 text-sm text-slate-400">
                  Orders are released and handed to the robots as the shift runs; the bar follows the shift's clock.
                </p>
              </>
            ) : (
              <>
                <h2 className="text-lg font-semibold text-blue-200">Optimization in progress</h2>
                <p className="mt-1 text-sm text-slate-400">This may take a few moments.</p>
              </>
            )}
          </div>
        </div>
        {progress && (
          <div className="mt-5">
            <div className="mb-1 flex justify-between text-xs text-slate-400">
              <span>{Math.round(progress.percent)}% complete</span>
              {progress.best_makespan_s !== null && progress.best_makespan_s !== undefined && (
                <span>Best makespan so far: {formatCompletionTime(progress.best_makespan_s)}</span>
              )}
            </div>
            <div
              role="progressbar"
              aria-label="Optimization progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(progress.percent)}
              className="h-2 overflow-hidden rounded-full bg-slate-800"
            >
              <div
                className="h-full rounded-full bg-blue-500 transition-all"
                style={{ width: `${progress.percent}%` }}
              />
            </div>
          </div>
        )}
      </section>
    );
  }
  if (solve.status === 'failed') {
    const errorText = solveErrorText(solve);
    const cancelled = errorText === CANCELLED_BY_USER_ERROR;
    return (
      <section className={`${card} border-red-500/30 p-6`}>
        <h2 className="text-lg font-semibold text-red-200">
          {cancelled ? 'Optimization Cancelled' : 'Optimization Failed'}
        </h2>
        <p className="mt-1 text-sm text-slate-400">
          {cancelled
            ? 'The optimization was stopped before it finished; no plan was kept.'
            : 'The optimization process encountered an error.'}
        </p>
        {errorText && (
          <div className="mt-4 rounded-lg border border-red-500/30 bg-red-500/10 p-4">
            <p className="text-sm font-semibold text-red-200">Error Details:</p>
            <pre className="mt-2 whitespace-pre-wrap break-words font-mono text-xs text-red-100">{errorText}</pre>
          </div>
        )}
        <Link to="/solves/create" className={`${buttonPrimary} mt-5`}>
          Try Again
        </Link>
      </section>
    );
  }
  return null;
}
