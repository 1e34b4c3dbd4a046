import { must } from '@fleetlab/warehouse';
import { CheapestCopies } from '../data-structures/cheapest-copies.ts';
import type { Problem } from '../problem/problem.ts';
import { sortedOrder } from '../data-structures/sorted-order.ts';

/**
 * For each delivery, its `size` most related others: by the drive from its dropoff to the
 * other's pickup plus the drive back from the other's dropoff to its pickup (ties: by index),
 * for related removals and granular neighbourhoods. The relation depends on places only, so the
 * lists are worked out per class (same pickup and dropoff place) without looking at every pair:
 * the pickup places are walked by their distance from the class's dropoff, and the walk stops
 * once that distance plus the shortest drive back to the class's pickup from any dropoff place
 * exceeds the score of the last delivery a list can hold. Exactly the lists a scan of every pair
 * gives. Returns lists[j * size .. j * size + size) (fewer when n <= size: -1 past the end).
 */
export function relatedByPlace(problem: Problem, size: number, poll?: () => void): Int32Array {
  const n = problem.deliveryCount;
  const lists = new Int32Array(n * size).fill(-1);
  if (n === 0 || size === 0) return lists;
  const places = problem.placeCount;
  const between = (from: number, to: number) => problem.placeDistance[from * places + to];
  // Classes by pickup place, and the deliveries of each class in index order.
  const classCount = problem.deliveryClassCount;
  const classPickup = new Int32Array(classCount);
  const classDropoff = new Int32Array(classCount);
  const memberStart = new Int32Array(classCount + 1);
  for (let j = 0; j < n; j++) memberStart[problem.deliveryClass[j] + 1]++;
  for (let c = 0; c < classCount; c++) memberStart[c + 1] += memberStart[c];
  const members = new Int32Array(n);
  const fill = memberStart.slice(0, classCount);
  for (let j = 0; j < n; j++) {
    const c = problem.deliveryClass[j];
    classPickup[c] = problem.pickupPlace[j];
    classDropoff[c] = problem.dropoffPlace[j];
    members[fill[c]++] = j;
  }
  const pickupPlaces = [...new Set(classPickup)];
  const dropoffPlaces = [...new Set(classDropoff)];
  const classesAt = new Map<number, number[]>();
  for (let c = 0; c < classCount; c++) {
    const list = classesAt.get(classPickup[c]);
    if (list) list.push(c);
    else classesAt.set(classPickup[c], [c]);
  }
  // Per dropoff place: the pickup places by distance from it.
  const walks = new Map<number, Int32Array>();
  const distance = new Float64Array(pickupPlaces.length);
  const scratch = new Float64Array(pickupPlaces.length);
  const used = new Int32Array(pickupPlaces.length);
  for (const d of dropoffPlaces) {
    pickupPlaces.forEach((q, i) => (distance[i] = between(d, q)));
    const order = new Int32Array(pickupPlaces.length);
    sortedOrder(distance, pickupPlaces.length, order, scratch, used);
    walks.set(
      d,
      Int32Array.from(order, (i) => pickupPlaces[i]),
    );
  }
  const found: { score: number; j: number }[] = [];
  // The score of the (size + 1)-th delivery found so far: a list holds nothing dearer.
  const cheapest = new CheapestCopies(classCount);
  const classScore: { score: number; c: number }[] = [];
  for (let c = 0; c < classCount; c++) {
    if ((c & 63) === 0) poll?.();
    const pickup = classPickup[c];
    const dropoff = classDropoff[c];
    let back = Infinity;
    for (const d of dropoffPlaces) back = Math.min(back, between(d, pickup));
    // Deliveries a list of this class can hold: its own size, plus the member it leaves out.
    cheapest.reset(size + 1);
    classScore.length = 0;
    let threshold = Infinity;
    for (const q of must(walks.get(dropoff), 'The walk from a dropoff place')) {
      const out = between(dropoff, q);
      if (out + back > threshold) break;
      for (const other of must(classesAt.get(q), 'The classes at a pickup place')) {
        const score = out + between(classDropoff[other], pickup);
        if (score > threshold) continue;
        classScore.push({ score, c: other });
        cheapest.offer(score, memberStart[other + 1] - memberStart[other]);
        threshold = cheapest.dearest();
      }
    }
    // The deliveries of the classes found, by score then index; each member of c skips itself.
    found.length = 0;
    for (const { score, c: other } of classScore) {
      if (score > threshold) continue;
      for (let m = memberStart[other]; m < memberStart[other + 1]; m++) found.push({ score, j: members[m] });
    }
    found.sort((x, y) => x.score - y.score || x.j - y.j);
    for (let m = memberStart[c]; m < memberStart[c + 1]; m++) {
      const j = members[m];
      let count = 0;
      for (let t = 0; t < found.length && count < size; t++)
        if (found[t].j !== j) lists[j * size + count++] = found[t].j;
    }
  }
  return lists;
}
