import { RechargeScheduler } from './battery-schedule.ts';
import type { ObjectiveScale } from '../plan/objective.ts';
import type { Problem } from '../problem/problem.ts';
import type { Routes } from '../plan/plan-builder.ts';
import { Insertion, RouteEvaluator } from './route-evaluator.ts';

/**
 * Weight of the secondary term (average robot finish time, relative to the greedy makespan):
 * under a pure makespan objective most moves leave the makespan unchanged, and this term
 * prefers the plans that do the same work in less total time, which is what later lets the
 * busiest robot shed work.
 */
export const TIE_BREAK_WEIGHT = 0.05;

/**
 * The search also weighs a soft maximum of the finish times, tau * log(sum exp(f / tau)) with
 * tau a small share of the greedy makespan: it is the makespan plus tau * log(k) when k robots
 * tie at it. On the floor, walks are whole metres and many robots tie at the makespan; then no
 * single move lowers the makespan and the other terms give no direction, while this one rewards
 * every move that takes a robot off the top, until one more lowers the makespan itself. Its
 * weight keeps a whole tie of the fleet worth less than a second of makespan.
 */
export const SOFT_MAX_WEIGHT = 0.1;
const SOFT_MAX_TAU_SHARE = 0.004;
/** e^600 times the largest fleet stays far below the largest double. */
const SOFT_MAX_EXPONENT_CAP = 600;

/** Where a delivery goes best in the fleet, and the augmented objective it would leave. */
export interface Placement {
  robot: number;
  position: number;
  value: number;
}

/** All robots' route evaluators plus the extremes needed to score a change of one route in O(1). */
export class FleetRoutes {
  readonly evaluators: RouteEvaluator[];
  finishSum = 0;
  distanceSum = 0;
  private latestRobot = -1;
  private secondLatestRobot = -1;
  private latest = 0;
  private secondLatest = 0;
  /** The third latest finish: with the two above, the latest of the others whichever two robots change. */
  private thirdLatest = 0;
  private earliestRobot = -1;
  private secondEarliestRobot = -1;
  private earliest = 0;
  private secondEarliest = 0;
  private thirdEarliest = 0;
  private readonly tieScale: number;
  /** Soft maximum: tau, its reference (exponents stay small), its weight in the value, and sum exp((f - reference) / tau). */
  private readonly softTau: number;
  private readonly softReference: number;
  private readonly softScale: number;
  private softSum = 0;
  /** Per robot, its share of softSum at its current finish (softTerm, kept so that no value recomputes it). */
  private readonly softTerms: Float64Array;
  private readonly insertion = new Insertion();
  /** bestPlacement's robots in the order it tries them: the whole fleet's (kept), and a list's. */
  private fleetOrder = new Int32Array(0);
  private placementOrder = new Int32Array(0);
  /** Per robot: how many times its route was refreshed through this fleet (a descent's don't-look bits). */
  readonly routeVersions: Int32Array;

  /**
   * `scheduler` is the recharge DP's working memory, shared by the fleet's evaluators; a search
   * that builds many fleets passes one in rather than allocating it each time.
   */
  constructor(
    readonly problem: Problem,
    readonly scale: ObjectiveScale,
    routes: Routes,
    readonly scheduler: RechargeScheduler = new RechargeScheduler(problem),
  ) {
    this.evaluators = routes.map((route, r) => new RouteEvaluator(problem, r, route.slice(), scheduler));
    this.routeVersions = new Int32Array(routes.length);
    this.softTerms = new Float64Array(routes.length);
    this.tieScale = TIE_BREAK_WEIGHT / (Math.max(1, problem.robotCount) * scale.divisors.completion_time);
    this.softReference = scale.divisors.completion_time;
    this.softTau = Math.max(1e-6, SOFT_MAX_TAU_SHARE * this.softReference);
    this.softScale =
      scale.weights.completion_time > 0
        ? (SOFT_MAX_WEIGHT * scale.weights.completion_time) / scale.divisors.completion_time
        : 0;
    this.summarise();
  }

  routes(): Routes {
    return this.evaluators.map((evaluator) => evaluator.route.slice());
  }

  /** Refreshes the routes of robots a and b after they changed, then the sums and extremes. */
  refreshRoutes(a: number, b = a): void {
    this.evaluators[a].refresh();
    this.routeVersions[a]++;
    if (b !== a) {
      this.evaluators[b].refresh();
      this.routeVersions[b]++;
    }
    this.summarise();
  }

  /** Recomputes sums and extremes after routes changed. */
  summarise(): void {
    this.finishSum = 0;
    this.distanceSum = 0;
    this.latest = -Infinity;
    this.secondLatest = -Infinity;
    this.thirdLatest = -Infinity;
    this.earliest = Infinity;
    this.secondEarliest = Infinity;
    this.thirdEarliest = Infinity;
    this.latestRobot = -1;
    this.secondLatestRobot = -1;
    this.earliestRobot = -1;
    this.secondEarliestRobot = -1;
    this.softSum = 0;
    for (let r = 0; r < this.evaluators.length; r++) {
      const { finish, distance } = this.evaluators[r];
      this.finishSum += finish;
      this.distanceSum += distance;
      const soft = this.softTerm(finish);
      this.softTerms[r] = soft;
      this.softSum += soft;
      if (finish > this.latest) {
        this.thirdLatest = this.secondLatest;
        this.secondLatest = this.latest;
        this.secondLatestRobot = this.latestRobot;
        this.latest = finish;
        this.latestRobot = r;
      } else if (finish > this.secondLatest) {
        this.thirdLatest = this.secondLatest;
        this.secondLatest = finish;
        this.secondLatestRobot = r;
      } else if (finish > this.thirdLatest) this.thirdLatest = finish;
      if (finish < this.earliest) {
        this.thirdEarliest = this.secondEarliest;
        this.secondEarliest = this.earliest;
        this.secondEarliestRobot = this.earliestRobot;
        this.earliest = finish;
        this.earliestRobot = r;
      } else if (finish < this.secondEarliest) {
        this.thirdEarliest = this.secondEarliest;
        this.secondEarliest = finish;
        this.secondEarliestRobot = r;
      } else if (finish < this.thirdEarliest) this.thirdEarliest = finish;
    }
  }

  /** The latest finish of the robots other than a and b: the first of the three latest that is neither. */
  private latestOtherThan(a: number, b: number): number {
    if (this.latestRobot !== a && this.latestRobot !== b) return this.latest;
    if (this.secondLatestRobot !== a && this.secondLatestRobot !== b) return this.secondLatest;
    return this.thirdLatest;
  }

  /** The earliest finish of the robots other than a and b. */
  private earliestOtherThan(a: number, b: number): number {
    if (this.earliestRobot !== a && this.earliestRobot !== b) return this.earliest;
    if (this.secondEarliestRobot !== a && this.secondEarliestRobot !== b) return this.secondEarliest;
    return this.thirdEarliest;
  }

  /** One robot's share of the soft maximum's sum (its exponent capped, so no sum overflows: far above the reference every finish weighs alike). */
  private softTerm(finish: number): number {
    return Math.exp(Math.min(SOFT_MAX_EXPONENT_CAP, (finish - this.softReference) / this.softTau));
  }

  /** The soft maximum's part of the value for a given sum. */
  private softValue(sum: number): number {
    return this.softScale === 0 || !(sum > 0) ? 0 : this.softScale * this.softTau * Math.log(sum);
  }

  get makespan(): number {
    return Math.max(0, this.latest);
  }

  get busiestRobot(): number {
    return this.latestRobot;
  }

  /** Augmented objective (weighted score plus the tie-break term) of the current routes. */
  value(): number {
    return this.valueWith(-1, 0, 0);
  }

  /** Augmented objective if robot r's route had finish f and distance d (r = -1: no change). */
  valueWith(r: number, finish: number, distance: number): number {
    const p = this.problem;
    let latest = this.latest;
    let earliest = this.earliest;
    let busy = this.finishSum;
    let travelled = this.distanceSum;
    let soft = this.softSum;
    if (r >= 0) {
      const evaluator = this.evaluators[r];
      latest = Math.max(r === this.latestRobot ? this.secondLatest : this.latest, finish);
      earliest = Math.min(r === this.earliestRobot ? this.secondEarliest : this.earliest, finish);
      busy += finish - evaluator.finish;
      travelled += distance - evaluator.distance;
      soft += this.softTerm(finish) - this.softTerms[r];
    }
    if (this.evaluators.length === 0) return 0;
    return (
      this.scale.scoreOf(latest, travelled, earliest, busy, p.params.max_distance, p.params.battery_capacity) +
      this.tieScale * busy +
      this.softValue(soft)
    );
  }

  /** Augmented objective if robots a and b had the given figures. */
  valueWithTwo(a: number, fa: number, da: number, b: number, fb: number, db: number): number {
    const p = this.problem;
    // The extremes of the other robots, from the three latest and three earliest finishes.
    const latest = Math.max(this.latestOtherThan(a, b), fa, fb);
    const earliest = Math.min(this.earliestOtherThan(a, b), fa, fb);
    const busy = this.finishSum - this.evaluators[a].finish - this.evaluators[b].finish + fa + fb;
    const travelled = this.distanceSum - this.evaluators[a].distance - this.evaluators[b].distance + da + db;
    const soft = this.softSum - this.softTerms[a] - this.softTerms[b] + this.softTerm(fa) + this.softTerm(fb);
    return (
      this.scale.scoreOf(latest, travelled, earliest, busy, p.params.max_distance, p.params.battery_capacity) +
      this.tieScale * busy +
      this.softValue(soft)
    );
  }

  /**
   * The latest finish robot b may reach and still bring the augmented objective below `target`,
   * when robot a (a < 0: none) finishes at `finishA` and every other robot keeps its route: a
   * cutoff for b's insertion searches. Only the makespan objective makes the value a function
   * of the finish times alone (growing with b's); for any other, Infinity (no cutoff).
   */
  finishCutoff(b: number, target: number, a = -1, finishA = 0): number {
    if (!this.scale.completionOnly) return Infinity;
    // The latest finish of the robots other than a and b, or less when unknown (a larger cutoff stays safe).
    let others =
      this.latestRobot !== a && this.latestRobot !== b
        ? this.latest
        : this.secondLatestRobot !== a && this.secondLatestRobot !== b
          ? this.secondLatest
          : 0;
    let busy = this.finishSum - this.evaluators[b].finish;
    // The soft maximum grows with b's finish; without b's share it is the least it can be, so
    // taking it out of the target keeps the cutoff safe (never below the true one).
    let soft = this.softSum - this.softTerms[b];
    if (a >= 0) {
      others = Math.max(others, finishA);
      busy += finishA - this.evaluators[a].finish;
      soft += this.softTerm(finishA) - this.softTerms[a];
    }
    if (this.softScale > 0 && !(soft > 0)) return Infinity;
    target -= this.softValue(soft);
    const weight = this.scale.weights.completion_time / this.scale.divisors.completion_time;
    const tie = this.tieScale;
    const cutoff =
      weight * others + tie * (busy + others) >= target
        ? (target - weight * others) / tie - busy
        : (target - tie * busy) / (weight + tie);
    return cutoff + 1e-9 * Math.abs(cutoff);
  }

  insert(r: number, j: number, position: number): void {
    this.evaluators[r].route.splice(position, 0, j);
    this.refreshRoutes(r);
  }

  /**
   * Best (robot, position) for delivery j by the augmented objective, among `robots` (default:
   * all); null when none of them can take it.
   */
  bestPlacement(j: number, blink?: () => boolean, robots?: ArrayLike<number>): Placement | null {
    let best: Placement | null = null;
    const count = robots ? robots.length : this.evaluators.length;
    // Robots are tried earliest finish first: under the makespan objective the best placement is
    // most often on one of them, and a good value found early gives every later robot a tight
    // cutoff. The winner is the same as in index order: the least value, the lowest index on a tie.
    // With `blink` they keep index order, as each robot draws its blinks in turn: another order
    // would hand the draws to other robots and change the search's plans.
    const order = blink ? null : this.byFinish(robots, count);
    for (let m = 0; m < count; m++) {
      const r = order ? order[m] : robots ? robots[m] : m;
      const cutoff = best ? this.finishCutoff(r, best.value) : Infinity;
      const finish = this.evaluators[r].bestInsertion(j, this.insertion, cutoff, blink);
      if (finish === Infinity) continue;
      const value = this.valueWith(r, finish, this.insertion.distance);
      if (best === null || value < best.value || (value === best.value && r < best.robot))
        best = { robot: r, position: this.insertion.position, value };
    }
    return best;
  }

  /**
   * `robots` (default: all), earliest finish first, ties by index. The whole fleet's order is
   * kept between calls: one robot's finish changes between most placements, so the insertion
   * sort that restores it moves that robot alone.
   */
  private byFinish(robots: ArrayLike<number> | undefined, count: number): Int32Array {
    if (robots === undefined) {
      if (this.fleetOrder.length !== count) this.fleetOrder = Int32Array.from({ length: count }, (_, r) => r);
      return this.sortByFinish(this.fleetOrder, this.fleetOrder, count);
    }
    if (this.placementOrder.length < count) this.placementOrder = new Int32Array(Math.max(count, 16));
    return this.sortByFinish(robots, this.placementOrder, count);
  }

  /** Writes robots[0..count) into `into` (which may be `robots` itself) by finish, ties by index: an insertion sort. */
  private sortByFinish(robots: ArrayLike<number>, into: Int32Array, count: number): Int32Array {
    const evaluators = this.evaluators;
    for (let m = 0; m < count; m++) {
      const r = robots[m];
      const finish = evaluators[r].finish;
      let at = m;
      while (at > 0) {
        const before = into[at - 1];
        const finishBefore = evaluators[before].finish;
        if (finishBefore < finish || (finishBefore === finish && before < r)) break;
        into[at] = before;
        at--;
      }
      into[at] = r;
    }
    return into;
  }

  /** The `count` robots that finish earliest (ties by index), earliest first. */
  earliestRobots(count: number): number[] {
    const order = this.evaluators.map((_, r) => r);
    order.sort((a, b) => this.evaluators[a].finish - this.evaluators[b].finish || a - b);
    return order.slice(0, count);
  }
}
