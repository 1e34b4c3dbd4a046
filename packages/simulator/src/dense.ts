import { decodeTimeline, type ExecutionRecord } from '@fleetlab/warehouse';

/** A delivery in the dense form: [pickup, dropoff, done_step], and in a shift [pickup, dropoff, done_step, order_id, pickup_step]. */
export type DenseDelivery = [string, string, number] | [string, string, number, string, number];

/** The CLI's `--dense` form: every robot's cell at every step, so other tools can check an execution. */
export interface DenseExecution {
  step_s: number;
  robots: Record<string, [number, number][]>;
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
  const dense: DenseExecution = { step_s: execution.step_s, robots: {}, deliveries: {}, charges: {}, chargers };
  const pickupStep = new Map(
    (execution.orders ?? []).map((order) => [order.id, order.pickup_s === undefined ? -1 : toStep(order.pickup_s)]),
  );
  for (const [id, robot] of Object.entries(execution.robots)) {
    const last = robot.timeline[robot.timeline.length - 3];
    dense.robots[id] = Array.from(decodeTimeline(robot.timeline, last, width), (cell) => [
      cell % width,
      Math.floor(cell / width),
    ]);
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
