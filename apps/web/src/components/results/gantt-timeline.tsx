import { useMemo, useRef } from 'react';
import { formatCompletionTime } from '../../lib/display-format.ts';
import { card } from '../ui/styles.ts';
import { useFixedRowVirtualizer } from '../ui/virtual-table.tsx';
import { coalesceSegments, timeTicks, type GanttChart, type GanttKind, type GanttSegment } from './gantt-model.ts';

const KIND_STYLES: Record<GanttKind, { readonly colour: string; readonly label: string }> = {
  travel: { colour: '#38bdf8', label: 'Travel' },
  delivery: { colour: '#818cf8', label: 'Delivery' },
  recharge: { colour: '#facc15', label: 'Recharge' },
  idle: { colour: '#334155', label: 'Idle' },
};

const ROW_HEIGHT_PX = 14;
/** 28rem of rows in view; a 400-robot fleet scrolls and only the rows in view are drawn. */
const ROWS_AREA_HEIGHT_PX = 448;
/** Boxes a row draws at most (about one per 2 px of a wide chart): shorter runs of steps merge. */
const MAX_BOXES_PER_ROW = 500;

function boxTitle(segment: GanttSegment): string {
  const kind = KIND_STYLES[segment.kind].label;
  if ((segment.spans ?? 1) > 1) return `${segment.spans} spans, mostly ${kind.toLowerCase()} · ${segment.label}`;
  return segment.kind === 'idle' ? kind : `${kind} · ${segment.label}`;
}

function percent(value: number, horizon: number): string {
  return `${(value / horizon) * 100}%`;
}

export interface GanttTimelineProps {
  readonly chart: GanttChart;
  /** The plan's makespan (stats.makespan_s), or a shift's end, marked on the axis. */
  readonly makespan: number;
  /** What the mark is: 'Makespan' for a day's plan, 'Shift end' for a shift. */
  readonly markLabel: 'Makespan' | 'Shift end';
}

/**
 * All robots on one time axis. Segments are absolutely positioned percentages of the
 * axis, so the chart fills any width without measuring; only the robots scrolled into view
 * (and a few around them) are in the document, so a 400-robot day stays a few thousand boxes.
 */
export function GanttTimeline({ chart, makespan, markLabel }: GanttTimelineProps) {
  const horizon = Math.max(chart.horizon, makespan, 1e-9);
  const ticks = timeTicks(horizon);
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useFixedRowVirtualizer(scrollRef, chart.rows.length, ROW_HEIGHT_PX, ROWS_AREA_HEIGHT_PX);
  const visible = virtualizer.getVirtualItems();
  const boxesByRow = useMemo(
    () => chart.rows.map((row) => coalesceSegments(row.segments, horizon / MAX_BOXES_PER_ROW)),
    [chart, horizon],
  );
  return (
    <section className={`${card} p-5`} aria-labelledby="gantt-title">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <h2 id="gantt-title" className="text-lg font-semibold text-white">
          Timeline
        </h2>
        <ul className="flex flex-wrap gap-3 text-xs text-slate-300" aria-label="Timeline legend">
          {(Object.keys(KIND_STYLES) as GanttKind[]).map((kind) => (
            <li key={kind} className="flex items-center gap-1.5">
              <span
                className="inline-block h-2.5 w-4 rounded-sm"
                style={{ backgroundColor: KIND_STYLES[kind].colour }}
              />
              {KIND_STYLES[kind].label}
            </li>
          ))}
          <li className="flex items-center gap-1.5">
            <span className="inline-block h-3 w-0.5 bg-red-400" />
            {markLabel} {formatCompletionTime(makespan)}
          </li>
        </ul>
      </div>
      <div ref={scrollRef} className="overflow-y-auto" style={{ maxHeight: ROWS_AREA_HEIGHT_PX }}>
        <div className="relative" style={{ height: virtualizer.getTotalSize() }}>
          <div style={{ transform: `translateY(${visible[0]?.start ?? 0}px)` }}>
            {visible.map(({ index }) => {
              const row = chart.rows[index];
              return (
                <div
                  key={row.robotId}
                  className="grid grid-cols-[4.5rem_1fr] gap-x-2"
                  style={{ height: ROW_HEIGHT_PX }}
                  data-robot={row.robotId}
                >
                  <div className="truncate font-mono text-[10px] leading-[14px] text-slate-400">{row.robotId}</div>
                  <div className="relative my-px">
                    {boxesByRow[index].map((segment, segmentIndex) => (
                      <div
                        // biome-ignore lint/suspicious/noArrayIndexKey: a robot's segments are fixed in time order
                        key={segmentIndex}
                        data-kind={segment.kind}
                        className="absolute inset-y-0"
                        style={{
                          left: percent(segment.start, horizon),
                          width: percent(segment.end - segment.start, horizon),
                          backgroundColor: KIND_STYLES[segment.kind].colour,
                        }}
                        title={`${row.robotId} · ${boxTitle(segment)} · ${formatCompletionTime(segment.start)} – ${formatCompletionTime(segment.end)}`}
                      />
                    ))}
                    <div
                      className="pointer-events-none absolute inset-y-[-1px] w-0.5 bg-red-400"
                      style={{ left: percent(makespan, horizon) }}
                    />
                  </div>
                </div>
              );
            })}
          </div>
        </div>
      </div>
      <div
        className="ml-[5rem] mt-1 relative h-5 border-t border-slate-700 text-[10px] text-slate-400"
        aria-hidden="true"
      >
        {ticks.map((tick) => (
          <span key={tick} className="absolute -translate-x-1/2 pt-0.5" style={{ left: percent(tick, horizon) }}>
            {formatCompletionTime(tick)}
          </span>
        ))}
      </div>
    </section>
  );
}
