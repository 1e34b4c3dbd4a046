import { canServe, startToPickup } from '../problem/delivery-legs.ts';
import type { Problem } from '../problem/problem.ts';
import { sortedOrder } from '../data-structures/sorted-order.ts';

/** Pairs (delivery, candidate robot) the constructions may keep: up to this many, and at least MIN_CANDIDATES per delivery. */
const CANDIDATE_PAIRS = 200_000;
const MIN_CANDIDATES = 16;
/** The share of a delivery's candidates that are the robots nearest to it; the others are spread over the fleet. */
const NEAR_SHARE = 0.5;

/**
 * How many candidate robots each delivery gets: every robot on small problems (the constructions
 * then see the whole fleet), fewer as deliveries grow, never fewer than MIN_CANDIDATES.
 */
export function defaultCandidateCount(problem: Problem): number {
  const perDelivery = Math.floor(CANDIDATE_PAIRS / Math.max(1, problem.deliveryCount));
  return Math.min(problem.robotCount, Math.max(MIN_CANDIDATES, perDelivery));
}

/**
 * The candidate robots of each delivery class (granular constructions, as in vroom and PyVRP):
 * half of them the robots that can serve the class whose start is nearest its pickup (ties: by
 * index), the other half spread over the rest of the fleet, so that a robot far from a busy area
 * can still take work there; listed by robot index, so that with every robot as a candidate a
 * scan over them is a scan over the fleet. Deliveries of one class (same pickup and dropoff
 * place) cost a robot the same, so the constructions keep their figures per class. The robots
 * are sorted once per pickup place. The inverse lists give, per robot, the classes that list it
 * and at which slot.
 */
export class CandidateRobots {
  /** Candidates per class (the lists may be shorter when fewer robots can serve it). */
  readonly perClass: number;
  /** robots[c * perClass + s]: slot s of class c, ascending; -1 past the end of its list. */
  readonly robots: Int32Array;
  /** Per class: one of its deliveries. */
  readonly representative: Int32Array;
  /** Per robot: the classes listing it, at byRobotStart[r] .. byRobotStart[r + 1] - 1, with their slot. */
  readonly byRobotStart: Int32Array;
  readonly byRobotClass: Int32Array;
  readonly byRobotSlot: Int32Array;

  constructor(problem: Problem, count: number) {
    const robotCount = problem.robotCount;
    const classCount = problem.deliveryClassCount;
    const k = Math.max(1, Math.min(count, robotCount));
    this.perClass = k;
    this.robots = new Int32Array(classCount * k).fill(-1);
    this.representative = problem.deliveryClassFirst;
    const byPickup = new Map<number, Int32Array>();
    const distance = new Float64Array(robotCount);
    const scratch = new Float64Array(robotCount);
    const used = new Int32Array(robotCount);
    const chosen: number[] = [];
    const taken = new Uint8Array(robotCount);
    for (let c = 0; c < classCount; c++) {
      const j = this.representative[c];
      let order = byPickup.get(problem.pickupPlace[j]);
      if (!order) {
        for (let r = 0; r < robotCount; r++) distance[r] = startToPickup(problem, r, j);
        order = new Int32Array(robotCount);
        sortedOrder(distance, robotCount, order, scratch, used);
        byPickup.set(problem.pickupPlace[j], order);
      }
      chosen.length = 0;
      const take = (r: number) => {
        if (taken[r] || !canServe(problem, r, j)) return;
        taken[r] = 1;
        chosen.push(r);
      };
      const near = Math.ceil(k * NEAR_SHARE);
      for (let i = 0; i < robotCount && chosen.length < near; i++) take(order[i]);
      // The rest every `stride` robots from an offset that differs per class, then the nearest left.
      const stride = Math.max(1, Math.floor(robotCount / Math.max(1, k - chosen.length)));
      for (let step = 0; step < robotCount && chosen.length < k; step++)
        take((c * 7919 + step * stride + Math.floor((step * stride) / robotCount)) % robotCount);
      for (let i = 0; i < robotCount && chosen.length < k; i++) take(order[i]);
      for (const r of chosen) taken[r] = 0;
      chosen.sort((x, y) => x - y);
      chosen.forEach((r, slot) => (this.robots[c * k + slot] = r));
    }
    this.byRobotStart = new Int32Array(robotCount + 1);
    for (let m = 0; m < this.robots.length; m++) if (this.robots[m] >= 0) this.byRobotStart[this.robots[m] + 1]++;
    for (let r = 0; r < robotCount; r++) this.byRobotStart[r + 1] += this.byRobotStart[r];
    const fill = this.byRobotStart.slice(0, robotCount);
    this.byRobotClass = new Int32Array(this.byRobotStart[robotCount]);
    this.byRobotSlot = new Int32Array(this.byRobotStart[robotCount]);
    for (let c = 0; c < classCount; c++) {
      for (let slot = 0; slot < k; slot++) {
        const r = this.robots[c * k + slot];
        if (r < 0) break;
        this.byRobotClass[fill[r]] = c;
        this.byRobotSlot[fill[r]++] = slot;
      }
    }
  }

  /** The slot of robot r in class c's list (r must be listed). */
  slotOf(c: number, r: number): number {
    let slot = c * this.perClass;
    while (this.robots[slot] !== r) slot++;
    return slot - c * this.perClass;
  }
}
