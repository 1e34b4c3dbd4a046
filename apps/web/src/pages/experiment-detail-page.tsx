import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ALGORITHM_BY_NAME } from '@fleetlab/warehouse';
import { isNotFound } from '../api/client.ts';
import { useCancelExperiment, useDeleteExperiment, useExperiment, useScenario, useTask } from '../api/hooks.ts';
import type { Experiment } from '../api/types.ts';
import { Alert } from '../components/ui/alert.tsx';
import { StatusBadge } from '../components/ui/badges.tsx';
import { TextField } from '../components/ui/form-field.tsx';
import { EmptyState } from '../components/ui/page-header.tsx';
import { FullPageSpinner } from '../components/ui/spinner.tsx';
import { buttonDanger, buttonSecondary, card, linkText } from '../components/ui/styles.ts';
import { ComparisonTable } from '../experiments/comparison-table.tsx';
import {
  comparisonRows,
  experimentCsvFileName,
  experimentToCsv,
  hasExecutedFigures,
  sweepAxisOf,
  sweepKnee,
  sweepRows,
  type SweepRow,
} from '../experiments/experiment-figures.ts';
import { EXPERIMENT_KIND_LABELS } from '../experiments/experiment-labels.ts';
import { ExperimentProgress } from '../experiments/experiment-progress.tsx';
import { RobotUtilisation } from '../experiments/robot-utilisation.tsx';
import { SweepChart } from '../experiments/sweep-chart.tsx';
import { SweepTable } from '../experiments/sweep-table.tsx';
import { downloadTextFile } from '../lib/download-text-file.ts';

export default function ExperimentDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const experiment = useExperiment(id);
  const scenario = useScenario(experiment.data?.scenario_id);
  const task = useTask(experiment.data?.task_id);
  const cancelExperiment = useCancelExperiment();
  const deleteExperiment = useDeleteExperiment();
  const [actionError, setActionError] = useState<string | null>(null);
  // Percent typed on the page; null until the planner changes the experiment's own tolerance.
  const [tolerancePercent, setTolerancePercent] = useState<string | null>(null);

  if (experiment.isPending) return <FullPageSpinner label="Loading experiment" />;
  if (experiment.isError) {
    if (isNotFound(experiment.error)) {
      return (
        <EmptyState title="Experiment not found">
          <Link to="/experiments" className={linkText}>
            Back to Experiments
          </Link>
        </EmptyState>
      );
    }
    return <Alert tone="error">Failed to load experiment. Please try again later.</Alert>;
  }

  const record = experiment.data;
  const typedTolerance = tolerancePercent === null ? Number.NaN : Number(tolerancePercent) / 100;
  const tolerance = Number.isFinite(typedTolerance) && typedTolerance >= 0 ? typedTolerance : record.knee_tolerance;

  async function handleCancel() {
    setActionError(null);
    try {
      await cancelExperiment.mutateAsync(record.id);
    } catch {
      setActionError('Failed to cancel experiment.');
    }
  }

  async function handleDelete() {
    if (!window.confirm('Are you sure you want to delete this experiment and its solves?')) return;
    setActionError(null);
    try {
      await deleteExperiment.mutateAsync(record.id);
      navigate('/experiments');
    } catch {
      setActionError('Failed to delete experiment.');
    }
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <p className="text-sm text-slate-400">
            <Link to="/experiments" className={linkText}>
              Experiments
            </Link>{' '}
            / {record.name}
          </p>
          <h1 className="mt-1 flex items-center gap-3 text-2xl font-bold tracking-tight text-white">
            {record.name} <StatusBadge status={record.status} />
          </h1>
          <p className="mt-1 text-sm text-slate-400">
            {EXPERIMENT_KIND_LABELS[record.kind]} ·{' '}
            <Link to={`/scenarios/${record.scenario_id}`} className={linkText}>
              {scenario.data?.name ?? `Scenario ${record.scenario_id}`}
            </Link>{' '}
            ·{' '}
            <Link to={`/tasks/${record.task_id}`} className={linkText}>
              {task.data?.name ?? `Task ${record.task_id}`}
            </Link>{' '}
            · time limit {record.parameters.time_limit} s
          </p>
          {record.description && <p className="mt-2 text-slate-300">{record.description}</p>}
        </div>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={buttonSecondary}
            onClick={() => downloadTextFile(experimentCsvFileName(record.id), experimentToCsv(record, tolerance), 'text/csv')}
          >
            Export CSV
          </button>
          {record.status === 'running' && (
            <button type="button" className={buttonSecondary} onClick={handleCancel} disabled={cancelExperiment.isPending}>
              Cancel
            </button>
          )}
          <button type="button" className={buttonDanger} onClick={handleDelete} disabled={deleteExperiment.isPending}>
            Delete
          </button>
        </div>
      </div>

      {actionError && <Alert tone="error">{actionError}</Alert>}
      {record.status === 'running' && (
        <section className={`${card} p-5`} aria-label="Progress">
          <ExperimentProgress progress={record.progress} />
        </section>
      )}

      {record.kind !== 'algorithm_comparison' ? (
        <SweepResults
          record={record}
          tolerance={tolerance}
          tolerancePercent={tolerancePercent ?? String(record.knee_tolerance * 100)}
          onTolerancePercent={setTolerancePercent}
        />
      ) : (
        <section className={`${card} p-5`} aria-labelledby="comparison-heading">
          <h2 id="comparison-heading" className="mb-3 text-lg font-semibold text-white">
            Algorithms compared
          </h2>
          <ComparisonTable rows={comparisonRows(record.points)} />
        </section>
      )}
    </div>
  );
}

interface SweepResultsProps {
  record: Experiment;
  tolerance: number;
  tolerancePercent: string;
  onTolerancePercent: (value: string) => void;
}

function SweepResults({ record, tolerance, tolerancePercent, onTolerancePercent }: SweepResultsProps) {
  const axis = sweepAxisOf(record.kind);
  const axisLabel = axis === 'chargers' ? 'Chargers' : 'Robots';
  const rows = sweepRows(record.points, axis);
  const knee = sweepKnee(rows, tolerance);
  const curve = hasExecutedFigures(rows) ? 'executed makespan (with traffic)' : 'makespan';
  const [selectedSolveId, setSelectedSolveId] = useState<number | null>(null);
  const selected: SweepRow | null = rows.find((row) => row.solveId === selectedSolveId) ?? knee;
  return (
    <>
      <section className={`${card} space-y-4 p-5`} aria-labelledby="sweep-heading">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h2 id="sweep-heading" className="text-lg font-semibold text-white">
              {ALGORITHM_BY_NAME[record.algorithms[0]].label} by {axis === 'chargers' ? 'chargers per station' : 'fleet size'}
            </h2>
            <p className="text-sm text-slate-400">
              {knee
                ? axis === 'chargers'
                  ? `Knee: ${knee.x} chargers per station, the fewest within ${(tolerance * 100).toFixed(1)}% of the best ${curve}.`
                  : `Knee: ${knee.x} robots, the smallest fleet within ${(tolerance * 100).toFixed(1)}% of the best ${curve}.`
                : 'The knee appears once points have completed.'}
            </p>
          </div>
          <div className="w-40">
            <TextField
              label="Knee tolerance (%)"
              type="number"
              min={0}
              max={100}
              step={0.5}
              value={tolerancePercent}
              onChange={(event) => onTolerancePercent(event.target.value)}
            />
          </div>
        </div>
        <SweepChart rows={rows} knee={knee} axisLabel={axisLabel} />
        <SweepTable rows={rows} knee={knee} axisLabel={axisLabel} selectedSolveId={selected?.solveId ?? null} onSelect={(row) => setSelectedSolveId(row.solveId)} />
      </section>
      {selected && (
        <section className={`${card} p-5`}>
          <RobotUtilisation
            key={selected.solveId}
            solveId={selected.solveId}
            title={`Utilisation per robot: ${selected.robotCount ?? 'all'} robots (busy time / makespan)`}
          />
        </section>
      )}
    </>
  );
}
