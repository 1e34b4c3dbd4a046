import { Bar, BarChart, CartesianGrid, Cell, LabelList, Tooltip, XAxis, YAxis } from 'recharts';
import {
  BATTERY_COLOUR_HEX,
  batteryBarColour,
  rechargeStationOf,
  formatMinutes,
} from '../../lib/display-format.ts';
import {
  isRechargeStep,
  rechargeMinutesOf,
  type PlanParameters,
  type PlanStep,
} from '../../lib/plan-model.ts';

interface BatteryPoint {
  readonly task: string;
  readonly battery: number;
  /** '⚡ 3 min → R1' on recharges, empty otherwise. */
  readonly recharge: string;
}

export function batteryHistoryData(steps: readonly PlanStep[], parameters?: PlanParameters | null): BatteryPoint[] {
  const points: BatteryPoint[] = [];
  steps.forEach((step, index) => {
    if (typeof step.battery_remaining !== 'number') return;
    const recharge = isRechargeStep(step)
      ? `⚡ ${formatMinutes(rechargeMinutesOf(step, parameters))}${
          step.task === 'recharge_in_place' ? ' in place' : ` → ${rechargeStationOf(step)}`
        }`
      : '';
    points.push({ task: `#${index + 1}`, battery: step.battery_remaining, recharge });
  });
  return points;
}

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
    <text x={Number(x) + Number(width) / 2} y={Number(y) - 8} textAnchor="middle" fill="#facc15" fontSize={11} fontWeight={600}>
      {value}
    </text>
  );
}
const CHART_HEIGHT = 220;

/**
 * Spec §2 'Battery History': battery after each task as a column, recharges marked with a
 * lightning sign, their minutes and the station. The caller shows it only when the plan
 * carries battery_remaining. A fixed size (no ResponsiveContainer) keeps it measurable in
 * every environment; wide plans scroll sideways.
 */
export function BatteryHistoryChart({ steps, parameters }: { readonly steps: readonly PlanStep[]; readonly parameters?: PlanParameters | null }) {
  const data = batteryHistoryData(steps, parameters);
  const width = Math.max(320, data.length * BAR_SLOT_WIDTH + 60);
  return (
    <figure className="overflow-x-auto">
      <figcaption className="mb-2 text-sm font-semibold text-white">Battery History</figcaption>
      <BarChart width={width} height={CHART_HEIGHT} data={data} margin={{ top: 28, right: 12, bottom: 4, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="#1f2937" />
        <XAxis dataKey="task" stroke="#94a3b8" fontSize={11} />
        <YAxis domain={[0, 100]} stroke="#94a3b8" fontSize={11} unit="%" width={44} />
        <Tooltip
          contentStyle={{ background: '#0f172a', border: '1px solid #334155', color: '#e2e8f0' }}
          formatter={(value) => [`${Number(value).toFixed(1)}%`, 'Battery']}
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
