import { dockArrivalTurnSteps, dockLeaveSteps, dockLeaveStepsTo } from '@fleetlab/warehouse';
import type { Problem } from '../problem/problem.ts';
import { usableRobots } from './lower-bound.ts';

/**
 * Dock capacity, for the day on the floor: a floor cell holds one robot at a time, so a pickup
 * or dropoff cell serves its visits one after the other.
 *
 * The argument. A visit holds the cell from when the robot's centre reaches it, through its turn
 * to the cell's rest heading, its handling and its way out, until its centre reaches the next
 * cell (free flow's `DockPool`; for a point robot, or at a dead end, the arrival turn is 0 and
 * the way out the least, `dockLeaveSteps`). What each visit takes is known from its delivery
 * wherever the plan cannot change it:
 * - a dropoff's visit comes from its delivery's pickup: its arrival turn is that leg's
 *   (`dockArrivalTurnSteps`); its way out goes to a place the plan chooses: the least way out;
 * - a pickup's visit goes on to its delivery's dropoff: its way out is that leg's
 *   (`dockLeaveStepsTo`); it comes from a place the plan chooses (a robot's start, a station, a
 *   dropoff): the least arrival turn from any of them.
 * The first robot's centre reaches the cell no earlier than the nearest usable robot could drive
 * there less that visit's arrival turn (at a dropoff: drive to one of its deliveries' pickups,
 * handle it and drive on, on the legs' least times), each next visit is claimed no earlier than
 * the one before ends, and the last one ends its delivery no earlier than its arrival turn
 * after its claim. So per cell with visits v_1..v_V in any order,
 *   M >= first arrival + sum of holds - the largest arrival turn - the largest handling and way out.
 * With equal visits (points) that is first arrival + (V - 1) x visit.
 *
 * Plans hold the docks' queues (free flow's `DockPool`, with the same visits), so it holds for
 * every plan; the shared floor holds its docks the same way, and no day on it ended before the
 * bound in the simulator's property test (every robot model). It is 0 on the graph model, which
 * has no cells.
 */
export function dockCapacityBound(problem: Problem): number {
  const { floor } = problem;
  if (!floor || problem.deliveryCount === 0) return 0;
  const usable = usableRobots(problem);
  if (usable.length === 0) return 0;
  const visitsAt = new Map<
    number,
    { visits: number; firstArrival: number; holds: number; maxTurn: number; maxRest: number }
  >();
  // A cell both a pickup and a dropoff stand on may serve a dropoff and the next pickup in one
  // stay, so its deliveries need not be separate visits: such cells are left out.
  const pickupCells = new Set(problem.deliveries.map((delivery) => problem.nodeCell[delivery.pickupNode]));
  const dropoffCells = new Set(problem.deliveries.map((delivery) => problem.nodeCell[delivery.dropoffNode]));
  // Robots sharing a start place: only the earliest ready one can arrive first.
  const readyAt = new Map<number, number>();
  for (const robot of usable) {
    const start = problem.startPlace[robot];
    readyAt.set(start, Math.min(readyAt.get(start) ?? Infinity, problem.readyS[robot]));
  }
  // The least time to each pickup place (least times: a robot with acceleration and turns drives
  // no leg faster), and from there through the delivery to its dropoff.
  const { placeDrive, placeCount, speed } = problem;
  const earliestAt = new Map<number, number>();
  const reach = (place: number) => {
    let earliest = earliestAt.get(place);
    if (earliest === undefined) {
      earliest = Infinity;
      for (const [start, ready] of readyAt)
        earliest = Math.min(earliest, ready + placeDrive[start * placeCount + place] / speed);
      earliestAt.set(place, earliest);
    }
    return earliest;
  };
  const parameters = problem.floorParameters;
  const clock = problem.floorClock;
  // Where a robot may come from to a pickup: a robot's start, a station (after a charge), a dropoff.
  const fromCells = new Set<number>(dropoffCells);
  for (const robot of usable) {
    for (const node of [problem.robots[robot].startNode, problem.robots[robot].homeNode])
      if (problem.nodeCell[node] >= 0) fromCells.add(problem.nodeCell[node]);
  }
  const leastArrivalTurn = new Map<number, number>();
  const arrivalTurnAtPickup = (cell: number) => {
    let least = leastArrivalTurn.get(cell);
    if (least === undefined) {
      least = Infinity;
      if (clock) for (const from of fromCells) least = Math.min(least, dockArrivalTurnSteps(clock, cell, from));
      if (!Number.isFinite(least)) least = 0;
      leastArrivalTurn.set(cell, least);
    }
    return least;
  };
  const visit = (cell: number, firstArrival: number, arrivalTurn: number, leave: number) => {
    if (cell < 0 || (pickupCells.has(cell) && dropoffCells.has(cell))) return;
    const entry = visitsAt.get(cell) ?? { visits: 0, firstArrival: Infinity, holds: 0, maxTurn: 0, maxRest: 0 };
    entry.visits++;
    entry.firstArrival = Math.min(entry.firstArrival, firstArrival);
    entry.holds += arrivalTurn + parameters.handlingSteps + leave;
    entry.maxTurn = Math.max(entry.maxTurn, arrivalTurn);
    entry.maxRest = Math.max(entry.maxRest, parameters.handlingSteps + leave);
    visitsAt.set(cell, entry);
  };
  problem.deliveries.forEach((delivery, j) => {
    const pickupCell = problem.nodeCell[delivery.pickupNode];
    const dropoffCell = problem.nodeCell[delivery.dropoffNode];
    if (pickupCell < 0 || dropoffCell < 0) return;
    const atPickup = reach(problem.pickupPlace[j]);
    visit(
      pickupCell,
      atPickup,
      arrivalTurnAtPickup(pickupCell),
      clock ? dockLeaveStepsTo(clock, pickupCell, dropoffCell) : dockLeaveSteps(floor, parameters, pickupCell),
    );
    // A dropoff's visit comes after its delivery's pickup, handled, and the drive on.
    visit(
      dropoffCell,
      atPickup + problem.handlingSeconds + problem.deliveryDrive[j] / speed,
      clock ? dockArrivalTurnSteps(clock, dropoffCell, pickupCell) : 0,
      dockLeaveSteps(floor, parameters, dropoffCell),
    );
  });
  let bound = 0;
  for (const { firstArrival, holds, maxTurn, maxRest } of visitsAt.values()) {
    if (Number.isFinite(firstArrival))
      bound = Math.max(bound, firstArrival + (holds - maxTurn - maxRest) * parameters.stepS);
  }
  return bound * (1 - 1e-9);
}
