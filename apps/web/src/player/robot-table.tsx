import { memo, useCallback, useImperativeHandle, useRef, type Ref } from 'react';
import { BATTERY_COLOUR_HEX, batteryBarColour, formatPercent1 } from '../lib/display-format.ts';
import type { MotionState, ReplayModel, RobotState } from './robot-state.ts';

const MOTION_TONES: Record<MotionState, string> = {
  accelerating: 'text-sky-300',
  cruising: 'text-green-300',
  decelerating: 'text-amber-300',
  turning: 'text-fuchsia-300',
  stopped: 'text-slate-400',
  recharging: 'text-yellow-300',
  waiting: 'text-orange-300',
  queued: 'text-violet-300',
};

export interface RobotTableHandle {
  /** Writes the robots' states into the rows in view (only cells whose text changed). */
  readonly write: (states: readonly RobotState[]) => void;
}

/** Rows written beyond each edge of the table's view, so a short scroll never shows stale rows. */
const ROWS_BEYOND_VIEW = 8;

export interface RobotTableProps {
  readonly model: ReplayModel;
  readonly selectedRobot: number;
  readonly onSelect: (index: number) => void;
  readonly ref?: Ref<RobotTableHandle>;
}

function stepText(model: ReplayModel, state: RobotState, index: number): string {
  if (state.done) return 'Done';
  return state.stepIndex >= 0 ? `${state.stepIndex + 1} / ${model.robots[index].stepCount}` : '—';
}

/**
 * The per-robot table (step, motion, location, deliveries, battery). React renders its rows
 * once per replay; the cells then follow the canvas through `write`, which touches only cells
 * whose text changed in the rows in view (the rest follow when scrolled to), so hundreds of
 * rows cost no React render and little paint while playing.
 */
export const RobotTable = memo(function RobotTable({ model, selectedRobot, onSelect, ref }: RobotTableProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const written = useRef<{ model: ReplayModel | null; texts: string[] }>({ model: null, texts: [] });
  const lastStates = useRef<readonly RobotState[] | null>(null);

  /** First and last row index in view (all rows where there is no layout, as in jsdom). */
  const rowsInView = useCallback((count: number): [number, number] => {
    const scroller = scrollRef.current;
    const rowHeight = bodyRef.current?.rows[0]?.offsetHeight ?? 0;
    if (!scroller || rowHeight <= 0) return [0, count - 1];
    const first = Math.floor(scroller.scrollTop / rowHeight) - ROWS_BEYOND_VIEW;
    const last = Math.ceil((scroller.scrollTop + scroller.clientHeight) / rowHeight) + ROWS_BEYOND_VIEW;
    return [Math.max(0, first), Math.min(count - 1, last)];
  }, []);

  const write = useCallback(
    (states: readonly RobotState[]) => {
      const body = bodyRef.current;
      lastStates.current = states;
      if (!body) return;
      if (written.current.model !== model) written.current = { model, texts: [] };
      const texts = written.current.texts;
      const [first, last] = rowsInView(states.length);
      for (let index = first; index <= last; index += 1) {
        const row = body.rows[index];
        if (!row) continue;
        const state = states[index];
        const cells = [
          stepText(model, state, index),
          state.motion,
          state.location,
          `${state.completedDeliveries} / ${model.robots[index].deliveryCount}`,
          `${formatPercent1(state.batteryPercent)}${state.lowBattery ? ' Low' : ''}`,
        ];
        for (let column = 0; column < cells.length; column += 1) {
          const key = index * cells.length + column;
          if (texts[key] === cells[column]) continue;
          texts[key] = cells[column];
          const cell = row.cells[column + 1];
          cell.textContent = cells[column];
          if (column === 1) cell.className = `px-2 py-1 ${MOTION_TONES[state.motion]}`;
          if (column === 4)
            cell.style.color = state.lowBattery
              ? '#fca5a5'
              : BATTERY_COLOUR_HEX[batteryBarColour(state.batteryPercent)];
        }
      }
    },
    [model, rowsInView],
  );
  useImperativeHandle(ref, () => ({ write }), [write]);
  const onScroll = () => {
    if (lastStates.current) write(lastStates.current);
  };

  return (
    // Containment and fixed column widths keep the table's text updates from relaying out the
    // page or re-measuring every row.
    <div ref={scrollRef} onScroll={onScroll} className="mt-2 max-h-72 overflow-auto [contain:content]">
      <table className="w-full table-fixed text-left text-xs text-slate-300">
        <colgroup>
          <col className="w-[14%]" />
          <col className="w-[12%]" />
          <col className="w-[20%]" />
          <col className="w-[20%]" />
          <col className="w-[14%]" />
          <col className="w-[20%]" />
        </colgroup>
        <caption className="sr-only">Robot states</caption>
        <thead className="sticky top-0 bg-slate-900 text-slate-400">
          <tr>
            <th scope="col" className="px-2 py-1">
              Robot
            </th>
            <th scope="col" className="px-2 py-1">
              Step
            </th>
            <th scope="col" className="px-2 py-1">
              Motion
            </th>
            <th scope="col" className="px-2 py-1">
              Location
            </th>
            <th scope="col" className="px-2 py-1">
              Deliveries
            </th>
            <th scope="col" className="px-2 py-1">
              Battery
            </th>
          </tr>
        </thead>
        <tbody ref={bodyRef}>
          {model.robots.map((robot, index) => (
            <tr
              key={robot.robotId}
              data-robot={robot.robotId}
              className={index === selectedRobot ? 'bg-slate-800' : undefined}
            >
              <th scope="row" className="px-2 py-1 font-normal">
                <button
                  type="button"
                  className="font-mono text-indigo-300 hover:underline"
                  aria-pressed={index === selectedRobot}
                  aria-label={`Trace the route of ${robot.robotId}`}
                  onClick={() => onSelect(index)}
                >
                  {robot.robotId}
                </button>
              </th>
              <td className="px-2 py-1" />
              <td className="px-2 py-1" />
              <td className="px-2 py-1" />
              <td className="px-2 py-1" />
              <td className="px-2 py-1 font-mono" />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
});
