import type { ExecutionTotalsRecord, ShiftParametersRecord, ShiftStatsRecord } from '@fleetlab/warehouse';
import type { ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, ComposedChart, Legend, Line, Tooltip, XAxis, YAxis } from 'recharts';
import { formatGrouped } from '../../lib/display-format.ts';
import { card } from '../ui/styles.ts';
import { disruptionLines } from './execution-figures.ts';
import { FigureCards, FigureLines } from './results-summary.tsx';
import {
  cycleBins,
  cycleLabelInterval,
  dispatcherLines,
  hourRows,
  shiftFigures,
  shiftHeadline,
} from './shift-figures.ts';

export interface ShiftSummaryProps {
  readonly shift: ShiftStatsRecord;
  /** The shift as it was asked for (`parameters.shift`): the rate or profile, the re-planning interval. */
  readonly asked?: Partial<ShiftParametersRecord>;
  /** The algorithm that re-planned (reoptimise). */
  readonly algorithm?: string;
  /** Shown beside the heading (the page's 'Sweep this solve'). */
  readonly actions?: ReactNode;
  /** The execution's totals (`stats.execution`): with delays or breakdowns, what they took and the shift without them. */
  readonly totals?: ExecutionTotalsRecord | null;
}

const TOOLTIP_STYLE = { background: '#0f172a', border: '1px solid #334155', color: '#e2e8f0' };
const CHART_HEIGHT = 260;
/** Wide enough for 24 hours or 30 bins at 1280 px; narrower shifts keep their bars readable. */
const SLOT_WIDTH = 44;
const chartWidth = (slots: number) => Math.min(1100, Math.max(420, slots * SLOT_WIDTH + 120));
/** What the charts' Y axis (52 px) and right margin (16 px) take of their width: the rest holds the bars. */
const PLOT_INSET_PX = 68;

/**
 * A shift's results (`stats.shift`): what ran, the KPI cards, the orders released and delivered
 * and the backlog hour by hour (chart and table), and how long orders took (the cycle-time
 * distribution). A shift has no plan made in advance, so the batch figures (lower bound, gap,
 * plan against execution) are not shown.
 */
export function ShiftSummary({ shift, asked, algorithm, actions, totals = null }: ShiftSummaryProps) {
  const stops = totals ? disruptionLines(totals, 'shift') : [];
  return (
    <>
      <section className={`${card} p-5`} aria-labelledby="shift-summary-title">
        <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
          <div className="min-w-0">
            <h2 id="shift-summary-title" className="text-lg font-semibold text-white">
              Shift Results
            </h2>
            <p className="text-xs text-slate-400" data-testid="shift-headline">
              {shiftHeadline(shift, asked, algorithm)}
            </p>
          </div>
          {actions}
        </div>
        <FigureCards figures={shiftFigures(shift)} />
        {shift.dispatcher_view && (
          <FigureLines
            label="As the dispatcher saw it"
            testId="dispatcher-line"
            lines={dispatcherLines(shift)}
            className="mt-5"
          />
        )}
        {stops.length > 0 && (
          <FigureLines label="Delays and breakdowns" testId="stop-line" lines={stops} className="mt-5" />
        )}
      </section>
      <OrdersByHour shift={shift} />
      <CycleTimeDistribution shift={shift} />
    </>
  );
}

function OrdersByHour({ shift }: { readonly shift: ShiftStatsRecord }) {
  const rows = hourRows(shift);
  const totalReleased = rows.reduce((sum, row) => sum + row.released, 0);
  const totalDelivered = rows.reduce((sum, row) => sum + row.delivered, 0);
  return (
    <section className={`${card} p-5`} aria-labelledby="orders-by-hour-heading">
      <h2 id="orders-by-hour-heading" className="text-lg font-semibold text-white">
        Throughput and backlog by hour
      </h2>
      <p className="mt-1 text-sm text-slate-400">
        Orders released and delivered in each hour of the shift, and the orders open at its end.
      </p>
      <figure aria-label="Orders released, delivered and open by hour" className="mt-3 overflow-x-auto">
        <ComposedChart
          width={chartWidth(rows.length)}
          height={CHART_HEIGHT}
          data={rows}
          margin={{ top: 12, right: 16, bottom: 8, left: 0 }}
        >
          <CartesianGrid strokeDasharray="3 3" stroke="#1f2937" />
          <XAxis dataKey="label" stroke="#94a3b8" fontSize={11} />
          <YAxis stroke="#94a3b8" fontSize={11} allowDecimals={false} width={52} />
          <Tooltip contentStyle={TOOLTIP_STYLE} />
          <Legend verticalAlign="bottom" wrapperStyle={{ fontSize: 12, paddingTop: 8 }} itemSorter={null} />
          <Bar dataKey="released" name="Released" fill="#818cf8" isAnimationActive={false} />
          <Bar dataKey="delivered" name="Delivered" fill="#34d399" isAnimationActive={false} />
          <Line
            dataKey="backlogEnd"
            name="Open at the hour's end"
            stroke="#f59e0b"
            strokeWidth={2}
            isAnimationActive={false}
          />
        </ComposedChart>
      </figure>
      <table className="mt-3 w-full max-w-2xl text-sm" aria-label="Orders by hour">
        <thead className="text-left text-xs uppercase tracking-wide text-slate-400">
          <tr>
            <th scope="col" className="py-1 pr-3 font-medium">
              Hour
            </th>
            <th scope="col" className="py-1 pr-3 text-right font-medium">
              Released
            </th>
            <th scope="col" className="py-1 pr-3 text-right font-medium">
              Delivered
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Open at its end
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label} className="border-t border-slate-800">
              <th scope="row" className="py-1 pr-3 text-left font-normal text-slate-200">
                {row.label}
              </th>
              <td className="py-1 pr-3 text-right tabular-nums text-slate-300">{formatGrouped(row.released)}</td>
              <td className="py-1 pr-3 text-right tabular-nums text-slate-300">{formatGrouped(row.delivered)}</td>
              <td className="py-1 text-right tabular-nums text-slate-100">{formatGrouped(row.backlogEnd)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t border-slate-600">
            <th scope="row" className="py-1 pr-3 text-left font-medium text-slate-200">
              Shift
            </th>
            <td className="py-1 pr-3 text-right tabular-nums text-slate-200">{formatGrouped(totalReleased)}</td>
            <td className="py-1 pr-3 text-right tabular-nums text-slate-200">{formatGrouped(totalDelivered)}</td>
            <td className="py-1 text-right tabular-nums text-slate-100">{formatGrouped(shift.backlog_end)}</td>
          </tr>
        </tfoot>
      </table>
    </section>
  );
}

function CycleTimeDistribution({ shift }: { readonly shift: ShiftStatsRecord }) {
  const bins = cycleBins(shift.cycle_histogram);
  return (
    <section className={`${card} p-5`} aria-labelledby="cycle-distribution-heading">
      <h2 id="cycle-distribution-heading" className="text-lg font-semibold text-white">
        Cycle-time distribution
      </h2>
      {bins.length === 0 ? (
        <p className="mt-1 text-sm text-slate-400">No order was delivered, so no order has a cycle time.</p>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-400">
            Orders delivered by how long they took from release to dropoff, in bins of{' '}
            {formatGrouped(shift.cycle_histogram.bin_s)} s.
          </p>
          <figure aria-label="Orders by cycle time" className="mt-3 overflow-x-auto">
            <BarChart
              width={chartWidth(bins.length)}
              height={CHART_HEIGHT}
              data={bins}
              margin={{ top: 12, right: 16, bottom: 8, left: 0 }}
            >
              <CartesianGrid strokeDasharray="3 3" stroke="#1f2937" />
              <XAxis
                dataKey="label"
                stroke="#94a3b8"
                fontSize={11}
                interval={cycleLabelInterval(bins, (chartWidth(bins.length) - PLOT_INSET_PX) / bins.length)}
              />
              <YAxis stroke="#94a3b8" fontSize={11} allowDecimals={false} width={52} />
              <Tooltip contentStyle={TOOLTIP_STYLE} formatter={(value) => [formatGrouped(Number(value)), 'Orders']} />
              <Bar dataKey="count" name="Orders" fill="#38bdf8" isAnimationActive={false} />
            </BarChart>
          </figure>
        </>
      )}
    </section>
  );
}
