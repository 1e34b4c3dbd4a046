import { evaluateRoute } from './battery-schedule.ts';
import type { Problem } from './problem.ts';

/**
 * Orders one robot's deliveries: nearest neighbour from the robot's start, then or-opt
 * (move one delivery or a chain of up to three) and 2-opt (reverse a section) until no move
 * makes the robot finish earlier, each candidate scored by the shared battery schedule.
 */
export function orderRoute(problem: Problem, robot: number, deliveries: readonly number[], shouldStop: () => boolean = () => false): number[] {
  const n = problem.deliveryCount;
  const left = new Set(deliveries);
  const route: number[] = [];
  let last = -1;
  while (left.size > 0) {
    let best = -1;
    let bestDistance = Infinity;
    for (const j of left) {
      const d = last < 0 ? problem.startToPick[robot * n + j] : problem.dropToPick[last * n + j];
      if (d < bestDistance || best < 0) {
        bestDistance = d;
        best = j;
      }
    }
    route.push(best);
    left.delete(best);
    last = best;
  }
  return improveRouteOrder(problem, robot, route, shouldStop);
}

export function improveRouteOrder(problem: Problem, robot: number, input: readonly number[], shouldStop: () => boolean = () => false): number[] {
  let route = input.slice();
  const length = route.length;
  if (length < 2) return route;
  let current = evaluateRoute(problem, robot, route);
  const candidate = new Array<number>(length);
  let improved = true;
  let passes = 0;
  while (improved && passes < 50) {
    improved = false;
    passes++;
    if (shouldStop()) break;
    // or-opt: move a chain of 1..3 deliveries elsewhere.
    for (let chain = 1; chain <= 3 && !improved; chain++) {
      for (let from = 0; from + chain <= length && !improved; from++) {
        if (length > 24 && (from & 7) === 0 && shouldStop()) return route;
        for (let to = 0; to <= length - chain && !improved; to++) {
          if (to === from) continue;
          const rest = route.slice(0, from).concat(route.slice(from + chain));
          const moved = rest.slice(0, to).concat(route.slice(from, from + chain), rest.slice(to));
          const time = evaluateRoute(problem, robot, moved);
          if (time < current - 1e-7) {
            route = moved;
            current = time;
            improved = true;
          }
        }
      }
    }
    // 2-opt: reverse route[i..k].
    for (let i = 0; i < length - 1 && !improved; i++) {
      if (length > 24 && (i & 7) === 0 && shouldStop()) return route;
      for (let k = i + 1; k < length && !improved; k++) {
        for (let m = 0; m < length; m++) candidate[m] = m >= i && m <= k ? route[k - (m - i)] : route[m];
        const time = evaluateRoute(problem, robot, candidate);
        if (time < current - 1e-7) {
          route = candidate.slice();
          current = time;
          improved = true;
        }
      }
    }
  }
  return route;
}
