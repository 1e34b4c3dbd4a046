import { ALGORITHM_BY_NAME, DEFAULT_CYCLE_P95_TARGET_S } from '@fleetlab/warehouse';
import type { Experiment } from '../api/types.ts';
import { TextField } from '../components/ui/form-field.tsx';
import { card } from '../components/ui/styles.ts';
import { describeShift } from '../lib/shift-settings.ts';
import { soFarText } from './experiment-figures.ts';
import { ShiftSweepChart } from './shift-sweep-chart.tsx';
import {
  parseP95TargetMinutes,
  sharedParameters,
  shiftSweepAnswer,
  shiftSweepAxisOf,
  shiftSweepRows,
  type ShiftSweepAxis,
} from './shift-sweep-figures.ts';
import { ShiftSweepTable } from './shift-sweep-table.tsx';

const SETTING_LABELS: Readonly<Record<ShiftSweepAxis, string>> = {
  rate: 'Orders/h',
  robots: 'Robots',
  chargers: 'Chargers',
  algorithm: 'Algorithm',
};
const HEADINGS: Readonly<Record<ShiftSweepAxis, string>> = {
  rate: 'by orders per hour',
  robots: 'by fleet size',
  chargers: 'by chargers per station',
  algorithm: 'compared',
};

/** The P95 target the experiment was created with, in minutes, as its field starts. */
export function startingTargetMinutes(experiment: Pick<Experiment, 'cycle_p95_target_s'>): string {
  return String((experiment.cycle_p95_target_s ?? DEFAULT_CYCLE_P95_TARGET_S) / 60);
}

export interface ShiftSweepResultsProps {
  readonly record: Experiment;
  /** The P95 target as typed, in minutes (the page keeps it in the address). */
  readonly targetMinutes: string;
  readonly onTargetMinutes: (value: string) => void;
}

/**
 * An experiment whose points ran shifts: its answer in one sentence (a rate sweep's highest
 * sustained rate; a fleet or charger sweep's fewest that hold the rate with P95 within the
 * target, which the planner may change here), throughput and P95 by setting, and every point's
 * shift figures with stable or growing.
 */
export function ShiftSweepResults({ record, targetMinutes, onTargetMinutes }: ShiftSweepResultsProps) {
  const axis = shiftSweepAxisOf(record.kind);
  const rows = shiftSweepRows(record.points, axis);
  const target = parseP95TargetMinutes(targetMinutes);
  const targetS = 'seconds' in target ? target.seconds : null;
  const judgedByTarget = axis === 'robots' || axis === 'chargers';
  const answer =
    targetS !== null || !judgedByTarget ? shiftSweepAnswer(record, rows, targetS ?? DEFAULT_CYCLE_P95_TARGET_S) : null;
  const shift = sharedParameters(record).shift;
  const title =
    axis === 'algorithm'
      ? 'Algorithms compared on a shift'
      : `${ALGORITHM_BY_NAME[record.algorithms[0]].label} ${HEADINGS[axis]}`;
  return (
    <section className={`${card} space-y-4 p-5`} aria-labelledby="shift-sweep-heading">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0 flex-1">
          <h2 id="shift-sweep-heading" className="text-lg font-semibold text-white">
            {title}
          </h2>
          {shift && <p className="text-xs text-slate-400">Each point: a shift of {describeShift(shift)}.</p>}
          <p className="mt-1 text-sm font-medium text-slate-100" data-testid="shift-finding">
            {'error' in target && judgedByTarget ? target.error : answer?.text && soFarText(answer.text, record.points)}
          </p>
        </div>
        {judgedByTarget && (
          <div className="w-44">
            <TextField
              label="P95 target (min)"
              type="number"
              min={0}
              step="any"
              value={targetMinutes}
              onChange={(event) => onTargetMinutes(event.target.value)}
            />
          </div>
        )}
      </div>
      {axis !== 'algorithm' && <ShiftSweepChart rows={rows} axis={axis} targetS={judgedByTarget ? targetS : null} />}
      <ShiftSweepTable
        rows={rows}
        settingLabel={SETTING_LABELS[axis]}
        answer={answer?.row ?? null}
        badge={answer?.badge ?? ''}
      />
    </section>
  );
}
