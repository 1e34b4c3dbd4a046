import {
  ACTIVITY_BREAKDOWN_ORDER,
  ACTIVITY_LABELS,
  type ActivityKind,
  type ExecutionRecord,
  stepsFor,
} from '@fleetlab/warehouse';
import { useId, useMemo, useRef, useState } from 'react';
import { completionTimeAsShown, formatCompletionTime, formatGrouped } from '../../lib/display-format.ts';
import { card, inputClass } from '../ui/styles.ts';
import { useFixedRowVirtualizer } from '../ui/virtual-table.tsx';
import {
  ACTIVITY_COLOURS,
  activityShares,
  type DrivingSplit,
  drivingSplitOf,
  orderRobots,
  partsAsShown,
  percentShares,
  timeBreakdownOf,
  type ActivityTimes,
  type RobotOrder,
} from './time-breakdown.ts';
import { withTrafficAsShown } from './execution-figures.ts';

const ROW_HEIGHT_PX = 22;
/** 20 rows in view; a 400-robot fleet scrolls and only the rows in view are in the document. */
const ROWS_AREA_HEIGHT_PX = 440;

const ORDER_LABELS: Readonly<Record<RobotOrder, string>> = {
  robot: 'Robot',
  traffic: 'Most time lost waiting (blocked or queued)',
  idle: 'Most time idle',
};

const percentText = (share: number) => `${formatGrouped(share, 1)}%`;

/** The shares of one bar in words, for assistive technology and the tooltip: `Driving loaded 30.0%, ...`. */
function describeShares(times: ActivityTimes): string {
  const shares = activityShares(times);
  return ACTIVITY_BREAKDOWN_ORDER.filter((kind) => times.seconds[kind] > 0)
    .map((kind) => `${ACTIVITY_LABELS[kind]} ${percentText(shares[kind])}`)
    .join(', ');
}

/** Rows shown only in a run that had some: stopped (by delays and breakdowns), queued at a dock (records before it have none). */
const SHOWN_WHEN_SOME: readonly ActivityKind[] = ['stopped', 'dock_queued'];

/** The table's rows: every activity, those of `SHOWN_WHEN_SOME` only in a run that had some. */
const shownInTable = (times: ActivityTimes) => (kind: ActivityKind) =>
  !SHOWN_WHEN_SOME.includes(kind) || times.seconds[kind] > 0;

/** One stacked bar: each activity's share of the bar's time, in the breakdown's order and colours. */
function StackedBar({
  times,
  label,
  className,
}: {
  readonly times: ActivityTimes;
  readonly label: string;
  readonly className: string;
}) {
  const description = `${label}: ${describeShares(times)}`;
  return (
    <div
      role="img"
      aria-label={description}
      title={description}
      className={`flex overflow-hidden rounded-sm bg-slate-800 ${className}`}
    >
      {ACTIVITY_BREAKDOWN_ORDER.map((kind) =>
        times.seconds[kind] > 0 ? (
          <div
            key={kind}
            data-kind={kind}
            style={{ width: `${(times.seconds[kind] / times.totalS) * 100}%`, backgroundColor: ACTIVITY_COLOURS[kind] }}
          />
        ) : null,
      )}
    </div>
  );
}

/** Whether `later` is after `earlier` by more than rounding. */
function after(later: number, earlier: number): boolean {
  return later - earlier > 1e-6 * Math.max(1, later);
}

/**
 * What the executed day runs to, when it runs past With traffic's makespan (the last delivery's
 * arrival at its dropoff, a delivery step's completion_time): the handling there (after a robot
 * with turns has turned to the dropoff's rest heading), and with a robot model the moves robots
 * made after their last deliveries, setting off home, up to the run's last step: the timed floor
 * ends when every robot has stopped. A day whose end is its makespan says nothing.
 */
function DayEnd({
  dayS,
  lastHandlingEndS,
  totals,
}: {
  dayS: number;
  lastHandlingEndS: number;
  totals: Pick<ExecutionRecord['totals'], 'executed_makespan_s' | 'planned_makespan_s'>;
}) {
  if (!after(dayS, totals.executed_makespan_s)) return null;
  // With traffic as its own line on the page shows it (to the tenth when near the plan).
  const arrival = <>With traffic&rsquo;s {withTrafficAsShown(totals)} is the last delivery&rsquo;s arrival</>;
  if (!after(dayS, lastHandlingEndS)) return <> (to the end of the last handling; {arrival})</>;
  return (
    <>
      {' '}
      (to when the last robot stopped: the last handling ended at {formatCompletionTime(lastHandlingEndS)}, and robots
      set off home after their last deliveries; {arrival})
    </>
  );
}

export interface TimeBreakdownChartProps {
  readonly execution: Pick<ExecutionRecord, 'robots' | 'totals' | 'step_s'>;
  /**
   * A shift's end (its hours in seconds): its time is counted up to here, as its utilisation is;
   * absent for a day's plan, counted to the record's end.
   */
  readonly shiftEndS?: number;
}

/**
 * After a shift of robots with a model the record runs on past its end: the robots finish the
 * moves dispatched by then. That time is not the shift's, so it is named and left out.
 */
function ShiftEnd({ shiftEndS, recordEndS }: { shiftEndS: number; recordEndS: number }) {
  if (!after(recordEndS, shiftEndS)) return null;
  return (
    <>
      {' '}
      The robots worked on to {formatCompletionTime(recordEndS)} to finish the moves dispatched by the shift&rsquo;s
      end; that time is not counted here.
    </>
  );
}

/**
 * Where the time goes on the executed day or over the shift: all robots' time in one stacked bar
 * with each activity's robot time and share (the shares add up to 100%), then one bar per robot,
 * windowed so a 400-robot fleet keeps a few dozen rows in the document, in the robots' order or
 * the most delayed or idle first. An execution stored before activities were recorded says so
 * instead.
 */
export function TimeBreakdownChart({ execution, shiftEndS }: TimeBreakdownChartProps) {
  const endStep = shiftEndS === undefined ? execution.totals.steps : stepsFor(shiftEndS, execution.step_s);
  const breakdown = useMemo(() => timeBreakdownOf(execution, endStep), [execution, endStep]);
  const driving = useMemo(() => drivingSplitOf(execution, endStep), [execution, endStep]);
  const [order, setOrder] = useState<RobotOrder>('robot');
  const robots = useMemo(() => (breakdown ? orderRobots(breakdown.robots, order) : []), [breakdown, order]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useFixedRowVirtualizer(scrollRef, robots.length, ROW_HEIGHT_PX, ROWS_AREA_HEIGHT_PX);
  const visible = virtualizer.getVirtualItems();
  const orderId = useId();

  return (
    <section className={`${card} p-5`} aria-labelledby="time-breakdown-heading">
      <h2 id="time-breakdown-heading" className="text-lg font-semibold text-white">
        Where the time goes
      </h2>
      {!breakdown ? (
        <p className="mt-2 text-sm text-slate-400">
          This run did not record what each robot did: it was executed before activities were kept. Solve again to see
          where the time goes.
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-400">
            Every robot's time over the {shiftEndS === undefined ? 'executed day' : 'shift'} of{' '}
            {formatCompletionTime(breakdown.dayS)}
            {shiftEndS === undefined && (
              <DayEnd dayS={breakdown.dayS} lastHandlingEndS={breakdown.lastHandlingEndS} totals={execution.totals} />
            )}
            , as the run on the shared floor recorded it: {formatGrouped(breakdown.robots.length)}{' '}
            {breakdown.robots.length === 1 ? 'robot' : 'robots'}, {formatCompletionTime(breakdown.total.totalS)} of
            robot time.
            {shiftEndS !== undefined && (
              <ShiftEnd shiftEndS={breakdown.dayS} recordEndS={execution.totals.steps * execution.step_s} />
            )}
          </p>
          <StackedBar times={breakdown.total} label="All robots" className="mt-4 h-6" />
          <TotalsTable times={breakdown.total} />
          {driving && driving.drivingS > 0 && <DrivingSplitLine split={driving} times={breakdown.total} />}
          <div className="mt-5 flex flex-wrap items-center justify-between gap-3">
            <h3 className="text-sm font-semibold text-slate-200">Per robot</h3>
            <label htmlFor={orderId} className="flex items-center gap-2 whitespace-nowrap text-sm text-slate-300">
              Order robots by
              <span className="w-60">
                <select
                  id={orderId}
                  className={`${inputClass} py-1`}
                  value={order}
                  onChange={(event) => setOrder(event.target.value as RobotOrder)}
                >
                  {(Object.keys(ORDER_LABELS) as RobotOrder[]).map((candidate) => (
                    <option key={candidate} value={candidate}>
                      {ORDER_LABELS[candidate]}
                    </option>
                  ))}
                </select>
              </span>
            </label>
          </div>
          <div
            ref={scrollRef}
            className="mt-2 overflow-y-auto"
            style={{ maxHeight: ROWS_AREA_HEIGHT_PX }}
            aria-label="Time per robot"
            role="list"
          >
            <div className="relative" style={{ height: virtualizer.getTotalSize() }}>
              <div style={{ transform: `translateY(${visible[0]?.start ?? 0}px)` }}>
                {visible.map(({ index }) => {
                  const robot = robots[index];
                  return (
                    <div
                      key={robot.robotId}
                      role="listitem"
                      className="grid grid-cols-[5rem_1fr] items-center gap-x-3"
                      style={{ height: ROW_HEIGHT_PX }}
                      data-robot={robot.robotId}
                    >
                      <span className="truncate font-mono text-xs text-slate-300">{robot.robotId}</span>
                      <StackedBar times={robot} label={robot.robotId} className="h-3.5" />
                    </div>
                  );
                })}
              </div>
            </div>
          </div>
        </>
      )}
    </section>
  );
}

/**
 * How robots with a model drove: their driving at speed, accelerating and braking, and turning
 * in place, from the motion the run recorded (the shares add up to 100% of the driving). Where a
 * crowd makes robots stop and start, it shows here, not as waiting. Its total is the Driving
 * loaded and Driving empty rows as the table shows them, and its parts add up to that total as
 * shown (`partsAsShown`).
 */
function DrivingSplitLine({ split, times }: { readonly split: DrivingSplit; readonly times: ActivityTimes }) {
  const parts = [split.atSpeedS, split.rampsS, split.turningS];
  const [atSpeed, ramps, turning] = percentShares(parts);
  const drivingS = completionTimeAsShown(times.seconds.drive_loaded) + completionTimeAsShown(times.seconds.drive_empty);
  const [atSpeedS, rampsS, turningS] = partsAsShown(drivingS, parts);
  return (
    <p className="mt-2 max-w-xl text-sm text-slate-400" data-testid="driving-split">
      Of the {formatCompletionTime(drivingS)} of driving, from each robot’s motion: {formatCompletionTime(atSpeedS)} at
      speed ({percentText(atSpeed)}), {formatCompletionTime(rampsS)} accelerating and braking ({percentText(ramps)}),{' '}
      {formatCompletionTime(turningS)} turning in place ({percentText(turning)}).
    </p>
  );
}

/** Each activity's colour, robot time and share of all robot time; the shares add up to 100%. */
function TotalsTable({ times }: { readonly times: ActivityTimes }) {
  const shares = activityShares(times);
  return (
    <table className="mt-3 w-full max-w-xl text-sm" aria-label="Robot time by activity">
      <thead className="text-left text-xs uppercase tracking-wide text-slate-400">
        <tr>
          <th scope="col" className="py-1 pr-3 font-medium">
            Activity
          </th>
          <th scope="col" className="py-1 pr-3 text-right font-medium">
            Robot time
          </th>
          <th scope="col" className="py-1 text-right font-medium">
            Share
          </th>
        </tr>
      </thead>
      <tbody>
        {ACTIVITY_BREAKDOWN_ORDER.filter(shownInTable(times)).map((kind) => (
          <tr key={kind} className="border-t border-slate-800" data-kind={kind}>
            <th scope="row" className="py-1 pr-3 text-left font-normal text-slate-200">
              <span
                aria-hidden="true"
                className="mr-2 inline-block h-2.5 w-4 rounded-sm align-middle"
                style={{ backgroundColor: ACTIVITY_COLOURS[kind] }}
              />
              {ACTIVITY_LABELS[kind]}
            </th>
            <td className="py-1 pr-3 text-right tabular-nums text-slate-300">
              {formatCompletionTime(times.seconds[kind])}
            </td>
            <td className="py-1 text-right tabular-nums text-slate-100">{percentText(shares[kind])}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr className="border-t border-slate-600">
          <th scope="row" className="py-1 pr-3 text-left font-medium text-slate-200">
            All activities
          </th>
          <td className="py-1 pr-3 text-right tabular-nums text-slate-300">{formatCompletionTime(times.totalS)}</td>
          <td className="py-1 text-right tabular-nums text-slate-100">
            {percentText(ACTIVITY_BREAKDOWN_ORDER.reduce((sum, kind) => sum + shares[kind], 0))}
          </td>
        </tr>
      </tfoot>
    </table>
  );
}
