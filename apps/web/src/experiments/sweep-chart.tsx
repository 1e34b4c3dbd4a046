import { CartesianGrid, ComposedChart, Legend, Line, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import { formatFixed } from '../lib/display-format.ts';
import {
  CHART_TOOLTIP_STYLE,
  LEGEND_PROPS,
  RATE_AXIS_PROPS,
  settingAxisProps,
  TIME_AXIS_PROPS,
} from './sweep-chart-style.ts';
import type { SweepRow } from './experiment-figures.ts';

const CHART_HEIGHT = 360;
const CHART_WIDTH = 720;

export interface SweepChartProps {
  readonly rows: readonly SweepRow[];
  readonly knee: SweepRow | null;
  /** What the line marks: 'Knee: 3 (diminishing returns, 5%)', or the largest fleet tested when the rule found no knee. */
  readonly kneeLabel: string;
  readonly axisLabel?: string;
}

/**
 * Makespan (with the lower bound under it) and deliveries per hour against the fleet size,
 * the knee marked by a vertical line that names its rule. A fixed size keeps it measurable
 * everywhere; the table under it carries the same numbers for screen readers and tests. The
 * legend sits under the plot, so the knee's label above it never runs into it.
 */
export function SweepChart({ rows, knee, kneeLabel, axisLabel = 'Robots' }: SweepChartProps) {
  const data = rows
    .filter((row) => row.x !== null)
    .map((row) => ({
      robots: row.x,
      makespan: row.makespan === null ? null : Number(formatFixed(row.makespan, 1)),
      executedMakespan: row.executedMakespan === null ? null : Number(formatFixed(row.executedMakespan, 1)),
      lowerBound: row.lowerBound === null ? null : Number(formatFixed(row.lowerBound, 1)),
      deliveriesPerHour: row.deliveriesPerHour === null ? null : Number(formatFixed(row.deliveriesPerHour, 1)),
    }));
  const xs = data.map((point) => point.robots ?? 0);
  const kneeInRightHalf = knee?.x != null && knee.x > (Math.min(...xs) + Math.max(...xs)) / 2;
  return (
    <figure
      aria-label={`Makespan and deliveries per hour by ${axisLabel === 'Robots' ? 'robot count' : 'chargers per station'}`}
      className="overflow-x-auto"
    >
      <ComposedChart
        width={CHART_WIDTH}
        height={CHART_HEIGHT}
        data={data}
        margin={{ top: 24, right: 16, bottom: 8, left: 8 }}
      >
        <CartesianGrid strokeDasharray="3 3" stroke="#1f2937" />
        <XAxis dataKey="robots" allowDecimals={false} {...settingAxisProps(axisLabel)} />
        <YAxis {...TIME_AXIS_PROPS} />
        <YAxis {...RATE_AXIS_PROPS} />
        <Tooltip contentStyle={CHART_TOOLTIP_STYLE} />
        <Legend {...LEGEND_PROPS} />
        <Line
          yAxisId="time"
          dataKey="makespan"
          name="Planned makespan (s)"
          stroke="#818cf8"
          strokeWidth={2}
          connectNulls
          isAnimationActive={false}
        />
        <Line
          yAxisId="time"
          dataKey="executedMakespan"
          name="Makespan with traffic (s)"
          stroke="#f472b6"
          strokeWidth={2}
          connectNulls
          isAnimationActive={false}
        />
        <Line
          yAxisId="time"
          dataKey="lowerBound"
          name="Lower bound (s)"
          stroke="#94a3b8"
          strokeDasharray="6 4"
          connectNulls
          isAnimationActive={false}
        />
        <Line
          yAxisId="rate"
          dataKey="deliveriesPerHour"
          name="Deliveries per hour"
          stroke="#34d399"
          connectNulls
          isAnimationActive={false}
        />
        {knee?.x != null && (
          <ReferenceLine
            yAxisId="time"
            x={knee.x}
            stroke="#f59e0b"
            strokeDasharray="4 2"
            // Inside the plot, on the side of the line with room: the label never leaves the chart.
            label={{
              value: kneeLabel,
              position: kneeInRightHalf ? 'insideTopRight' : 'insideTopLeft',
              fill: '#f59e0b',
              fontSize: 11,
            }}
          />
        )}
      </ComposedChart>
    </figure>
  );
}
