import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import {
  ALGORITHM_BY_NAME,
  DEFAULT_CYCLE_P95_TARGET_S,
  EXPERIMENT_KINDS,
  DEFAULT_KNEE_RULE,
  experimentRerunBody,
  nextSweepValues,
  SOLVE_PARAMETER_RANGES,
  type KneeRule,
  type KneeRuleName,
} from '@fleetlab/warehouse';
import { isApiError, isNotFound } from '../api/client.ts';
import {
  useAddExperimentPoints,
  useCancelExperiment,
  useCreateExperiment,
  useDeleteExperiment,
  useEnvironment,
  useExperiment,
  useScenario,
  useTask,
} from '../api/hooks.ts';
import type { Experiment } from '../api/types.ts';
import { Alert } from '../components/ui/alert.tsx';
import { LayoutVersionNotice, layoutVersionName, nameOnVersion } from '../components/ui/layout-version-notice.tsx';
import { StatusBadge } from '../components/ui/badges.tsx';
import { SelectField, TextField } from '../components/ui/form-field.tsx';
import { EmptyState } from '../components/ui/page-header.tsx';
import { FullPageSpinner } from '../components/ui/spinner.tsx';
import { buttonDanger, buttonPrimary, buttonSecondary, card, linkText } from '../components/ui/styles.ts';
import { ComparisonTable } from '../experiments/comparison-table.tsx';
import {
  comparisonRows,
  experimentCsvFileName,
  experimentToCsv,
  hasExecutedFigures,
  settingsOfEveryPoint,
  soFarText,
  sweepAnswer,
  sweepAxisOf,
  sweepKnee,
  sweepRows,
  type SweepRow,
  utilisationTitle,
} from '../experiments/experiment-figures.ts';
import {
  defaultKneeValue,
  isKneeRuleName,
  KNEE_RULE_OPTIONS,
  kneeChartLabel,
  kneeFindingText,
  kneeRuleOf,
  kneeValueLabel,
} from '../experiments/knee-rule-text.ts';
import {
  parseP95TargetMinutes,
  runsShifts,
  shiftSweepAnswer,
  shiftSweepAxisOf,
  shiftSweepCsv,
  shiftSweepRows,
} from '../experiments/shift-sweep-figures.ts';
import { ShiftSweepResults, startingTargetMinutes } from '../experiments/shift-sweep-results.tsx';
import { ExperimentProgress } from '../experiments/experiment-progress.tsx';
import { robotModelCsv } from '../experiments/robot-model-figures.ts';
import { RobotModelResults } from '../experiments/robot-model-results.tsx';
import { RobotUtilisation } from '../experiments/robot-utilisation.tsx';
import { SweepChart } from '../experiments/sweep-chart.tsx';
import { SweepTable } from '../experiments/sweep-table.tsx';
import { downloadTextFile } from '../lib/download-text-file.ts';
import { fleetSizeOf } from '../lib/fleet-size.ts';

export default function ExperimentDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const experiment = useExperiment(id);
  const scenario = useScenario(experiment.data?.scenario_id);
  const task = useTask(experiment.data?.task_id);
  const cancelExperiment = useCancelExperiment();
  const deleteExperiment = useDeleteExperiment();
  const createExperiment = useCreateExperiment();
  const [actionError, setActionError] = useState<string | null>(null);
  // The knee rule and its value live in the address, so a reload or a shared link keeps them.
  const [searchParams, setSearchParams] = useSearchParams();
  const ruleParam = searchParams.get('knee');
  const kneeRuleName: KneeRuleName = isKneeRuleName(ruleParam) ? ruleParam : DEFAULT_KNEE_RULE.rule;

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
  const kneeValue = searchParams.get('knee_value') ?? defaultKneeValue(kneeRuleName, record.knee_tolerance);
  const kneeRule = kneeRuleOf(kneeRuleName, kneeValue);
  const setKnee = (rule: KneeRuleName, value: string) =>
    setSearchParams({ knee: rule, knee_value: value }, { replace: true });
  // A shift experiment's P95 target, in minutes, lives in the address too.
  const shifts = runsShifts(record);
  const targetMinutes = searchParams.get('p95_target_min') ?? startingTargetMinutes(record);
  const setTargetMinutes = (value: string) => setSearchParams({ p95_target_min: value }, { replace: true });

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
      void navigate('/experiments');
    } catch {
      setActionError('Failed to delete experiment.');
    }
  }

  /** The same experiment (kind, points, settings, scenario, task) on the environment's newest layout. */
  async function handleRerun() {
    setActionError(null);
    try {
      const rerun = await createExperiment.mutateAsync(
        experimentRerunBody(record, nameOnVersion(record.name, record.environment_latest_version)),
      );
      await navigate(`/experiments/${rerun.id}`);
    } catch (error) {
      const reason = isApiError(error) ? error.detail : undefined;
      setActionError(`Failed to re-run the experiment${reason ? `: ${reason}` : '.'}`);
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
            {EXPERIMENT_KINDS[record.kind].label} ·{' '}
            <Link to={`/scenarios/${record.scenario_id}`} className={linkText}>
              {scenario.data?.name ?? `Scenario ${record.scenario_id}`}
            </Link>{' '}
            ·{' '}
            <Link to={`/tasks/${record.task_id}`} className={linkText}>
              {task.data?.name ?? `Task ${record.task_id}`}
            </Link>{' '}
            · {layoutVersionName(record.environment_version)}
          </p>
          <p className="mt-1 text-xs text-slate-400" role="note" aria-label="Settings of every point">
            {settingsOfEveryPoint(record)}
          </p>
          {record.description && <p className="mt-2 text-slate-300">{record.description}</p>}
        </div>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={buttonSecondary}
            onClick={() =>
              downloadTextFile(
                experimentCsvFileName(record.id),
                record.kind === 'robot_model_comparison'
                  ? robotModelCsv(record)
                  : shifts
                    ? shiftExperimentCsv(record, targetMinutes)
                    : experimentToCsv(record, 'rule' in kneeRule ? kneeRule.rule : DEFAULT_KNEE_RULE),
                'text/csv',
              )
            }
          >
            Export CSV
          </button>
          {record.status === 'running' && (
            <button
              type="button"
              className={buttonSecondary}
              onClick={handleCancel}
              disabled={cancelExperiment.isPending}
            >
              Cancel
            </button>
          )}
          <button type="button" className={buttonDanger} onClick={handleDelete} disabled={deleteExperiment.isPending}>
            Delete
          </button>
        </div>
      </div>

      {actionError && <Alert tone="error">{actionError}</Alert>}
      <LayoutVersionNotice
        record={record}
        subject="This experiment"
        action={
          <button type="button" className={buttonPrimary} onClick={handleRerun} disabled={createExperiment.isPending}>
            Re-run on version {record.environment_latest_version}
          </button>
        }
      />
      {record.status === 'running' && (
        <section className={`${card} p-5`} aria-label="Progress">
          <ExperimentProgress progress={record.progress} />
        </section>
      )}

      {record.kind === 'robot_model_comparison' ? (
        <RobotModelResults record={record} />
      ) : shifts ? (
        <ShiftSweepResults record={record} targetMinutes={targetMinutes} onTargetMinutes={setTargetMinutes} />
      ) : record.kind !== 'algorithm_comparison' ? (
        <SweepResults
          record={record}
          kneeRuleName={kneeRuleName}
          kneeValue={kneeValue}
          kneeRule={kneeRule}
          onKnee={setKnee}
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
  kneeRuleName: KneeRuleName;
  kneeValue: string;
  kneeRule: { rule: KneeRule } | { problem: string };
  onKnee: (rule: KneeRuleName, value: string) => void;
}

function SweepResults({ record, kneeRuleName, kneeValue, kneeRule, onKnee }: SweepResultsProps) {
  const axis = sweepAxisOf(record.kind);
  const axisLabel = axis === 'chargers' ? 'Chargers' : 'Robots';
  const rows = sweepRows(record.points, axis);
  const finding = 'rule' in kneeRule ? sweepKnee(rows, kneeRule.rule) : null;
  const answer = finding && 'rule' in kneeRule ? sweepAnswer(finding, kneeRule.rule) : null;
  const knee = answer?.row ?? null;
  const curve = hasExecutedFigures(rows) ? 'makespan with traffic' : 'planned makespan';
  const [selectedSolveId, setSelectedSolveId] = useState<number | null>(null);
  const selected: SweepRow | null = rows.find((row) => row.solveId === selectedSolveId) ?? knee;
  const option = KNEE_RULE_OPTIONS.find((candidate) => candidate.rule === kneeRuleName);
  return (
    <>
      <section className={`${card} space-y-4 p-5`} aria-labelledby="sweep-heading">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div className="min-w-0 flex-1">
            <h2 id="sweep-heading" className="text-lg font-semibold text-white">
              {ALGORITHM_BY_NAME[record.algorithms[0]].label} by{' '}
              {axis === 'chargers' ? 'chargers per station' : 'fleet size'}
            </h2>
            <p className="text-sm text-slate-300" data-testid="knee-finding">
              {finding && 'rule' in kneeRule
                ? finding.status === 'no_points'
                  ? kneeFindingText(finding, kneeRule.rule, axis, curve)
                  : soFarText(kneeFindingText(finding, kneeRule.rule, axis, curve), record.points)
                : 'problem' in kneeRule
                  ? kneeRule.problem
                  : null}
            </p>
            {record.status === 'completed' &&
              (finding?.status === 'largest_tested' || finding?.status === 'target_not_met') && (
                <TestMore record={record} axis={axis} />
              )}
          </div>
          <div className="flex flex-wrap items-end gap-3">
            <div className="w-60">
              <SelectField
                label="Knee rule"
                value={kneeRuleName}
                onChange={(event) => {
                  const rule = event.target.value as KneeRuleName;
                  onKnee(rule, defaultKneeValue(rule, record.knee_tolerance));
                }}
              >
                {KNEE_RULE_OPTIONS.map((candidate) => (
                  <option key={candidate.rule} value={candidate.rule}>
                    {candidate.label}
                  </option>
                ))}
              </SelectField>
            </div>
            {option?.value && (
              <div className="w-44">
                <TextField
                  label={kneeValueLabel(option, axis)}
                  type="number"
                  min={option.value.min}
                  max={option.value.max}
                  step={option.value.step}
                  value={kneeValue}
                  onChange={(event) => onKnee(kneeRuleName, event.target.value)}
                />
              </div>
            )}
          </div>
        </div>
        <SweepChart
          rows={rows}
          knee={knee}
          kneeLabel={
            finding && 'rule' in kneeRule && knee?.x != null ? kneeChartLabel(finding, kneeRule.rule, knee.x) : ''
          }
          axisLabel={axisLabel}
        />
        <SweepTable
          rows={rows}
          knee={knee}
          kneeBadge={answer?.isKnee === false ? 'Largest tested' : 'Knee'}
          axisLabel={axisLabel}
          selectedSolveId={selected?.solveId ?? null}
          onSelect={(row) => setSelectedSolveId(row.solveId)}
        />
      </section>
      {selected && (
        <section className={`${card} p-5`}>
          <RobotUtilisation
            key={selected.solveId}
            solveId={selected.solveId}
            title={utilisationTitle(selected, axis)}
          />
        </section>
      )}
    </>
  );
}

/**
 * "Test more": one click continues the sweep past its largest value (`nextSweepValues`: as many
 * points again, same step), up to what the floor can take or the chargers a station may have.
 */
function TestMore({ record, axis }: { record: Experiment; axis: 'robots' | 'chargers' }) {
  const environment = useEnvironment(axis === 'robots' ? record.environment_id : undefined);
  const addPoints = useAddExperimentPoints();
  const [error, setError] = useState<string | null>(null);
  const tested = axis === 'robots' ? record.robot_counts : record.charger_counts;
  const limit = axis === 'robots' ? fleetSizeOf(environment.data)?.max : SOLVE_PARAMETER_RANGES.chargers.max;
  if (limit === undefined) return null;
  const next = nextSweepValues(tested, limit);
  if (next.length === 0) return null;
  const noun = axis === 'robots' ? 'robots' : 'chargers per station';
  const range = next.length === 1 ? `${next[0]}` : `${next[0]} to ${next[next.length - 1]}`;
  async function handleClick() {
    setError(null);
    try {
      await addPoints.mutateAsync({
        id: record.id,
        points: axis === 'robots' ? { robot_counts: next } : { charger_counts: next },
      });
    } catch (cause) {
      setError(`Failed to add points. ${cause instanceof Error ? cause.message : ''}`.trim());
    }
  }
  return (
    <div className="mt-2 flex flex-wrap items-center gap-3">
      <button type="button" className={buttonSecondary} onClick={handleClick} disabled={addPoints.isPending}>
        Test {range} {noun}
      </button>
      {error && <Alert tone="error">{error}</Alert>}
    </div>
  );
}

/** A shift experiment's table as CSV, the answer by the P95 target shown (the default when the typed one is not a target). */
function shiftExperimentCsv(record: Experiment, targetMinutes: string): string {
  const axis = shiftSweepAxisOf(record.kind);
  const rows = shiftSweepRows(record.points, axis);
  const target = parseP95TargetMinutes(targetMinutes);
  const targetS = 'seconds' in target ? target.seconds : (record.cycle_p95_target_s ?? DEFAULT_CYCLE_P95_TARGET_S);
  return shiftSweepCsv(rows, axis, shiftSweepAnswer(record, rows, targetS).row);
}
