import { SAFE_SLACK } from '../problem/battery-tolerance.ts';
import {
  canServe,
  dropoffToHome,
  dropoffToHomeDrive,
  homeToPickupDrive,
  startToPickupDrive,
  totalDeliveryLength,
} from '../problem/delivery-legs.ts';
import { usableRobots } from './lower-bound.ts';
import { groupDeliveriesByPlace, type PlaceGroups } from './place-groups.ts';
import { type PlacePrices, predecessorAssignmentBound } from './predecessor-bound.ts';
import type { Problem } from '../problem/problem.ts';

/**
 * A makespan bound that charges every recharge its drive through the home station, not only
 * its wait, and caps what each robot can drive on the charges it has.
 *
 * The argument, for any valid plan with makespan M:
 *
 * 1. Arcs. Every pickup is reached from a robot's start, from another delivery's dropoff
 *    directly, or from a dropoff through a home station with a recharge in between; each start
 *    and each dropoff leads to at most one pickup. So the plan's distance D (each robot up to
 *    its last dropoff, recharge trips included) is the sum of the delivery lengths L plus the
 *    cost of an assignment of predecessors to pickups, where an arc through a station costs at
 *    least min over stations h of (d_i -> h + h -> p_j). A recharge before the first delivery
 *    is counted as a direct start arc (start -> home -> p is at least start -> p). Let C be the
 *    number of arcs through a station, the recharges between deliveries.
 * 2. Lagrange. For a price lambda >= 0, let A(lambda) be the least assignment cost when an arc
 *    through a station costs lambda less (a pickup then takes the cheaper of its two arcs from
 *    each dropoff). The plan's own assignment, with its C such arcs, shows
 *    A(lambda) <= D - L - lambda C, so D >= L + max over lambda of (A(lambda) + lambda C).
 *    A(0) is the model's assignment (an arc through a station is never the cheaper one).
 * 3. Capacity. A robot r with c recharges between deliveries finishes no earlier than its
 *    distance / v + c * recharge_time, and drives at most (c + 1) * max_distance +
 *    start -> home - (its least way home from a dropoff): each charge segment plus the way home
 *    after its last dropoff fits one charge, and the first charge may be spent driving home to
 *    recharge. So its distance is at most cap_r(c) = min(v (M - c R), (c + 1) Q + s_r - h_r),
 *    and the robots' capacities for their recharge counts add up to at least D.
 * 4. Chargers (floor model, where a station's chargers are shared). A recharge between
 *    deliveries starts no earlier than h_s, the least time for a robot of station s to do one
 *    delivery and drive home, and is followed by at least one delivery, at least t_s (home to a
 *    pickup and on to its dropoff). K such recharges at a station with C_s chargers of R seconds
 *    put ceil(K / C_s) of them on one charger, one after another, so the last robot finishes no
 *    earlier than h_s + ceil(K / C_s) R + t_s: at makespan M a station takes at most
 *    K_s(M) = C_s floor((M - h_s - t_s) / R) recharges between deliveries. On m1 with one
 *    charger per station, three robots of a station recharging once need 3 x 180 s in a row.
 *    This holds for plans, whose robots wait their turn at a charger, not for routes timed with
 *    a charger each (what a search may stop at): `detour_capacity` is the bound without this
 *    step, `charger_turns` the bound with it.
 * 5. The bound is the least M for which some total C and some split of it over the robots (at
 *    most K_s(M) at each station) give sum_r cap_r(c_r) >= L + max_lambda (A(lambda) + lambda C).
 *    Each cap_r is concave in c, so adding recharges one at a time where capacity grows most
 *    gives the best split for every C (per station its K_s(M) best steps, a partition of the
 *    steps into stations); past the point where no recharge adds capacity, no larger C can
 *    pass, as the right-hand side only grows.
 *
 * The prices tried are searched so that the priced assignment uses about as many station arcs
 * as the bound's own recharge count needs (any price gives a valid bound; the right one the
 * tightest). Each price is one transportation problem between places, as the model's bound
 * (its repaired dual, so rounding never overstates it), a few of them at any size (`priceSteps`).
 *
 * Floating point: the capacity of each robot is shaved by SAFE_SLACK m and the bound by a relative 1e-9.
 */

/**
 * Priced assignments solved per bound, each costing what the model's bound does (by places): six
 * up to 1,200 deliveries and robots, two above, where each takes 50-130 ms and the later prices
 * add little (d5k: 1,921.06 s with two, 1,921.91 s with six in 540 ms; d20k: 4,268.60 s and
 * 4,268.83 s).
 */
function priceSteps(size: number): number {
  return size <= 1_200 ? 6 : 2;
}

export interface DetourCapacityBound {
  makespan_s: number;
  /** Recharges between deliveries the bound found necessary (C at the bound). */
  recharges: number;
  /**
   * The bound with step 4, the stations' chargers in turn (`charger_turns`): it holds for plans,
   * whose robots wait their turn at a charger, not for routes timed with a charger each. The
   * same as makespan_s where no station shares its chargers.
   */
  inTurn_s: number;
}

/**
 * The bound of the argument above, without step 4 (for routes) and with it (for plans).
 * `modelArcs` is A(0), the least cost of the predecessor assignment (the model bound's W minus
 * the delivery lengths, lower-bound.ts); `poll` is called now and then (solve passes its
 * cancellation check).
 */
export function detourCapacityBound(problem: Problem, modelArcs: number, poll?: () => void): DetourCapacityBound {
  const n = problem.deliveryCount;
  const usable = usableRobots(problem);
  if (n === 0 || usable.length === 0) return { makespan_s: 0, recharges: 0, inTurn_s: 0 };
  const stations = sharedChargers(problem, usable);
  const capacity = robotCapacities(problem, usable, stations.index);
  // The priced assignments' matrix is made only when a price is tried.
  let assignment: PricedAssignment | null = null;
  const priced = () => {
    assignment ??= new PricedAssignment(problem, usable, poll);
    return assignment;
  };
  const routes = pricedMakespan(problem, capacity, [], priced, modelArcs);
  const inTurn =
    stations.list.length > 0 ? pricedMakespan(problem, capacity, stations.list, priced, modelArcs) : routes;
  return {
    makespan_s: routes.makespan * (1 - 1e-9),
    recharges: routes.recharges,
    inTurn_s: Math.max(routes.makespan, inTurn.makespan) * (1 - 1e-9),
  };
}

/** Steps 2 and 5 (with step 4 for `stations`): the least feasible M over the prices tried, and its C. */
function pricedMakespan(
  problem: Problem,
  capacity: RobotCapacity[],
  stations: StationChargers[],
  priced: () => PricedAssignment,
  modelArcs: number,
): { makespan: number; recharges: number } {
  const lengths = totalDeliveryLength(problem);
  const prices: PricedArcs[] = [{ price: 0, arcs: Math.max(0, modelArcs) }];
  let best = leastFeasibleMakespan(problem, capacity, stations, lengths, prices);
  const steps = priceSteps(problem.deliveryCount + capacity.length);
  if (best.recharges > 0) {
    // The priced assignment's station arcs rise with the price; the price that makes them match
    // the recharges the bound needs gives the largest A(lambda) + lambda C. Start from the price
    // at which C pickups would each rather come through a station, then rescale it by how far
    // the station arcs are from C (within the bracket found so far).
    let price = priced().priceEstimate(best.recharges);
    let low = 0;
    let high = Infinity;
    for (let step = 0; step < steps; step++) {
      const solved = priced().solve(price);
      prices.push({ price, arcs: solved.arcs });
      best = leastFeasibleMakespan(problem, capacity, stations, lengths, prices);
      if (solved.stationArcs === best.recharges) break;
      if (solved.stationArcs < best.recharges) low = price;
      else high = price;
      // Scale the price by how far the station arcs are from C, kept inside the bracket.
      const scaled = price * Math.min(2, Math.max(0.5, best.recharges / Math.max(1, solved.stationArcs)));
      price = scaled > low && scaled < high ? scaled : high === Infinity ? 2 * price : (low + high) / 2;
    }
  }
  return best;
}

interface PricedArcs {
  price: number;
  /** A(price): a lower bound on the priced assignment's cost. */
  arcs: number;
}

interface RobotCapacity {
  /** start -> home - the least way home from a dropoff it can serve: cap_r(c) = min(v (M - c R), (c + 1) Q + slack). */
  slack: number;
  /** Index of its station in `StationChargers` (-1: its station's chargers never bind). */
  station: number;
}

/** Step 4's figures of the stations whose chargers are fewer than their usable robots. */
interface StationChargers {
  chargers: number;
  /** h_s + t_s: the least time before a recharge between deliveries and after it, the charge apart. */
  around: number;
}

function robotCapacities(problem: Problem, usable: number[], stations: Map<string, number>): RobotCapacity[] {
  // Whether a robot can serve a delivery, and its way home from the dropoff, depend on the class only.
  return usable.map((r) => {
    let home = Infinity;
    for (const j of problem.deliveryClassFirst)
      if (canServe(problem, r, j)) home = Math.min(home, dropoffToHome(problem, r, j));
    return {
      slack: problem.startToHome[r] - home + SAFE_SLACK,
      station: stations.get(problem.robots[r].stationId) ?? -1,
    };
  });
}

/**
 * Step 4: the stations (by station id, their index in the list) whose usable robots outnumber
 * their chargers, with h_s + t_s. Only the floor shares chargers; on the graph every robot has
 * its own, and a station with a charger per robot gains nothing the time cap does not hold.
 */
function sharedChargers(problem: Problem, usable: number[]): { index: Map<string, number>; list: StationChargers[] } {
  const index = new Map<string, number>();
  const list: StationChargers[] = [];
  if (problem.floor === null || !(problem.rechargeSeconds > 0)) return { index, list };
  const robotsOf = new Map<string, number[]>();
  for (const r of usable) {
    if (problem.robots[r].homeNode < 0) continue;
    const station = problem.robots[r].stationId;
    robotsOf.set(station, [...(robotsOf.get(station) ?? []), r]);
  }
  const { speed, handlingSeconds, deliveryDrive } = problem;
  for (const [station, robots] of robotsOf) {
    if (robots.length <= problem.chargersOfRobot[robots[0]]) continue;
    let before = Infinity;
    let after = Infinity;
    for (const r of robots) {
      for (let j = 0; j < problem.deliveryCount; j++) {
        if (!canServe(problem, r, j)) continue;
        const there =
          (startToPickupDrive(problem, r, j) + deliveryDrive[j] + dropoffToHomeDrive(problem, r, j)) / speed;
        before = Math.min(before, problem.readyS[r] + there + 2 * handlingSeconds);
        after = Math.min(after, (homeToPickupDrive(problem, r, j) + deliveryDrive[j]) / speed + handlingSeconds);
      }
    }
    if (!Number.isFinite(before + after)) continue;
    index.set(station, list.length);
    list.push({ chargers: problem.chargersOfRobot[robots[0]], around: before + after });
  }
  return { index, list };
}

/**
 * Step 5: the least M (by bisection on the monotone test) for which the capacities can cover
 * L + max over prices of (A + price C) for some C, and that C.
 */
function leastFeasibleMakespan(
  problem: Problem,
  capacity: RobotCapacity[],
  stations: StationChargers[],
  lengths: number,
  prices: PricedArcs[],
): { makespan: number; recharges: number } {
  const needed = (recharges: number) => {
    let arcs = 0;
    for (const { price, arcs: cost } of prices) arcs = Math.max(arcs, cost + price * recharges);
    return lengths + arcs;
  };
  const partials = new Float64Array(capacity.length);
  // Per station with shared chargers: its full steps and its partial steps, kept apart so that
  // each station adds at most K_s(M) of them (its best).
  const stationFull = new Float64Array(stations.length);
  const stationPartials: number[][] = stations.map(() => []);
  /**
   * The least C that passes at makespan M, or -1. cap_r(c) = min(v (M - c R), (c + 1) Q + slack)
   * grows by Q a step until the two lines cross, then by one partial step, then shrinks: the best
   * split of C takes every full step first, then the largest partial steps; at a station with
   * shared chargers only its K_s(M) best.
   */
  const passing = (makespan: number): number => {
    const { speed, rechargeSeconds: wait, maxDistance: charge } = problem;
    const cap = (k: number, c: number) =>
      Math.max(0, Math.min(speed * (makespan - c * wait), (c + 1) * charge + capacity[k].slack));
    let total = 0;
    let fullSteps = 0;
    let partialCount = 0;
    stationFull.fill(0);
    for (const list of stationPartials) list.length = 0;
    for (let k = 0; k < capacity.length; k++) {
      total += cap(k, 0);
      const crossing = (speed * makespan - charge - capacity[k].slack) / (speed * wait + charge);
      const full = crossing > 0 ? Math.floor(crossing) : 0;
      const partial = cap(k, full + 1) - cap(k, full);
      const station = stations.length > 0 ? capacity[k].station : -1;
      if (station >= 0) {
        stationFull[station] += full;
        if (partial > 0) stationPartials[station].push(partial);
        continue;
      }
      fullSteps += full;
      if (partial > 0) partials[partialCount++] = partial;
    }
    stations.forEach((station, s) => {
      const rounds = Math.floor((makespan - station.around) / wait + 1e-9);
      const most = rounds > 0 ? station.chargers * rounds : 0;
      const full = Math.min(stationFull[s], most);
      fullSteps += full;
      const kept = stationPartials[s].sort((a, b) => b - a).slice(0, most - full);
      for (const partial of kept) partials[partialCount++] = partial;
    });
    const sorted = partials.subarray(0, partialCount).sort().reverse();
    for (let recharges = 0; recharges <= fullSteps + partialCount; recharges++) {
      if (total >= needed(recharges)) return recharges;
      total += recharges < fullSteps ? charge : (sorted[recharges - fullSteps] ?? 0);
    }
    return -1;
  };
  let low = 0;
  let high = 1;
  while (passing(high) < 0) high *= 2;
  for (let step = 0; step < 60 && high - low > 1e-9 * high; step++) {
    const middle = (low + high) / 2;
    if (passing(middle) >= 0) high = middle;
    else low = middle;
  }
  return { makespan: high, recharges: passing(high) };
}

/**
 * Step 2's priced assignment, by places as the model bound's (predecessor-bound.ts): a pickup
 * place's deliveries take predecessors among the dropoff places and robot starts, an arc from a
 * dropoff costing the cheaper of the direct drive and the cheapest drive through a home station
 * less the price. Costs depend on places only, so the priced problem is the delivery-level one
 * (the same forbidden self-pair), at the cost of the model's bound whatever the size.
 */
export class PricedAssignment {
  readonly groups: PlaceGroups;
  /** Per pickup place q and dropoff place d (`PlaceGroups` orders): the cheapest drive from d through a home station to q. */
  private readonly through: Float64Array;
  /** Per pickup place: the cheapest direct drive to it from a dropoff place. */
  private readonly direct: Float64Array;
  /** Per pickup place: the cheapest drive to it from a home station, after the least way home from any dropoff. */
  private readonly viaHome: Float64Array;

  constructor(
    private readonly problem: Problem,
    private readonly usable: number[],
    private readonly poll?: () => void,
  ) {
    const groups = groupDeliveriesByPlace(problem);
    this.groups = groups;
    const { placeDistance, placeCount } = problem;
    // Problem places of the groups' pickup and dropoff places, and of every home station.
    const pickupPlace = new Int32Array(groups.pickupNodes.length);
    const dropoffPlace = new Int32Array(groups.dropoffNodes.length);
    groups.classDelivery.forEach((j, k) => {
      pickupPlace[groups.classPickup[k]] = problem.pickupPlace[j];
      dropoffPlace[groups.classDropoff[k]] = problem.dropoffPlace[j];
    });
    const homes = new Set<number>();
    problem.robots.forEach((robot, r) => {
      if (robot.homeNode >= 0) homes.add(problem.homePlace[r]);
    });
    const rows = pickupPlace.length;
    const dropoffs = dropoffPlace.length;
    this.through = new Float64Array(rows * dropoffs).fill(Infinity);
    this.direct = new Float64Array(rows).fill(Infinity);
    this.viaHome = new Float64Array(rows).fill(Infinity);
    for (const home of homes) {
      let leastBack = Infinity;
      for (const d of dropoffPlace) leastBack = Math.min(leastBack, placeDistance[d * placeCount + home]);
      for (let q = 0; q < rows; q++) {
        const fromHome = placeDistance[home * placeCount + pickupPlace[q]];
        this.viaHome[q] = Math.min(this.viaHome[q], leastBack + fromHome);
        for (let d = 0; d < dropoffs; d++) {
          const cost = placeDistance[dropoffPlace[d] * placeCount + home] + fromHome;
          if (cost < this.through[q * dropoffs + d]) this.through[q * dropoffs + d] = cost;
        }
      }
    }
    for (let q = 0; q < rows; q++)
      for (const d of dropoffPlace)
        this.direct[q] = Math.min(this.direct[q], placeDistance[d * placeCount + pickupPlace[q]]);
  }

  /**
   * A first price for `recharges` station arcs: the recharges-th smallest, over pickups, of
   * (cheapest drive through a station from any dropoff - cheapest direct arc from a dropoff).
   */
  priceEstimate(recharges: number): number {
    const { groups } = this;
    const detours: number[] = [];
    groups.pickupCounts.forEach((count, q) => {
      const detour = Math.max(0, this.viaHome[q] - this.direct[q]);
      for (let copy = 0; copy < count; copy++) detours.push(detour);
    });
    detours.sort((a, b) => a - b);
    return detours[Math.min(detours.length - 1, Math.max(0, recharges - 1))] + 1e-6;
  }

  /**
   * A(price) (a weak-duality bound), how many station arcs the optimal assignment uses, and the
   * dual behind A(price): prices of the arcs shifted up by `price` (`predecessorAssignmentBound`),
   * so u_q + w_p - price is at most what the arc p -> q costs after the price is taken off a
   * station arc.
   */
  solve(price: number): { arcs: number; stationArcs: number; prices: PlacePrices | null } {
    const solved = predecessorAssignmentBound(
      this.problem,
      this.groups,
      this.usable,
      { stationArcs: { through: this.through, price } },
      this.poll,
    );
    return { arcs: solved.distance_m, stationArcs: solved.stationArcs, prices: solved.prices };
  }
}
