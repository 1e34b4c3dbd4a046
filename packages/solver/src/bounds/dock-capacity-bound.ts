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
 * there, and the day's last delivery is done no earlier than the cell's last arrival. So per
 * cell with V visits, M >= first arrival + (V - 1) * visit.
 *
 * Plans hold the docks' queues (free flow's `DockPool`, with the same visit), so it holds for
 * every plan and every day on the floor. It is 0 on the graph model, which has no cells.
 */
export function dockCapacityBound(problem: Problem): number {
  const { floor } = problem;
  if (!floor || problem.deliveryCount === 0) return 0;
  const usable = usableRobots(problem);
  if (usable.length === 0) return 0;
  const visitsAt = new Map<number, { visits: number; place: number }>();
  // A cell both a pickup and a dropoff stand on may serve a dropoff and the next pickup in one
  // stay, so its deliveries need not be separate visits: such cells are left out.
  const pickupCells = new Set(problem.deliveries.map((delivery) => problem.nodeCell[delivery.pickupNode]));
  const dropoffCells = new Set(problem.deliveries.map((delivery) => problem.nodeCell[delivery.dropoffNode]));
  const visit = (node: number, place: number) => {
    const cell = problem.nodeCell[node];
    if (cell < 0 || (pickupCells.has(cell) && dropoffCells.has(cell))) return;
    const entry = visitsAt.get(cell) ?? { visits: 0, place };
    entry.visits++;
    visitsAt.set(cell, entry);
  };
  problem.deliveries.forEach((delivery, j) => {
    visit(delivery.pickupNode, problem.pickupPlace[j]);
    visit(delivery.dropoffNode, problem.dropoffPlace[j]);
  });
  // Robots sharing a start place: only the earliest ready one can arrive first.
  const readyAt = new Map<number, number>();
  for (const robot of usable) {
    const start = problem.startPlace[robot];
    readyAt.set(start, Math.min(readyAt.get(start) ?? Infinity, problem.readyS[robot]));
  }
  const parameters = problem.floorParameters;
  let bound = 0;
  for (const [cell, { visits, place }] of visitsAt) {
    let firstArrival = Infinity;
    for (const [start, ready] of readyAt) {
      firstArrival = Math.min(
        firstArrival,
        ready + problem.placeDistance[start * problem.placeCount + place] / problem.speed,
      );
    }
    const perVisit = dockVisitSteps(floor, parameters, cell) * parameters.stepS;
    if (Number.isFinite(firstArrival)) bound = Math.max(bound, firstArrival + (visits - 1) * perVisit);
  }
  return bound * (1 - 1e-9);
}
