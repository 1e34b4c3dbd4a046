import { decodeTimeline, type ExecutionRecord } from '@fleetlab/warehouse';

/** The CLI's `--dense` form: every robot's cell at every step, so other tools can check an execution. */
export interface DenseExecution {
  step_s: number;
  robots: Record<string, [number, number][]>;
  deliveries: Record<string, [string, string, number][]>;
  charges: Record<string, [number, number][]>;
  chargers: Record<string, number>;
}

/** Expands the timelines: robot -> [[x, y], ...] from step 0 to its last waypoint (it stays put after). */
export function toDense(execution: ExecutionRecord, chargers: Record<string, number>): DenseExecution {
  const { width } = execution.heatmap;
  const toStep = (seconds: number) => Math.round(seconds / execution.step_s);
  const dense: DenseExecution = { step_s: execution.step_s, robots: {}, deliveries: {}, charges: {}, chargers };
  for (const [id, robot] of Object.entries(execution.robots)) {
    const last = robot.timeline[robot.timeline.length - 3];
    dense.robots[id] = Array.from(decodeTimeline(robot.timeline, last, width), (cell) => [cell % width, Math.floor(cell / width)]);
    dense.deliveries[id] = robot.deliveries.map((delivery) => [delivery.pickup, delivery.dropoff, toStep(delivery.done_s)]);
    dense.charges[id] = robot.charges.map((charge) => [toStep(charge.start_s), toStep(charge.end_s)]);
  }
  return dense;
}
