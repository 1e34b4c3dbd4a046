import type { Problem } from './problem.ts';

/**
 * The deliveries grouped by the places they use. Every distance the bounds need depends on
 * places only, so they work per place or per class (same pickup and same dropoff) and never
 * per pair of deliveries: a day of 20,000 orders on a 50x50 floor has about a thousand pickup
 * places, a handful of dropoff places and a few thousand classes.
 */
export interface PlaceGroups {
  /** Node of each distinct pickup place, and how many deliveries start there. */
  pickupNodes: Int32Array;
  pickupCounts: Int32Array;
  /** Node of each distinct dropoff place, and how many deliveries end there. */
  dropoffNodes: Int32Array;
  dropoffCounts: Int32Array;
  /** Per class: index of its pickup place, of its dropoff place, its size, one of its deliveries. */
  classPickup: Int32Array;
  classDropoff: Int32Array;
  classCounts: Int32Array;
  classDelivery: Int32Array;
}

export function groupDeliveriesByPlace(problem: Problem): PlaceGroups {
  const nodeCount = problem.nodeIds.length;
  const pickupOf = new Int32Array(nodeCount).fill(-1);
  const dropoffOf = new Int32Array(nodeCount).fill(-1);
  const pickupNodes: number[] = [];
  const pickupCounts: number[] = [];
  const dropoffNodes: number[] = [];
  const dropoffCounts: number[] = [];
  const classOf = new Map<number, number>();
  const classPickup: number[] = [];
  const classDropoff: number[] = [];
  const classCounts: number[] = [];
  const classDelivery: number[] = [];
  problem.deliveries.forEach((delivery, j) => {
    let pickup = pickupOf[delivery.pickupNode];
    if (pickup < 0) {
      pickup = pickupOf[delivery.pickupNode] = pickupNodes.length;
      pickupNodes.push(delivery.pickupNode);
      pickupCounts.push(0);
    }
    pickupCounts[pickup]++;
    let dropoff = dropoffOf[delivery.dropoffNode];
    if (dropoff < 0) {
      dropoff = dropoffOf[delivery.dropoffNode] = dropoffNodes.length;
      dropoffNodes.push(delivery.dropoffNode);
      dropoffCounts.push(0);
    }
    dropoffCounts[dropoff]++;
    const key = pickup * nodeCount + dropoff;
    let group = classOf.get(key);
    if (group === undefined) {
      group = classCounts.length;
      classOf.set(key, group);
      classPickup.push(pickup);
      classDropoff.push(dropoff);
      classCounts.push(0);
      classDelivery.push(j);
    }
    classCounts[group]++;
  });
  return {
    pickupNodes: Int32Array.from(pickupNodes),
    pickupCounts: Int32Array.from(pickupCounts),
    dropoffNodes: Int32Array.from(dropoffNodes),
    dropoffCounts: Int32Array.from(dropoffCounts),
    classPickup: Int32Array.from(classPickup),
    classDropoff: Int32Array.from(classDropoff),
    classCounts: Int32Array.from(classCounts),
    classDelivery: Int32Array.from(classDelivery),
  };
}
