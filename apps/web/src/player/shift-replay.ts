// What the replay of a shift adds to a day's: the orders released, waiting for a robot, on board
// and delivered at any time of the shift, from the execution's `orders` (each with its release,
// pickup and dropoff times), built once per execution as three sorted arrays of times so a
// count at time t is three binary searches whatever the number of orders; and the marks a
// planner jumps to (every quarter hour or every hour). Pure.
import type { ShiftOrderRecord } from '@fleetlab/warehouse';
import { formatCompletionTime } from '../lib/display-format.ts';

export interface OrderClock {
  readonly releases: Float64Array;
  readonly pickups: Float64Array;
  readonly dropoffs: Float64Array;
}

export interface OrdersAt {
  readonly released: number;
  /** Released and not yet picked up. */
  readonly waiting: number;
  /** Picked up and not yet at the dropoff. */
  readonly onBoard: number;
  readonly delivered: number;
}

function sortedTimes(values: Iterable<number>): Float64Array {
  return Float64Array.from(values).sort();
}

export function buildOrderClock(orders: readonly ShiftOrderRecord[]): OrderClock {
  return {
    releases: sortedTimes(orders.map((order) => order.release_s)),
    pickups: sortedTimes(orders.flatMap((order) => (order.pickup_s === undefined ? [] : [order.pickup_s]))),
    dropoffs: sortedTimes(orders.flatMap((order) => (order.done_s === undefined ? [] : [order.done_s]))),
  };
}

/** How many of the sorted times are at or before `time`. */
function countAtOrBefore(times: Float64Array, time: number): number {
  let low = 0;
  let high = times.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (times[middle] <= time) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The orders at `time`: an order counts as picked up from the moment its robot stands on the pickup, delivered from the moment it reaches the dropoff. */
export function ordersAt(clock: OrderClock, time: number): OrdersAt {
  const released = countAtOrBefore(clock.releases, time);
  const pickedUp = countAtOrBefore(clock.pickups, time);
  const delivered = countAtOrBefore(clock.dropoffs, time);
  return { released, waiting: released - pickedUp, onBoard: pickedUp - delivered, delivered };
}

/** A jump of the shift's time slider: a time and its name. */
export interface TimeMark {
  readonly time: number;
  readonly label: string;
}

const QUARTER_HOUR_S = 900;
const HOUR_S = 3600;

function markLabel(seconds: number): string {
  const hours = Math.floor(seconds / HOUR_S);
  const minutes = Math.round((seconds % HOUR_S) / 60);
  if (hours === 0) return `${minutes} min`;
  return minutes === 0 ? `${hours} h` : `${hours} h ${minutes} min`;
}

/**
 * Where a planner may jump in a shift of `endS` seconds: every quarter hour in a shift of two
 * hours or less, else every hour, the end included when it falls on one (hour 5 of a 5 h shift).
 */
export function shiftTimeMarks(endS: number): TimeMark[] {
  const every = endS <= 2 * HOUR_S ? QUARTER_HOUR_S : HOUR_S;
  const marks: TimeMark[] = [];
  for (let time = every; time <= endS; time += every) marks.push({ time, label: markLabel(time) });
  return marks;
}

/**
 * What the replay of a shift says at its end. Robots with a model work on past the shift's end
 * (`shiftEndS`) to finish the moves dispatched by then, so the replay runs to `replayEndS`; the
 * shift's figures count only what was done by its end, and the replay says which end it is at.
 */
export function shiftEndText(shiftEndS: number | null, replayEndS: number): string {
  if (shiftEndS === null || replayEndS - shiftEndS <= 1e-6 * Math.max(1, replayEndS)) return 'End of the shift.';
  return `End of the replay: the shift ended at ${formatCompletionTime(shiftEndS)}, and the robots finished the moves dispatched by then at ${formatCompletionTime(replayEndS)}.`;
}
