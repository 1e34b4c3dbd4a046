import { decodeTimeline, type ExecutionRecord, MOTION_SEGMENT_LENGTH, round3 } from '@fleetlab/warehouse';

/** A delivery in the dense form: [pickup, dropoff, done_step], and in a shift [pickup, dropoff, done_step, order_id, pickup_step]. */
export type DenseDelivery = [string, string, number] | [string, string, number, string, number];

/** A cell a robot entered: [t_s, x, y, heading_deg], t when its centre reached the cell's centre, heading 0 = +x, 90 = +y. */
export type DenseEntry = [number, number, number, number];

/**
 * The CLI's `--dense` form, so other tools can check an execution without this project's code:
 * every robot's cells as it entered them (`entered`), and for point robots its cell at every
 * step (`robots`; robots with acceleration hold a cell for many ticks, so they have `entered` only).
 */
export interface DenseExecution {
  step_s: number;
  robots?: Record<string, [number, number][]>;
  entered: Record<string, DenseEntry[]>;
  deliveries: Record<string, DenseDelivery[]>;
  charges: Record<string, [number, number][]>;
  chargers: Record<string, number>;
  /** A shift's orders in order of release. */
  orders?: { id: string; pickup: string; dropoff: string; release_s: number }[];
}

/** Expands the timelines: robot -> [[x, y], ...] from step 0 to its last waypoint (it stays put after). */
export function toDense(execution: ExecutionRecord, chargers: Record<string, number>): DenseExecution {
  const { width } = execution.heatmap;
  const toStep = (seconds: number) => Math.round(seconds / execution.step_s);
  const withMotion = Object.values(execution.robots).some((robot) => robot.motion !== undefined);
  const dense: DenseExecution = {
    step_s: execution.step_s,
    ...(withMotion ? {} : { robots: {} }),
    entered: {},
    deliveries: {},
    charges: {},
    chargers,
  };
  const pickupStep = new Map(
    (execution.orders ?? []).map((order) => [order.id, order.pickup_s === undefined ? -1 : toStep(order.pickup_s)]),
  );
  for (const [id, robot] of Object.entries(execution.robots)) {
    if (robot.motion) dense.entered[id] = enteredFromMotion(robot.motion);
    else {
      const last = robot.timeline[robot.timeline.length - 3];
      const cells = Array.from(decodeTimeline(robot.timeline, last, width), (cell): [number, number] => [
        cell % width,
        Math.floor(cell / width),
      ]);
      if (dense.robots) dense.robots[id] = cells;
      dense.entered[id] = enteredFromSteps(cells, execution.step_s);
    }
    dense.deliveries[id] = robot.deliveries.map(
      (delivery): DenseDelivery =>
        delivery.order === undefined
          ? [delivery.pickup, delivery.dropoff, toStep(delivery.done_s)]
          : [
              delivery.pickup,
              delivery.dropoff,
              toStep(delivery.done_s),
              delivery.order,
              pickupStep.get(delivery.order) ?? -1,
            ],
    );
    dense.charges[id] = robot.charges.map((charge) => [toStep(charge.start_s), toStep(charge.end_s)]);
  }
  if (execution.orders)
    dense.orders = execution.orders.map(({ id, pickup, dropoff, release_s }) => ({ id, pickup, dropoff, release_s }));
  return dense;
}

/** A point robot's entries: each step it moves, into the cell, facing the move (its start facing its first move, else +x). */
function enteredFromSteps(cells: readonly [number, number][], stepS: number): DenseEntry[] {
  const entered: DenseEntry[] = [];
  for (let t = 0; t < cells.length; t++) {
    if (t > 0 && cells[t][0] === cells[t - 1][0] && cells[t][1] === cells[t - 1][1]) continue;
    const from = t > 0 ? cells[t - 1] : cells[t];
    entered.push([
      round3(t * stepS),
      cells[t][0],
      cells[t][1],
      headingOf(cells[t][0] - from[0], cells[t][1] - from[1]),
    ]);
  }
  const first = entered[0];
  if (first && entered.length > 1) first[3] = entered[1][3];
  return entered;
}

function headingOf(dx: number, dy: number): number {
  if (dx > 0) return 0;
  if (dy > 0) return 90;
  if (dx < 0) return 180;
  if (dy < 0) return 270;
  return 0;
}

/**
 * The cells a robot's motion segments reach, in order: its start, then each cell centre its
 * centre passes or stops on, with the time (solving each segment's constant-acceleration motion)
 * and the heading it drives in.
 */
function enteredFromMotion(motion: readonly number[]): DenseEntry[] {
  const L = MOTION_SEGMENT_LENGTH;
  const entered: DenseEntry[] = [[0, Math.round(motion[1]), Math.round(motion[2]), motion[3]]];
  for (let k = 0; k + L < motion.length; k += L) {
    const [t, x, y, heading, v, a] = motion.slice(k, k + 6);
    const dt = motion[k + L] - t;
    const along = v * dt + (a * dt * dt) / 2;
    if (along <= 0) continue;
    const [dx, dy] = [
      [1, 0],
      [0, 1],
      [-1, 0],
      [0, -1],
    ][heading / 90];
    const last = entered[entered.length - 1];
    const start = dx !== 0 ? x : y;
    const sign = dx + dy;
    const end = start + sign * along;
    // A segment ending at a standstill ends on a centre, up to the record's rounding.
    const reach = Math.abs(v + a * dt) < 0.005 ? 0.02 : 1e-6;
    for (let n = (dx !== 0 ? last[1] : last[2]) + sign; sign > 0 ? n <= end + reach : n >= end - reach; n += sign) {
      const gap = Math.max(0, Math.min(along, Math.abs(n - start)));
      const root = Math.sqrt(Math.max(0, v * v + 2 * a * gap));
      const tau = Math.abs(n - end) <= reach || v + root <= 0 ? dt : Math.min(dt, (2 * gap) / (v + root));
      const previous = entered[entered.length - 1];
      entered.push([round3(t + tau), dx !== 0 ? n : previous[1], dx !== 0 ? previous[2] : n, heading]);
    }
  }
  return entered;
}
