import type { Problem } from '../problem/problem.ts';
import { usableRobots } from './lower-bound.ts';

/**
 * Dock capacity, for the day on the floor: a floor cell holds one robot at a time, so a pickup
 * or dropoff cell serves its visits one after the other.
 *
 * The argument. A visit puts a robot on the cell for its arrival step and its handling, and the
 * next robot can step on only as it steps off (robots may follow, never swap or share a cell):
 * handling + one step between two arrivals. A cell entered and left through one neighbour only
 * (a dead end) costs a step more: the next robot can only come in from that neighbour once the
 * leaving robot has stepped off it. The first robot arrives no earlier than the nearest usable
 * robot could drive there, and the day's last delivery is done no earlier than the cell's last
 * arrival. So per cell with V visits, M >= first arrival + (V - 1) * (handling + step (+ step)).
 *
 * Plans do not hold the docks' queues yet (each robot is timed alone on the floor), so a plan
 * may finish before this bound; the day on the floor cannot. It is 0 on the graph model, which
 * has no cells.
 */
export function dockCapacityBound(problem: Problem): number {
  const { floor } = problem;
  if (!floor || problem.deliveryCount === 0) return 0;
  const usable = usableRobots(problem);
  if (usable.length === 0) return 0;
  const visitsAt = new Map<number, { visits: number; place: number }>();
  const visit = (node: number, place: number) => {
    const cell = problem.nodeCell[node];
    if (cell < 0) return;
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
  const { stepS, handlingS } = problem.floorParameters;
  let bound = 0;
  for (const [cell, { visits, place }] of visitsAt) {
    let firstArrival = Infinity;
    for (const [start, ready] of readyAt) {
      firstArrival = Math.min(
        firstArrival,
        ready + problem.placeDistance[start * problem.placeCount + place] / problem.speed,
      );
    }
    const perVisit = handlingS + stepS * (deadEnd(floor, cell) ? 2 : 1);
    if (Number.isFinite(firstArrival)) bound = Math.max(bound, firstArrival + (visits - 1) * perVisit);
  }
  return bound * (1 - 1e-9);
}

/** Whether every move onto and off `cell` goes through one and the same neighbour. */
function deadEnd(floor: NonNullable<Problem['floor']>, cell: number): boolean {
  const around = new Set<number>();
  for (let k = 0; k < 4; k++) {
    if (floor.neighbours[cell * 4 + k] >= 0) around.add(floor.neighbours[cell * 4 + k]);
    if (floor.incoming[cell * 4 + k] >= 0) around.add(floor.incoming[cell * 4 + k]);
  }
  return around.size <= 1;
}
