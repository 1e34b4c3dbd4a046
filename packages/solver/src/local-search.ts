import { evaluateRoute, lastRoute } from './battery-schedule.ts';
import { bestInsertion, insertion } from './route-insertion.ts';
import type { FleetState } from './fleet-state.ts';
import { improveRouteOrder } from './route-order.ts';

const IMPROVEMENT = 1e-9;

let bufferA: number[] = [];
let bufferB: number[] = [];

/**
 * First-improvement descent on the augmented objective with four neighbourhoods between a focus
 * robot and every other robot: relocate (move one delivery), swap (exchange one delivery each),
 * 2-opt* (exchange route tails) and or-opt/2-opt inside the focus route. Under a pure
 * makespan objective the focus is the busiest robot (only its route can lower the makespan);
 * otherwise every robot takes a turn. Returns the number of moves applied.
 */
export function descend(state: FleetState, stop: () => boolean, maxMoves = Infinity, onMove?: () => void): number {
  const problem = state.problem;
  const robotCount = state.caches.length;
  let moves = 0;
  let rotation = 0;
  let focusCursor = 0;
  let idleFocuses = 0;
  while (moves < maxMoves && !stop()) {
    const focus = state.scale.completionOnly ? state.busiestRobot : focusCursor % robotCount;
    if (focus < 0) break;
    const improved = improveFocus(state, focus);
    if (improved) {
      moves++;
      onMove?.();
      idleFocuses = 0;
      continue;
    }
    if (state.scale.completionOnly) break;
    focusCursor++;
    if (++idleFocuses >= robotCount) break;
  }
  return moves;

  function improveFocus(state: FleetState, a: number): boolean {
    const current = state.value();
    let bestValue = current - IMPROVEMENT;
    let bestKind = 0;
    let bestB = -1;
    let bestI = -1;
    let bestK = -1;
    const routeA = state.caches[a].route;
    const lengthA = routeA.length;
    // Other robots are scanned from a rotating start so that repeated descents spread their moves.
    const offset = rotation++;
    // Relocate from a to b.
    relocate: for (let i = 0; i < lengthA; i++) {
      // Long routes make one scan expensive: poll between rows so a stop is honoured quickly.
      if ((i & 7) === 7 && stop()) return false;
      const j = routeA[i];
      fillWithout(routeA, i);
      const finishA = evaluateRoute(problem, a, bufferA, lengthA - 1);
      if (finishA === Infinity) continue;
      const distanceA = lastRoute.distance;
      for (let step = 0; step < robotCount; step++) {
        const b = (step + offset) % robotCount;
        if (b === a) continue;
        const finishB = bestInsertion(problem, state.caches[b], j);
        if (finishB === Infinity) continue;
        const value = state.valueWithTwo(a, finishA, distanceA, b, finishB, insertion.distance);
        if (value < bestValue) {
          bestValue = value;
          bestKind = 1;
          bestB = b;
          bestI = i;
          bestK = insertion.position;
          break relocate;
        }
      }
    }
    // Swap a delivery of a with one of b (each taking the other's place).
    swap: for (let step = 0; step < robotCount && bestKind === 0; step++) {
      const b = (step + offset) % robotCount;
      if (b === a) continue;
      const routeB = state.caches[b].route;
      const lengthB = routeB.length;
      for (let i = 0; i < lengthA; i++) {
        if (lengthB > 16 && stop()) return false;
        for (let k = 0; k < lengthB; k++) {
          if (problem.canServe[a * problem.deliveryCount + routeB[k]] === 0) continue;
          if (problem.canServe[b * problem.deliveryCount + routeA[i]] === 0) continue;
          copyInto(bufferA, routeA);
          bufferA[i] = routeB[k];
          const finishA = evaluateRoute(problem, a, bufferA, lengthA);
          if (finishA === Infinity) continue;
          const distanceA = lastRoute.distance;
          copyInto(bufferB, routeB);
          bufferB[k] = routeA[i];
          const finishB = evaluateRoute(problem, b, bufferB, lengthB);
          if (finishB === Infinity) continue;
          const value = state.valueWithTwo(a, finishA, distanceA, b, finishB, lastRoute.distance);
          if (value < bestValue) {
            bestValue = value;
            bestKind = 2;
            bestB = b;
            bestI = i;
            bestK = k;
            break swap;
          }
        }
      }
    }
    // 2-opt*: a keeps routeA[0..i) then takes routeB[k..]; b keeps routeB[0..k) then routeA[i..].
    tails: for (let step = 0; step < robotCount && bestKind === 0; step++) {
      const b = (step + offset) % robotCount;
      if (b === a) continue;
      const routeB = state.caches[b].route;
      const lengthB = routeB.length;
      for (let i = 0; i <= lengthA; i++) {
        if (lengthB > 16 && stop()) return false;
        for (let k = 0; k <= lengthB; k++) {
          if ((i === lengthA && k === lengthB) || (i === 0 && k === 0)) continue;
          const newLengthA = i + lengthB - k;
          const newLengthB = k + lengthA - i;
          if (!tailsServable(a, routeB, k) || !tailsServable(b, routeA, i)) continue;
          spliceTails(bufferA, routeA, i, routeB, k);
          const finishA = evaluateRoute(problem, a, bufferA, newLengthA);
          if (finishA === Infinity) continue;
          const distanceA = lastRoute.distance;
          spliceTails(bufferB, routeB, k, routeA, i);
          const finishB = evaluateRoute(problem, b, bufferB, newLengthB);
          if (finishB === Infinity) continue;
          const value = state.valueWithTwo(a, finishA, distanceA, b, finishB, lastRoute.distance);
          if (value < bestValue) {
            bestValue = value;
            bestKind = 3;
            bestB = b;
            bestI = i;
            bestK = k;
            break tails;
          }
        }
      }
    }
    if (bestKind === 1) {
      const [j] = routeA.splice(bestI, 1);
      state.caches[bestB].route.splice(bestK, 0, j);
    } else if (bestKind === 2) {
      const routeB = state.caches[bestB].route;
      const j = routeA[bestI];
      routeA[bestI] = routeB[bestK];
      routeB[bestK] = j;
    } else if (bestKind === 3) {
      const routeB = state.caches[bestB].route;
      const tailA = routeA.splice(bestI);
      const tailB = routeB.splice(bestK);
      routeA.push(...tailB);
      routeB.push(...tailA);
    }
    if (bestKind !== 0) {
      state.caches[a].refresh();
      state.caches[bestB].refresh();
      state.summarise();
      return true;
    }
    // Or-opt / 2-opt inside the focus route.
    const reordered = improveRouteOrder(problem, a, routeA, stop);
    const finish = evaluateRoute(problem, a, reordered);
    if (state.valueWith(a, finish, lastRoute.distance) < current - IMPROVEMENT) {
      state.caches[a].route = reordered;
      state.caches[a].refresh();
      state.summarise();
      return true;
    }
    return false;
  }

  function tailsServable(robot: number, route: number[], from: number): boolean {
    const n = problem.deliveryCount;
    for (let m = from; m < route.length; m++) if (problem.canServe[robot * n + route[m]] === 0) return false;
    return true;
  }
}

function fillWithout(route: number[], skip: number): void {
  if (bufferA.length < route.length + 1) bufferA = new Array(route.length * 2 + 2).fill(0);
  let m = 0;
  for (let k = 0; k < route.length; k++) if (k !== skip) bufferA[m++] = route[k];
}

function copyInto(target: number[], route: number[]): void {
  if (target.length < route.length) {
    if (target === bufferA) bufferA = target = new Array(route.length * 2 + 2).fill(0);
    else bufferB = target = new Array(route.length * 2 + 2).fill(0);
  }
  for (let k = 0; k < route.length; k++) target[k] = route[k];
}

function spliceTails(target: number[], head: number[], headLength: number, tail: number[], tailFrom: number): void {
  const needed = headLength + tail.length - tailFrom;
  if (target.length < needed) {
    if (target === bufferA) bufferA = target = new Array(needed * 2 + 2).fill(0);
    else bufferB = target = new Array(needed * 2 + 2).fill(0);
  }
  let m = 0;
  for (let k = 0; k < headLength; k++) target[m++] = head[k];
  for (let k = tailFrom; k < tail.length; k++) target[m++] = tail[k];
}
