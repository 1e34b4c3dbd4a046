import { Floor, type FloorEnvironment } from '../floor/floor.ts';
import { decodeTimeline } from '../floor/timeline-codec.ts';
import type { ExecutionRecord } from '../records/execution.ts';
import { gridMapTextOf } from './grid-map-layout.ts';

/**
 * An execution in the output format of the League of Robot Runners start-kit, the file PlanViz
 * replays beside its map. The action model is `MAPF` (4-neighbour moves, no turning), the one
 * the floor's robots follow; PlanViz reads its moves as: `R` column + 1, `L` column - 1, `U`
 * row + 1, `D` row - 1, `W` wait (one action per step). Cells are (row, column) of the map.
 */
export interface PlanVizOutput {
  actionModel: 'MAPF';
  version: '2024 LoRR';
  AllValid: 'Yes' | 'No';
  teamSize: number;
  /** Per agent: start row, column and a heading (always `E`: the floor's robots do not turn). */
  start: [number, number, 'E'][];
  numTaskFinished: number;
  /** Actions over all agents: every agent acts once a step (as the start-kit counts it). */
  sumOfCost: number;
  /** Steps of the execution. */
  makespan: number;
  actualPaths: string[];
  /** The same as `actualPaths`: the plan assigns orders; the floor's movement is what ran. */
  plannerPaths: string[];
  errors: [number, number, number, number, string][];
  /** `[step, agent, task, errands done]`: 1 when the pickup was reached, 2 when the dropoff. */
  events: [number, number, number, number][];
  /** `[task, release step, [pickup row, pickup column, dropoff row, dropoff column]]`. */
  tasks: [number, number, [number, number, number, number]][];
  /** Per agent, `step:task` for each task it took, comma-separated: when it set out for it (released, and done with the one before). */
  actualSchedule: string[];
  /** Not of the start-kit's format (PlanViz ignores it): this product's robot id of each agent. */
  robotIds: string[];
}

/** The action taking a robot from one cell to the next (cells `y * width + x`): PlanViz's MAPF names. */
function actionBetween(from: number, to: number, width: number): string {
  if (to === from) return 'W';
  if (to === from + 1 && to % width !== 0) return 'R';
  if (to === from - 1 && from % width !== 0) return 'L';
  if (to === from + width) return 'U';
  if (to === from - width) return 'D';
  throw new Error(`a robot jumps from cell ${from} to cell ${to}: not one 4-neighbour move`);
}

/**
 * The PlanViz files of an execution (a day's or a shift's): the output JSON and the `.map` of
 * the floor. Agents are the execution's robots in its order; tasks are a day's deliveries robot
 * by robot (released at step 0) or a shift's orders in order of release. A day records when a
 * dropoff was reached; the pickup's moment is the first step the robot stands on the pickup's
 * cell after setting out (after its previous delivery and any charge since).
 */
export function planVizExport(
  environment: FloorEnvironment,
  execution: ExecutionRecord,
): { output: PlanVizOutput; map: string } {
  const floor = new Floor(environment);
  const { width } = floor;
  const steps = execution.totals.steps;
  const toStep = (seconds: number) => Math.round(seconds / execution.step_s);
  const rowColumn = (cell: number): [number, number] => [Math.floor(cell / width), cell % width];
  const robotIds = Object.keys(execution.robots);
  const cellsOf = robotIds.map((id) => {
    const robot = execution.robots[id];
    if (!robot) throw new Error(`robot ${id} has no record`);
    const last = robot.timeline[robot.timeline.length - 3] ?? 0;
    return decodeTimeline(robot.timeline, Math.max(steps, last), width);
  });
  const makespan = Math.max(steps, ...cellsOf.map((cells) => cells.length - 1));

  const tasks: PlanVizOutput['tasks'] = [];
  const events: PlanVizOutput['events'] = [];
  const schedules: string[][] = robotIds.map(() => []);
  const errands = (pickup: string, dropoff: string): [number, number, number, number] => [
    ...rowColumn(floor.requireCellOf(pickup, 'Pickup')),
    ...rowColumn(floor.requireCellOf(dropoff, 'Dropoff')),
  ];
  /** The first step from `from` on which the robot stands on the cell (the errand's moment). */
  const arrival = (cells: Int32Array, cell: number, from: number, until: number) => {
    for (let step = from; step <= until; step++) if (cells[step] === cell) return step;
    return until;
  };

  if (execution.orders) {
    const taskOfOrder = new Map(execution.orders.map((order, index) => [order.id, index]));
    execution.orders.forEach((order, index) => {
      tasks.push([index, toStep(order.release_s), errands(order.pickup, order.dropoff)]);
    });
    const servedBy = new Map<string, NonNullable<ExecutionRecord['orders']>>();
    for (const order of execution.orders) {
      if (order.robot === undefined) continue;
      servedBy.set(order.robot, [...(servedBy.get(order.robot) ?? []), order]);
    }
    robotIds.forEach((id, agent) => {
      // In the order the robot picked them up; an order it never reached comes last.
      const served = [...(servedBy.get(id) ?? [])].sort(
        (a, b) => (a.pickup_s ?? Number.POSITIVE_INFINITY) - (b.pickup_s ?? Number.POSITIVE_INFINITY),
      );
      let free = 0;
      for (const order of served) {
        const task = taskOfOrder.get(order.id) ?? 0;
        if (order.pickup_s !== undefined) events.push([toStep(order.pickup_s), agent, task, 1]);
        if (order.done_s !== undefined) events.push([toStep(order.done_s), agent, task, 2]);
        // It sets out for an order once released and done with the one before.
        schedules[agent]?.push(`${Math.max(toStep(order.release_s), free)}:${task}`);
        if (order.done_s !== undefined) free = toStep(order.done_s);
      }
    });
  } else {
    robotIds.forEach((id, agent) => {
      const robot = execution.robots[id];
      const cells = cellsOf[agent];
      if (!robot || !cells) return;
      let setOut = 0;
      for (const delivery of robot.deliveries) {
        const task = tasks.length;
        const done = toStep(delivery.done_s);
        tasks.push([task, 0, errands(delivery.pickup, delivery.dropoff)]);
        // A charge between two deliveries comes before the pickup (a robot charges, then sets out).
        for (const charge of robot.charges) {
          const end = toStep(charge.end_s);
          if (end > setOut && end <= done) setOut = end;
        }
        const pickedUp = arrival(cells, floor.requireCellOf(delivery.pickup, 'Pickup'), setOut, done);
        events.push([pickedUp, agent, task, 1], [done, agent, task, 2]);
        schedules[agent]?.push(`${setOut}:${task}`);
        setOut = done;
      }
    });
  }
  events.sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[3] - b[3]);

  const actualPaths = cellsOf.map((cells) => {
    const actions: string[] = [];
    for (let step = 0; step < makespan; step++) {
      const here = cells[Math.min(step, cells.length - 1)] ?? 0;
      const next = cells[Math.min(step + 1, cells.length - 1)] ?? here;
      actions.push(actionBetween(here, next, width));
    }
    return actions.join(',');
  });
  const output: PlanVizOutput = {
    actionModel: 'MAPF',
    version: '2024 LoRR',
    AllValid: execution.totals.conflicts === 0 ? 'Yes' : 'No',
    teamSize: robotIds.length,
    start: cellsOf.map((cells) => [...rowColumn(cells[0] ?? 0), 'E']),
    numTaskFinished: events.filter((event) => event[3] === 2).length,
    sumOfCost: robotIds.length * makespan,
    makespan,
    actualPaths,
    plannerPaths: actualPaths,
    errors: [],
    events,
    tasks,
    actualSchedule: schedules.map((schedule) => schedule.join(',')),
    robotIds,
  };
  return { output, map: gridMapTextOf(environment) };
}
