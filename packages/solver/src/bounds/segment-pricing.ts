import { SAFE_SLACK } from '../problem/battery-tolerance.ts';
import type { Problem } from '../problem/problem.ts';

/**
 * The charge segments of the LP bound (charge-segment-lp-bound.ts) and their pricing: a
 * labelling resource-constrained shortest path over delivery classes with the battery as the
 * resource.
 *
 * A segment is what a robot drives on one charge: from its start with the charge it starts with
 * (a `first` segment) or from its home station with a full battery (a `later` one), through
 * deliveries, keeping the way home after every dropoff within the charge (the solve model's
 * rule); `closed` when it ends with the drive home and a recharge, `open` when it is the robot's
 * last. The set priced here holds every segment a plan can drive and more: a delivery class of
 * several deliveries may come back any number of times, a class of one may not come back while
 * it is in the ng-memory (Baldacci, Mingozzi, Roberti 2011) of the labels, which keeps a class
 * only while the path stays among its NG_SIZE nearest classes. A larger set only lowers the LP,
 * so the bound stays valid; the memory keeps it near the elementary one.
 */

/** Classes in a class's ng-neighbourhood, itself included. */
const NG_SIZE = 8;

/** Where a segment starts: the robot's start (its first segment) or its home after a recharge. */
export type SegmentOrigin = 'first' | 'later';

/** The robots of one class: same start, home, station, classes served, ready time and charge used at the start. */
export interface RobotGroup {
  /** A robot of the group, which stands for all of them. */
  robot: number;
  size: number;
  station: string;
}

/** One column of the master: a segment of a robot group. */
export interface Segment {
  group: number;
  origin: SegmentOrigin;
  closed: boolean;
  /** Delivery classes in the order driven (a class may repeat). */
  classes: number[];
  /** Seconds: driving at top speed, handling, the recharge of a closed one, the ready time of a first one. */
  time: number;
}

/** The master's duals a group's pricing reads (signs as HiGHS gives them: >= rows >= 0, <= rows <= 0). */
export interface GroupDuals {
  /** Per delivery class, its cover row's dual (>= 0). */
  cover: Float64Array;
  /** The group's time row (<= 0). */
  time: number;
  /** The group's first-segment and open-segment rows (<= 0). */
  first: number;
  open: number;
  /** The group's row later - closed <= 0 (<= 0). */
  chain: number;
  /** Its station's charger row (<= 0; 0 when the station has a charger per robot). */
  station: number;
  /** A closed segment's cost in the master's objective (1 when it counts recharges, else 0). */
  closedCost: number;
}

/** A priced segment and its reduced cost (0 - its column times the duals). */
export interface PricedSegment {
  segment: Segment;
  reducedCost: number;
}

export interface PricingResult {
  /** The least reduced cost of any segment of the set (exact unless `complete` is false). */
  least: number;
  /** The most negative segments found, at most `keep`. */
  columns: PricedSegment[];
  /** False when the label budget ran out: `least` then proves nothing. */
  complete: boolean;
  labels: number;
}

interface Label {
  last: number;
  /** Metres used on the charge at the last dropoff. */
  energy: number;
  /** Reduced cost so far, without the segment's ends: time x (-time dual) less the covers' duals. */
  cost: number;
  count: number;
  /** The ng-memory: bit i for the delivery at position i of the last delivery's neighbourhood. */
  memory: number;
  parent: Label | null;
  dead: boolean;
}

/** The per-problem tables pricing reads: delivery classes, their legs, their ng-neighbourhoods. */
export class SegmentPricing {
  readonly classCount: number;
  /** Deliveries of each class (its cover row's right-hand side). */
  readonly classSize: Int32Array;
  /** Per class, its deliveries in index order: the pricing's nodes. */
  private readonly copies: number[][];
  /** Per delivery, its ng-neighbourhood: itself and the nearest deliveries. */
  private readonly neighbours: Int32Array[];
  /** `position[j * deliveryCount + l]`: delivery l's position in j's neighbourhood, or -1. */
  private readonly position: Int8Array;
  private readonly limit: number;

  constructor(readonly problem: Problem) {
    const classes = problem.deliveryClassCount;
    const n = problem.deliveryCount;
    this.classCount = classes;
    this.classSize = new Int32Array(classes);
    this.copies = Array.from({ length: classes }, () => []);
    for (let j = 0; j < n; j++) {
      this.classSize[problem.deliveryClass[j]]++;
      this.copies[problem.deliveryClass[j]].push(j);
    }
    this.limit = problem.maxDistance + SAFE_SLACK;
    this.position = new Int8Array(n * n).fill(-1);
    this.neighbours = [];
    const classOf = problem.deliveryClass;
    for (let j = 0; j < n; j++) {
      const others = Array.from({ length: n }, (_, l) => l).filter((l) => l !== j);
      others.sort((a, b) => this.roundTrip(classOf[j], classOf[a]) - this.roundTrip(classOf[j], classOf[b]) || a - b);
      const near = [j, ...others.slice(0, NG_SIZE - 1)];
      this.neighbours.push(Int32Array.from(near));
      near.forEach((l, i) => {
        this.position[j * n + l] = i;
      });
    }
  }

  /** Metres between two classes both ways (dropoff to pickup), the ng-neighbourhoods' nearness. */
  private roundTrip(k: number, l: number): number {
    return this.metres(this.dropoff(k), this.pickup(l)) + this.metres(this.dropoff(l), this.pickup(k));
  }

  private pickup(k: number): number {
    return this.problem.pickupPlace[this.problem.deliveryClassFirst[k]];
  }

  private dropoff(k: number): number {
    return this.problem.dropoffPlace[this.problem.deliveryClassFirst[k]];
  }

  private metres(a: number, b: number): number {
    return this.problem.placeDistance[a * this.problem.placeCount + b];
  }

  private seconds(a: number, b: number): number {
    return this.problem.placeDrive[a * this.problem.placeCount + b] / this.problem.speed;
  }

  /** Seconds of class k's delivery: its drive and the handling at its pickup and dropoff. */
  private deliverySeconds(k: number): number {
    const j = this.problem.deliveryClassFirst[k];
    return this.problem.deliveryDrive[j] / this.problem.speed + 2 * this.problem.handlingSeconds;
  }

  /** Where a group's segment of that origin starts, and the metres used on its charge there. */
  originOf(group: RobotGroup, origin: SegmentOrigin): { place: number; used: number; ready: number } {
    const { problem } = this;
    return origin === 'first'
      ? {
          place: problem.startPlace[group.robot],
          used: problem.initialUsed[group.robot],
          ready: problem.readyS[group.robot],
        }
      : { place: problem.homePlace[group.robot], used: 0, ready: 0 };
  }

  /** Seconds a closed segment ending with class k adds after its last dropoff: the drive home and the recharge. */
  closing(group: RobotGroup, k: number): number {
    return this.seconds(this.dropoff(k), this.problem.homePlace[group.robot]) + this.problem.rechargeSeconds;
  }

  /** The time of a segment (its column's entry in the group's time row). */
  segmentTime(group: RobotGroup, origin: SegmentOrigin, closed: boolean, classes: readonly number[]): number {
    const start = this.originOf(group, origin);
    let time = start.ready;
    let at = start.place;
    for (const k of classes) {
      time += this.seconds(at, this.pickup(k)) + this.deliverySeconds(k);
      at = this.dropoff(k);
    }
    if (classes.length === 0)
      return time + this.seconds(at, this.problem.homePlace[group.robot]) + this.problem.rechargeSeconds;
    // The last dropoff of the day is done on arrival (delivery-legs.ts, handlingTime).
    return time + (closed ? this.closing(group, classes[classes.length - 1]) : -this.problem.handlingSeconds);
  }

  /**
   * Whether a group can drive the segment on one charge: the way home fits after every dropoff
   * (an empty first segment: the drive home from the start fits the charge left).
   */
  segmentFits(group: RobotGroup, origin: SegmentOrigin, classes: readonly number[]): boolean {
    const start = this.originOf(group, origin);
    const home = this.problem.homePlace[group.robot];
    let energy = start.used;
    let at = start.place;
    if (classes.length === 0) return energy + this.metres(at, home) <= this.limit;
    for (const k of classes) {
      energy += this.metres(at, this.pickup(k)) + this.metres(this.pickup(k), this.dropoff(k));
      at = this.dropoff(k);
      if (energy + this.metres(at, home) > this.limit) return false;
    }
    return true;
  }

  /**
   * The least reduced cost of the group's segments from `origin`, and the `keep` most negative
   * ones: labels over (last class, energy, reduced cost, deliveries, ng-memory), a label dropped
   * when another at the same class has no more energy used, no more cost, no more deliveries and
   * a memory it contains (every extension of it is open to the other, no dearer). `labelBudget`
   * caps the labels made; past it the answer is incomplete. With a `bucketCap`, only that many
   * labels are kept at each class, the cheapest: a quick search for columns that proves nothing.
   */
  price(
    group: RobotGroup,
    origin: SegmentOrigin,
    duals: GroupDuals,
    keep: number,
    labelBudget: number,
    poll?: () => void,
    bucketCap = Infinity,
  ): PricingResult {
    const { problem, classCount, position, neighbours, limit, copies } = this;
    const { placeDistance, placeDrive, placeCount, speed } = problem;
    const n = problem.deliveryCount;
    const classOf = problem.deliveryClass;
    const weight = -duals.time;
    const start = this.originOf(group, origin);
    const home = problem.homePlace[group.robot];
    const maxCount = problem.deliveryCount;
    const base = weight * start.ready - (origin === 'first' ? duals.first : duals.chain);
    const openEnd = -weight * problem.handlingSeconds - duals.open;
    const closedEnd = duals.closedCost + duals.chain - problem.rechargeSeconds * duals.station;
    // Per class, what the group's labels read again and again.
    const serves = new Uint8Array(classCount);
    const pickups = new Int32Array(classCount);
    const dropoffs = new Int32Array(classCount);
    const lengths = new Float64Array(classCount);
    const backHome = new Float64Array(classCount);
    const deliverySeconds = new Float64Array(classCount);
    const closeSeconds = new Float64Array(classCount);
    for (let k = 0; k < classCount; k++) {
      serves[k] = problem.servable[problem.robotClass[group.robot] * classCount + k];
      pickups[k] = this.pickup(k);
      dropoffs[k] = this.dropoff(k);
      lengths[k] = problem.deliveryLength[problem.deliveryClassFirst[k]];
      backHome[k] = this.metres(dropoffs[k], home);
      deliverySeconds[k] = this.deliverySeconds(k);
      closeSeconds[k] = this.closing(group, k);
    }
    const buckets: Label[][] = Array.from({ length: n }, () => []);
    const queue: Label[] = [];
    let labels = 0;
    let least = Infinity;
    const found: PricedSegment[] = [];
    let worstKept = -Infinity;

    const offer = (label: Label, reducedCost: number, closed: boolean) => {
      if (reducedCost < least) least = reducedCost;
      if (reducedCost >= 0 || (found.length >= keep && reducedCost >= worstKept)) return;
      const classes: number[] = [];
      for (let at: Label | null = label; at; at = at.parent) classes.push(classOf[at.last]);
      classes.reverse();
      const time = this.segmentTime(group, origin, closed, classes);
      found.push({ segment: { group: -1, origin, closed, classes, time }, reducedCost });
      if (found.length > keep) {
        found.sort((a, b) => a.reducedCost - b.reducedCost);
        found.length = keep;
      }
      worstKept = found.length >= keep ? found[found.length - 1].reducedCost : Infinity;
    };

    const extend = (from: Label | null, j: number): void => {
      const k = classOf[j];
      const at = from ? dropoffs[classOf[from.last]] : start.place;
      const leg = at * placeCount + pickups[k];
      const energy = (from ? from.energy : start.used) + placeDistance[leg] + lengths[k];
      if (energy + backHome[k] > limit) return;
      const count = (from ? from.count : 0) + 1;
      if (count > maxCount) return;
      let memory = 1 << position[j * n + j];
      if (from) {
        const was = neighbours[from.last];
        for (let i = 0; i < was.length; i++) {
          if ((from.memory & (1 << i)) === 0) continue;
          const p = position[j * n + was[i]];
          if (p >= 0) memory |= 1 << p;
        }
      }
      const cost = (from ? from.cost : 0) + weight * (placeDrive[leg] / speed + deliverySeconds[k]) - duals.cover[k];
      const bucket = buckets[j];
      if (bucketCap < Infinity) {
        // The quick pricing keeps only the cheapest few labels at each class: it finds columns,
        // and proves nothing (`complete` false).
        if (bucket.length >= bucketCap) {
          let worst = 0;
          for (let i = 1; i < bucket.length; i++) if (bucket[i].cost > bucket[worst].cost) worst = i;
          if (bucket[worst].cost <= cost) return;
          bucket[worst].dead = true;
          bucket.splice(worst, 1);
        }
      } else {
        let killed = false;
        for (let i = 0; i < bucket.length; i++) {
          const other = bucket[i];
          if (
            other.energy <= energy &&
            other.cost <= cost &&
            other.count <= count &&
            (other.memory & memory) === other.memory
          )
            return;
          if (
            energy <= other.energy &&
            cost <= other.cost &&
            count <= other.count &&
            (memory & other.memory) === memory
          ) {
            other.dead = true;
            killed = true;
          }
        }
        if (killed) {
          let kept = 0;
          for (let i = 0; i < bucket.length; i++) if (!bucket[i].dead) bucket[kept++] = bucket[i];
          bucket.length = kept;
        }
      }
      const label: Label = { last: j, energy, cost, count, memory, parent: from, dead: false };
      bucket.push(label);
      queue.push(label);
      labels++;
    };

    for (let k = 0; k < classCount; k++) if (serves[k] === 1) extend(null, copies[k][0]);
    for (let head = 0; head < queue.length; head++) {
      if (labels > labelBudget) return { least, columns: found, complete: false, labels };
      if ((head & 255) === 0) poll?.();
      const label = queue[head];
      if (label.dead) continue;
      const k = classOf[label.last];
      offer(label, base + label.cost + openEnd, false);
      offer(label, base + label.cost + weight * closeSeconds[k] + closedEnd, true);
      const row = label.last * n;
      for (let l = 0; l < classCount; l++) {
        if (serves[l] !== 1) continue;
        // The class's first delivery not in the memory (one in it was done in this segment
        // already); a plan's segment visiting the class again has one, as the memory holds
        // only deliveries it visited.
        const choices = copies[l];
        for (let c = 0; c < choices.length; c++) {
          const p = position[row + choices[c]];
          if (p < 0 || (label.memory & (1 << p)) === 0) {
            extend(label, choices[c]);
            break;
          }
        }
      }
    }
    return { least, columns: found, complete: bucketCap === Infinity, labels };
  }
}
