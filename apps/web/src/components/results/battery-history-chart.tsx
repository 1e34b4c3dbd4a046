import { Bar, BarChart, CartesianGrid, Cell, LabelList, Tooltip, XAxis, YAxis } from 'recharts';
import { BATTERY_COLOUR_HEX, batteryBarColour } from '../../lib/display-format.ts';
import type { PlanParameters, PlanStep } from '../../lib/plan-model.ts';
import { batteryHistoryData } from './battery-history.ts';

const BAR_SLOT_WIDTH = 64;

interface MarkProps {
  readonly x?: number | string;
  readonly y?: number | string;
  readonly width?: number | string;
  readonly value?: unknown;
}

/** The recharge mark above its column, on one line (Recharts' default label wraps to the bar width). */
function RechargeMark({ x, y, width, value }: MarkProps) {
  if (typeof value !== 'string' || value === '') return '';
  return (
    <text
      x={Number(x) + Number(width) / 2}
      y={Number(y) - 8}
      textAnchor="middle"
      fill="#facc15"
      fontSize={11}
      fontWeight={600}
    >
      {value}
    </text>
  );
}
const CHART_HEIGHT = 220;

/**
 * Spec §2 'Battery History': battery after each task as a column, recharges marked with a
 * lightning sign, their minutes and the station. The caller shows it only when the plan
 * carries battery_remaining. A fixed size (no ResponsiveContainer) keeps it measurable in
 * every environment; wide plans scroll sideways, and long ones show runs of tasks at their lowest.
 */
export function BatteryHistoryChart({
  steps,
  parameters,
}: {
  readonly steps: readonly PlanStep[];
  readonly parameters?: PlanParameters | null;
}) {
  const data = batteryHistoryData(steps, parameters);
  const width = Math.max(320, data.length * BAR_SLOT_WIDTH + 60);
  const runLength = data[0]?.tasks ?? 1;
  return (
    <figure className="overflow-x-auto">
      <figcaption className="mb-2 text-sm font-semibold text-white">Battery History</figcaption>
      {runLength > 1 && (
        <p className="mb-2 text-xs text-slate-400">
          Each column is the lowest level over {runLength} consecutive tasks.
        </p>
      )}
      <BarChart width={width} height={CHART_HEIGHT} data={data} margin={{ top: 28, right: 12, bottom: 4, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="#1f2937" />
        <XAxis dataKey="task" stroke="#94a3b8" fontSize={11} />
        <YAxis domain={[0, 100]} stroke="#94a3b8" fontSize={11} unit="%" width={44} />
        <Tooltip
          contentStyle={{ background: '#0f172a', border: '1px solid #334155', color: '#e2e8f0' }}
          formatter={(value) => [`${Number(value).toFixed(1)}%`, runLength > 1 ? 'Lowest battery' : 'Battery']}
        />
        <Bar dataKey="battery" isAnimationActive={false}>
          {data.map((point) => (
            <Cell key={point.task} fill={BATTERY_COLOUR_HEX[batteryBarColour(point.battery)]} />
          ))}
          <LabelList dataKey="recharge" content={RechargeMark} />
        </Bar>
      </BarChart>
    </figure>
  );
}
