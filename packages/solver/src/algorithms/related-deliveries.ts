import { legBetween } from '../delivery-legs.ts';
import type { AlgorithmContext } from './context.ts';

/** How many related deliveries each delivery keeps (neighbour lists of this size, O(n) memory each). */
export const RELATED_COUNT = 30;

/**
 * For each delivery, the `size` most related others (the dropoff of one close to the pickup of
 * the other, both ways), by partial insertion sort: O(n * size) rather than sorting n lists.
 */
export function relatedDeliveries(context: AlgorithmContext, size = Math.max(0, Math.min(context.problem.deliveryCount - 1, RELATED_COUNT))): number[][] {
  const { problem } = context;
  const n = problem.deliveryCount;
  const lists: number[][] = [];
  const bestScores = new Float64Array(size + 1);
  const bestIds = new Int32Array(size + 1);
  for (let j = 0; j < n; j++) {
    if ((j & 63) === 0) context.checkCancelled();
    let count = 0;
    for (let k = 0; k < n; k++) {
      if (k === j) continue;
      const score = legBetween(problem, j, k) + legBetween(problem, k, j);
      if (count === size && score >= bestScores[size - 1]) continue;
      let at = count < size ? count++ : size - 1;
      while (at > 0 && bestScores[at - 1] > score) {
        bestScores[at] = bestScores[at - 1];
        bestIds[at] = bestIds[at - 1];
        at--;
      }
      bestScores[at] = score;
      bestIds[at] = k;
    }
    lists.push(Array.from(bestIds.subarray(0, count)));
  }
  return lists;
}
