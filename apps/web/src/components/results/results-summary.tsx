import {
  formatBatteryEfficiency,
  formatCompletionTime,
  formatDistance,
  formatGap,
  formatMinutes,
} from '../../lib/display-format.ts';
import { tightestLowerBound, type PlanStats, type PlanSummary } from '../../lib/plan-model.ts';
import { card } from '../ui/styles.ts';
import { executionFigures, executionTotalsOf } from './execution-figures.ts';

interface Figure {
  readonly label: string;
  readonly value: string;
  readonly note?: string | null;
  readonly title?: string;
}

export interface ResultsSummaryProps {
  readonly summary: PlanSummary;
  readonly stats: PlanStats | null;
}

/** Why the solve ended (stats.stop_reason), in the planner's words. */
const STOP_REASON_TEXTS: Record<string, string> = {
  optimal: 'proven optimal',
  stalled: 'stopped: no better plan found for a while',
  time_limit: 'stopped at the time limit',
  iteration_limit: 'stopped at the iteration limit',
};

/** Spec §2 results summary, plus the solver's lower bound and how close the plan is to it. */
export function ResultsSummary({ summary, stats }: ResultsSummaryProps) {
  const figures: Figure[] = [
    { label: 'Total Deliveries', value: String(summary.totalDeliveries) },
    { label: 'Total Distance', value: formatDistance(summary.totalDistance) },
    { label: 'Max Completion Time', value: formatCompletionTime(summary.maxCompletionTime) },
    { label: 'Total Recharges', value: String(summary.totalRecharges) },
    { label: 'Total Recharge Time', value: formatMinutes(summary.totalRechargeMinutes) },
    { label: 'Battery Efficiency', value: formatBatteryEfficiency(summary.batteryEfficiency), note: 'meters per battery unit' },
  ];
  const bound = tightestLowerBound(stats);
  if (bound) {
    figures.push({ label: 'Lower Bound', value: formatCompletionTime(bound.boundS), note: formatGap(bound.gap) });
  }
  const totals = executionTotalsOf(stats);
  const executionError = typeof stats?.execution_error === 'string' ? stats.execution_error : null;
  return (
    <section className={`${card} p-5`} aria-labelledby="results-summary-title">
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="results-summary-title" className="text-lg font-semibold text-white">
          Results Summary
        </h2>
        {stats?.algorithm && (
          <p className="text-xs text-slate-400">
            Planned by <span className="font-mono text-slate-200">{stats.algorithm}</span>
            {typeof stats.runtime_ms === 'number' && ` in ${Math.round(stats.runtime_ms)} ms`}
            {typeof stats.stop_reason === 'string' && STOP_REASON_TEXTS[stats.stop_reason] && ` (${STOP_REASON_TEXTS[stats.stop_reason]})`}
          </p>
        )}
      </div>
      <FigureGrid figures={figures} />
      {totals && (
        <>
          <h3 className="mb-2 mt-5 text-sm font-semibold text-slate-200">With traffic: every robot on the floor at once</h3>
          <FigureGrid figures={executionFigures(totals)} />
        </>
      )}
      {executionError && <p className="mt-4 text-sm text-amber-300">The plan could not run on the shared floor: {executionError}</p>}
    </section>
  );
}

function FigureGrid({ figures }: { readonly figures: readonly Figure[] }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-7">
      {figures.map((figure) => (
        <div key={figure.label} title={figure.title} className="rounded-lg border border-slate-800 bg-slate-950/60 p-3">
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-400">{figure.label}</dt>
          <dd className="mt-1 text-xl font-semibold text-white">{figure.value}</dd>
          {figure.note && <dd className="mt-1 text-xs text-slate-400">{figure.note}</dd>}
        </div>
      ))}
    </dl>
  );
}
