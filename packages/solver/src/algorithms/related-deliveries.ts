import { relatedByPlace } from '../candidates/place-neighbours.ts';
import type { AlgorithmContext } from './context.ts';

/** How many related deliveries each delivery keeps (neighbour lists of this size, O(n) memory each). */
const RELATED_COUNT = 30;

/**
 * For each delivery, the `size` most related others (the dropoff of one close to the pickup of
 * the other, both ways; ties by index), worked out per place without scanning every pair
 * (place-neighbours.ts).
 */
export function relatedDeliveries(
  context: Pick<AlgorithmContext, 'problem' | 'checkCancelled'>,
  size = Math.max(0, Math.min(context.problem.deliveryCount - 1, RELATED_COUNT)),
): number[][] {
  const n = context.problem.deliveryCount;
  const lists = relatedByPlace(context.problem, size, context.checkCancelled);
  return Array.from({ length: n }, (_, j) =>
    Array.from(lists.subarray(j * size, (j + 1) * size)).filter((k) => k >= 0),
  );
}
