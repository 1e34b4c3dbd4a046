import type { Problem } from '../problem/problem.ts';

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
  const pickups = new PlaceCounter(nodeCount);
  const dropoffs = new PlaceCounter(nodeCount);
  const classOf = new Map<number, number>();
  const classPickup: number[] = [];
  const classDropoff: number[] = [];
  const classCounts: number[] = [];
  const classDelivery: number[] = [];
  problem.deliveries.forEach((delivery, j) => {
    const pickup = pickups.count(delivery.pickupNode);
    const dropoff = dropoffs.count(delivery.dropoffNode);
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
    pickupNodes: Int32Array.from(pickups.nodes),
    pickupCounts: Int32Array.from(pickups.counts),
    dropoffNodes: Int32Array.from(dropoffs.nodes),
    dropoffCounts: Int32Array.from(dropoffs.counts),
    classPickup: Int32Array.from(classPickup),
    classDropoff: Int32Array.from(classDropoff),
    classCounts: Int32Array.from(classCounts),
    classDelivery: Int32Array.from(classDelivery),
  };
}

/** Distinct places in order of first use, with how often each is used. */
class PlaceCounter {
  readonly nodes: number[] = [];
  readonly counts: number[] = [];
  private readonly indexOf: Int32Array;

  constructor(nodeCount: number) {
    this.indexOf = new Int32Array(nodeCount).fill(-1);
  }

  /** Counts one use of `node`; returns its place index. */
  count(node: number): number {
    let index = this.indexOf[node];
    if (index < 0) {
      index = this.indexOf[node] = this.nodes.length;
      this.nodes.push(node);
      this.counts.push(0);
    }
    this.counts[index]++;
    return index;
  }
}
