// The shared-floor figures of a solve (its `stats.execution`): what happens when every robot
// runs the plan at once. Pure, so each figure's rule is tested once.
import { executionTotalsSchema, type ExecutionTotalsRecord } from '@fleetlab/warehouse';
import { formatCompletionTime, formatMinutes } from '../../lib/display-format.ts';

export interface ExecutionFigure {
  readonly label: string;
  readonly value: string;
  readonly note: string | null;
  /** Shown on hover: the detail behind the figure. */
  readonly title?: string;
}

/** The solve's execution totals when it has them (solves from before executions have none). */
export function executionTotalsOf(stats: Readonly<Record<string, unknown>> | null | undefined): ExecutionTotalsRecord | null {
  const parsed = executionTotalsSchema.safeParse(stats?.execution);
  return parsed.success ? parsed.data : null;
}

function signedDuration(seconds: number): string {
  return `${seconds < 0 ? '−' : '+'}${formatCompletionTime(Math.abs(seconds))}`;
}

/** Executed Makespan (delay against the plan), Waiting Time (total, worst robot), Throughput, Charger Queue. */
export function executionFigures(totals: ExecutionTotalsRecord): ExecutionFigure[] {
  const delay = totals.executed_makespan_s - totals.planned_makespan_s;
  const delayPercent = totals.planned_makespan_s > 0 ? (100 * delay) / totals.planned_makespan_s : 0;
  const stations = Object.entries(totals.charger_queue_s);
  const queueS = stations.reduce((sum, [, seconds]) => sum + seconds, 0);
  return [
    {
      label: 'Executed Makespan',
      value: formatCompletionTime(totals.executed_makespan_s),
      note: `${signedDuration(delay)} (${delayPercent >= 0 ? '+' : ''}${delayPercent.toFixed(1)}%) against the plan`,
    },
    {
      label: 'Waiting Time',
      value: formatCompletionTime(totals.waiting_s),
      note: totals.max_waiting_robot ? `worst: ${totals.max_waiting_robot}, ${formatCompletionTime(totals.max_robot_waiting_s)}` : null,
    },
    { label: 'Throughput', value: `${totals.throughput_per_h.toFixed(1)} /h`, note: 'deliveries per hour, with traffic' },
    {
      label: 'Charger Queue',
      value: formatMinutes(Math.round((queueS / 60) * 10) / 10),
      note: stations.length > 0 ? 'hover for each station' : null,
      title: stations.map(([station, seconds]) => `${station}: ${formatMinutes(Math.round((seconds / 60) * 10) / 10)}`).join('\n'),
    },
  ];
}
