import { dockVisitSteps } from '@fleetlab/warehouse';
import type { Problem } from '../problem/problem.ts';
import { usableRobots } from './lower-bound.ts';

/**
 * Dock capacity, for the day on the floor: a floor cell holds one robot at a time, so a pickup
 * or dropoff cell serves its visits one after the other.
 *
 * The argument. A visit puts a robot on the cell for its arrival step and its handling, and the
 * next robot can step on only as it steps off (robots may follow, never swap or share a cell):
 * handling + one crossing between two arrivals. A cell entered and left through one neighbour
 * only (a dead end) costs a crossing more: the next robot can only come in from that neighbour
 * once the leaving robot has stepped off it (`dockVisitSteps`, the figure the plan's dock queue
 * holds too). The first robot arrives no earlier than the nearest usable robot could drive
 * there (at a dropoff: drive to one of its deliveries' pickups, handle it and drive on, on the
 * legs' least times), and the day's last delivery is done no earlier than the cell's last
 * arrival. So per cell with V visits, M >= first arrival + (V - 1) * visit.
 *
 * Plans hold the docks' queues (free flow's `DockPool`, with the same visit), so it holds for
 * every plan and every day on the floor. It is 0 on the graph model, which has no cells.
 */
export function dockCapacityBound(problem: Problem): number {
  const { floor } = problem;
  if (!floor || problem.deliveryCount === 0) return 0;
  const usable = usableRobots(problem);
  if (usable.length === 0) return 0;
  const visitsAt = new Map<number, { visits: number; firstArrival: number }>();
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
  const visit = (node: number, firstArrival: number) => {
    const cell = problem.nodeCell[node];
    if (cell < 0 || (pickupCells.has(cell) && dropoffCells.has(cell))) return;
    const entry = visitsAt.get(cell) ?? { visits: 0, firstArrival: Infinity };
    entry.visits++;
    entry.firstArrival = Math.min(entry.firstArrival, firstArrival);
    visitsAt.set(cell, entry);
  };
  problem.deliveries.forEach((delivery, j) => {
    const atPickup = reach(problem.pickupPlace[j]);
    visit(delivery.pickupNode, atPickup);
    // A dropoff's visit comes after its delivery's pickup, handled, and the drive on.
    visit(delivery.dropoffNode, atPickup + problem.handlingSeconds + problem.deliveryDrive[j] / speed);
  });
  const parameters = problem.floorParameters;
  let bound = 0;
  for (const [cell, { visits, firstArrival }] of visitsAt) {
    const perVisit = dockVisitSteps(floor, parameters, cell) * parameters.stepS;
    if (Number.isFinite(firstArrival)) bound = Math.max(bound, firstArrival + (visits - 1) * perVisit);
  }
  return bound * (1 - 1e-9);
}
