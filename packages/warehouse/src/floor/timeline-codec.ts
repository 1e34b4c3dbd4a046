/**
 * A robot's cells over time, as an execution record stores them: waypoint-encoded, flat
 * `[step, x, y, step, x, y, ...]`. Between two consecutive waypoints (always on one row or one
 * column, L cells apart) the robot stays at the first until step `next.step - L`, then moves one
 * cell per step in a straight line and reaches the second at `next.step`. After the last
 * waypoint it stays. A straight run, however long, costs one waypoint, and a wait costs none, so
 * a 400-robot day stays a few megabytes.
 */
export class TimelineWriter {
  readonly waypoints: number[] = [];
  private endStep: number;
  private endX: number;
  private endY: number;
  /** Direction of the current run: 0 none yet, else dx + 2 * dy (+-1 or +-2). */
  private direction = 0;

  constructor(step: number, x: number, y: number) {
    this.waypoints.push(step, x, y);
    this.endStep = step;
    this.endX = x;
    this.endY = y;
  }

  /** The robot's cell at `step`, one step after the last call (or the start). */
  record(step: number, x: number, y: number): void {
    const moved = x !== this.endX || y !== this.endY;
    if (!moved) {
      // A wait after a move ends the run: the format only waits at the start of a segment.
      if (this.direction !== 0) this.closeRun();
      return;
    }
    const direction = x - this.endX + 2 * (y - this.endY);
    if (this.direction !== 0 && (direction !== this.direction || this.endStep !== step - 1)) this.closeRun();
    this.direction = direction;
    this.endStep = step;
    this.endX = x;
    this.endY = y;
  }

  /** The finished timeline. */
  finish(): number[] {
    if (this.direction !== 0) this.closeRun();
    return this.waypoints;
  }

  private closeRun(): void {
    this.waypoints.push(this.endStep, this.endX, this.endY);
    this.direction = 0;
  }
}

/**
 * Every step's cell of a waypoint-encoded timeline, from step 0 to `lastStep` (the robot stands
 * at its first waypoint before it and at its last after). Throws on a malformed timeline.
 */
export function decodeTimeline(timeline: readonly number[], lastStep: number, width: number): Int32Array {
  const cells = new Int32Array(lastStep + 1);
  // A day of robots with models holds hundreds of thousands of ticks a robot, nearly all of them
  // stays: each stay is one native fill.
  readStays(timeline, width, (from, to, cell) => {
    const begin = Math.max(0, from);
    const end = Math.min(to, lastStep) + 1;
    if (begin < end) cells.fill(cell, begin, end);
  });
  return cells;
}

/**
 * The cells a waypoint-encoded timeline stands on from step 0 to `lastStep`, in order, and the
 * step it enters each (0 for the first): what `decodeTimeline`'s cells change to, read from the
 * waypoints without going through every step. Throws on a malformed timeline.
 */
export function timelineVisits(
  timeline: readonly number[],
  lastStep: number,
  width: number,
): { cells: Int32Array; steps: Int32Array } {
  // Two reads of the waypoints: the first counts the visits, the second writes them.
  let count = 0;
  let previous = -1;
  readStays(timeline, width, (from, to, cell) => {
    if (to < 0 || from > lastStep || (count > 0 && cell === previous)) return;
    count++;
    previous = cell;
  });
  const cells = new Int32Array(count);
  const steps = new Int32Array(count);
  count = 0;
  readStays(timeline, width, (from, to, cell) => {
    if (to < 0 || from > lastStep || (count > 0 && cell === cells[count - 1])) return;
    cells[count] = cell;
    // The first visit holds step 0 (it may have begun before).
    steps[count] = count === 0 ? 0 : from;
    count++;
  });
  return { cells, steps };
}

/**
 * Reads a timeline as the robot's stays in order: `stay(from, to, cell)` for each run of steps
 * from `from` to `to` (both included; the first from -Infinity, the last to Infinity) on one
 * cell. Throws on a malformed timeline.
 */
function readStays(
  timeline: readonly number[],
  width: number,
  stay: (from: number, to: number, cell: number) => void,
): void {
  if (timeline.length < 3 || timeline.length % 3 !== 0) throw new Error('a timeline needs [step, x, y] triples');
  let x = timeline[1];
  let y = timeline[2];
  let previousStep = timeline[0];
  let from = Number.NEGATIVE_INFINITY;
  for (let k = 3; k < timeline.length; k += 3) {
    const step = timeline[k];
    const toX = timeline[k + 1];
    const toY = timeline[k + 2];
    if (toX !== x && toY !== y)
      throw new Error(`the waypoint at step ${step} is not on the row or column of the one before`);
    const length = Math.abs(toX - x) + Math.abs(toY - y);
    const waitUntil = step - length;
    if (length === 0 || waitUntil < previousStep) {
      throw new Error(
        `the waypoint at step ${step} is ${length === 0 ? 'the cell of the one before' : 'too soon for its distance'}`,
      );
    }
    // It waits where it is until `waitUntil`, then moves one cell a step and reaches the waypoint at `step`.
    stay(from, waitUntil, y * width + x);
    const dx = Math.sign(toX - x);
    const dy = Math.sign(toY - y);
    for (let moved = 1; moved < length; moved++)
      stay(waitUntil + moved, waitUntil + moved, (y + moved * dy) * width + x + moved * dx);
    x = toX;
    y = toY;
    previousStep = step;
    from = step;
  }
  stay(from, Number.POSITIVE_INFINITY, y * width + x);
}
