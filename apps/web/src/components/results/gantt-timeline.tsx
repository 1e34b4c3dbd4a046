import { formatCompletionTime } from '../../lib/display-format.ts';
import { card } from '../ui/styles.ts';
import { timeTicks, type GanttChart, type GanttKind } from './gantt-model.ts';

const KIND_STYLES: Record<GanttKind, { readonly colour: string; readonly label: string }> = {
  travel: { colour: '#38bdf8', label: 'Travel' },
  delivery: { colour: '#818cf8', label: 'Delivery' },
  recharge: { colour: '#facc15', label: 'Recharge' },
  idle: { colour: '#334155', label: 'Idle' },
};

const ROW_HEIGHT_PX = 14;

function percent(value: number, horizon: number): string {
  return `${(value / horizon) * 100}%`;
}

export interface GanttTimelineProps {
  readonly chart: GanttChart;
  /** The plan's makespan (stats.makespan_s), marked on the axis. */
  readonly makespan: number;
}

/**
 * All robots on one time axis. Segments are absolutely positioned percentages of the
 * axis, so the chart fills any width without measuring and a 100-robot plan stays a few
 * thousand plain boxes.
 */
export function GanttTimeline({ chart, makespan }: GanttTimelineProps) {
  const horizon = Math.max(chart.horizon, makespan, 1e-9);
  const ticks = timeTicks(horizon);
  return (
    <section className={`${card} p-5`} aria-labelledby="gantt-title">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <h2 id="gantt-title" className="text-lg font-semibold text-white">
          Timeline
        </h2>
        <ul className="flex flex-wrap gap-3 text-xs text-slate-300" aria-label="Timeline legend">
          {(Object.keys(KIND_STYLES) as GanttKind[]).map((kind) => (
            <li key={kind} className="flex items-center gap-1.5">
              <span className="inline-block h-2.5 w-4 rounded-sm" style={{ backgroundColor: KIND_STYLES[kind].colour }} />
              {KIND_STYLES[kind].label}
            </li>
          ))}
          <li className="flex items-center gap-1.5">
            <span className="inline-block h-3 w-0.5 bg-red-400" />
            Makespan {formatCompletionTime(makespan)}
          </li>
        </ul>
      </div>
      <div className="max-h-[28rem] overflow-y-auto">
        <div className="grid grid-cols-[4.5rem_1fr] gap-x-2">
          {chart.rows.map((row) => (
            <div key={row.robotId} className="contents" data-robot={row.robotId}>
              <div className="truncate font-mono text-[10px] leading-[14px] text-slate-400">{row.robotId}</div>
              <div className="relative my-px" style={{ height: ROW_HEIGHT_PX - 2 }}>
                {row.segments.map((segment, index) => (
                  <div
                    key={index}
                    data-kind={segment.kind}
                    className="absolute inset-y-0"
                    style={{
                      left: percent(segment.start, horizon),
                      width: percent(segment.end - segment.start, horizon),
                      backgroundColor: KIND_STYLES[segment.kind].colour,
                    }}
                    title={`${row.robotId} · ${KIND_STYLES[segment.kind].label}${
                      segment.kind === 'idle' ? '' : ` · ${segment.label}`
                    } · ${formatCompletionTime(segment.start)} – ${formatCompletionTime(segment.end)}`}
                  />
                ))}
                <div
                  className="pointer-events-none absolute inset-y-[-1px] w-0.5 bg-red-400"
                  style={{ left: percent(makespan, horizon) }}
                />
              </div>
            </div>
          ))}
        </div>
      </div>
      <div className="ml-[5rem] mt-1 relative h-5 border-t border-slate-700 text-[10px] text-slate-400" aria-hidden="true">
        {ticks.map((tick) => (
          <span key={tick} className="absolute -translate-x-1/2 pt-0.5" style={{ left: percent(tick, horizon) }}>
            {formatCompletionTime(tick)}
          </span>
        ))}
      </div>
    </section>
  );
}
