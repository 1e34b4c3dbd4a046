import { CartesianGrid, ComposedChart, Legend, Line, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import {
  CHART_TOOLTIP_STYLE,
  LEGEND_PROPS,
  RATE_AXIS_PROPS,
  settingAxisProps,
  TIME_AXIS_PROPS,
} from './sweep-chart-style.ts';
import type { ShiftSweepAxis, ShiftSweepRow } from './shift-sweep-figures.ts';

const CHART_HEIGHT = 340;
const CHART_WIDTH = 720;
const GROWING_COLOUR = '#f87171';

const AXIS_LABELS: Readonly<Record<Exclude<ShiftSweepAxis, 'algorithm'>, string>> = {
  rate: 'Orders per hour',
  robots: 'Robots',
  chargers: 'Chargers per station',
};

export interface ShiftSweepChartProps {
  readonly rows: readonly ShiftSweepRow[];
  readonly axis: Exclude<ShiftSweepAxis, 'algorithm'>;
  /** The P95 target a fleet or charger sweep is judged by, drawn as a line (seconds). */
  readonly targetS?: number | null;
}

interface DotProps {
  readonly cx?: number;
  readonly cy?: number;
  readonly payload?: { readonly growing?: boolean };
}

/** A point of the P95 line, red where the backlog grew. */
function TrendDot({ cx, cy, payload }: DotProps) {
  if (cx === undefined || cy === undefined) return null;
  const growing = payload?.growing === true;
  return (
    <circle
      cx={cx}
      cy={cy}
      r={growing ? 5 : 4}
      fill={growing ? GROWING_COLOUR : '#f472b6'}
      stroke="#0f172a"
      strokeWidth={1}
      data-growing={growing || undefined}
    />
  );
}

/**
 * P95 cycle time (left axis, with the target a fleet sweep is judged by) and throughput against
 * the released rate (right axis) by the swept setting; a point whose backlog grew is red. A fixed
 * size keeps it measurable everywhere; the table under it carries the same numbers.
 */
export function ShiftSweepChart({ rows, axis, targetS = null }: ShiftSweepChartProps) {
  const data = rows
    .filter((row) => row.setting !== null && row.shift !== null)
    .map((row) => ({
      setting: row.setting,
      p95: row.shift?.cycle_p95_s ?? null,
      throughput: row.shift?.throughput_per_h ?? null,
      released: row.shift?.orders_per_hour ?? null,
      growing: row.shift?.backlog_trend === 'growing',
    }));
  const label = AXIS_LABELS[axis];
  return (
    <figure aria-label={`Throughput and P95 cycle time by ${label.toLowerCase()}`} className="overflow-x-auto">
      <ComposedChart
        width={CHART_WIDTH}
        height={CHART_HEIGHT}
        data={data}
        margin={{ top: 24, right: 16, bottom: 8, left: 8 }}
      >
        <CartesianGrid strokeDasharray="3 3" stroke="#1f2937" />
        {/* Ticks at the settings tested: robots and chargers are whole, rates as asked. */}
        <XAxis dataKey="setting" {...settingAxisProps(label)} ticks={data.map((point) => point.setting as number)} />
        <YAxis {...TIME_AXIS_PROPS} />
        <YAxis {...RATE_AXIS_PROPS} />
        <Tooltip contentStyle={CHART_TOOLTIP_STYLE} />
        <Legend {...LEGEND_PROPS} />
        <Line
          yAxisId="time"
          dataKey="p95"
          name="P95 cycle time (s)"
          stroke="#f472b6"
          strokeWidth={2}
          dot={<TrendDot />}
          connectNulls
          isAnimationActive={false}
        />
        <Line
          yAxisId="rate"
          dataKey="throughput"
          name="Throughput (orders/h)"
          stroke="#34d399"
          strokeWidth={2}
          connectNulls
          isAnimationActive={false}
        />
        <Line
          yAxisId="rate"
          dataKey="released"
          name="Released (orders/h)"
          stroke="#818cf8"
          strokeDasharray="6 4"
          connectNulls
          isAnimationActive={false}
        />
        {targetS !== null && (
          <ReferenceLine
            yAxisId="time"
            y={targetS}
            stroke="#f59e0b"
            strokeDasharray="4 2"
            // Left, where a sweep's P95 is high: the label stays clear of the points that meet it.
            label={{ value: 'P95 target', position: 'insideTopLeft', fill: '#f59e0b', fontSize: 11 }}
          />
        )}
      </ComposedChart>
    </figure>
  );
}
