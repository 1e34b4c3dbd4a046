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
 * Each visit has a head: its robot stands there turned no earlier than the nearest usable robot
 * could drive there (at a dropoff: drive to its delivery's pickup, handle it and drive on, on the
 * legs' least times); its arrival turn, whatever it is, comes before the head, so the visit ends
 * no earlier than its head, handling and way out, that is its head less its turn plus its hold.
 * And a tail: its delivery ends no earlier than its arrival turn after its claim at a dropoff
 * (completion is the arrival), and its arrival turn, the handling and the leg to the dropoff
 * after it at a pickup. Take any set S of one cell's visits, in the order they claim the cell:
 * the first ends no earlier than its head less its turn plus its hold, each next one is claimed
 * no earlier than the one before ends, and the last one's delivery ends its tail after its
 * claim. So
 *   M >= min over S of (head - turn) + sum over S of holds + min over S of (tail - hold).
 * The sets tried per cell are the visits with the latest heads, one more at a time (a single
 * machine's heads and tails, as in Jackson's bound): with equal visits (points) at a dropoff
 * and S every visit, that is first arrival + (V - 1) x visit.
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
  const stepS = parameters.stepS;
  // Per visit: its cell, head (s), hold (steps) and what follows its claim to its delivery's end
  // less its hold (s); sorted by cell below.
  const visitCell: number[] = [];
  const visitHead: number[] = [];
  const visitHold: number[] = [];
  const visitTailLessHold: number[] = [];
  /**
   * One visit: the robot stands on `cell` turned to its rest heading no earlier than `standing`
   * (s), after an arrival turn of at least `arrivalTurn` steps; it leaves in `leave` steps after
   * its handling, and its delivery ends no earlier than `afterHandling` s after its handling ends
   * (negative: before it).
   */
  const visit = (cell: number, standing: number, arrivalTurn: number, leave: number, afterHandling: number) => {
    if (cell < 0 || (pickupCells.has(cell) && dropoffCells.has(cell))) return;
    const hold = arrivalTurn + parameters.handlingSteps + leave;
    visitCell.push(cell);
    visitHead.push(standing - arrivalTurn * stepS);
    visitHold.push(hold);
    visitTailLessHold.push(afterHandling - leave * stepS);
  };
  problem.deliveries.forEach((delivery, j) => {
    const pickupCell = problem.nodeCell[delivery.pickupNode];
    const dropoffCell = problem.nodeCell[delivery.dropoffNode];
    if (pickupCell < 0 || dropoffCell < 0) return;
    const atPickup = reach(problem.pickupPlace[j]);
    const leg = problem.deliveryDrive[j] / speed;
    // A pickup's delivery ends after the leg to its dropoff.
    visit(
      pickupCell,
      atPickup,
      arrivalTurnAtPickup(pickupCell),
      clock ? dockLeaveStepsTo(clock, pickupCell, dropoffCell) : dockLeaveSteps(floor, parameters, pickupCell),
      leg,
    );
    // A dropoff's visit comes after its delivery's pickup, handled, and the leg; the delivery ends
    // on arrival, before the handling.
    visit(
      dropoffCell,
      atPickup + problem.handlingSeconds + leg,
      clock ? dockArrivalTurnSteps(clock, dropoffCell, pickupCell) : 0,
      dockLeaveSteps(floor, parameters, dropoffCell),
      -parameters.handlingSteps * stepS,
    );
  });
  // Per cell, the visits from the latest head down: the ones so far are a set whose earliest head
  // is this one's.
  const order = Array.from(visitCell, (_, k) => k).sort(
    (one, other) => visitCell[one] - visitCell[other] || visitHead[other] - visitHead[one],
  );
  let bound = 0;
  let holds = 0;
  let leastTail = Infinity;
  order.forEach((k, at) => {
    if (at === 0 || visitCell[order[at - 1]] !== visitCell[k]) {
      holds = 0;
      leastTail = Infinity;
    }
    holds += visitHold[k];
    leastTail = Math.min(leastTail, visitTailLessHold[k]);
    if (Number.isFinite(visitHead[k])) bound = Math.max(bound, visitHead[k] + holds * stepS + leastTail);
  });
  return bound * (1 - 1e-9);
}
