import type { Problem } from '../problem/problem.ts';
import type { Routes } from '../plan/plan-builder.ts';
import { evaluateRoute, timeWithRecharges, type RechargeTimes } from './battery-schedule.ts';

/**
 * Cap on the charger claims one station's choice may simulate per plan: a station with many
 * robots and few chargers weighs fewer alternatives, so timing a plan stays linear in its size.
 */
const CLAIM_BUDGET = 20_000;
/** Passes over a station's robots; each pass moves a robot's recharge only when the station's day ends earlier. */
const MAX_PASSES = 4;

/** A plan's recharges: per robot, 1 before each delivery it recharges before. */
export interface RechargeMoments {
  moments: Uint8Array[];
  /**
   * Per robot, the recharge DP's finish (every charger free): Infinity when no recharges make
   * its route legal (its moments are then all 0).
   */
  ownFinish: Float64Array;
}

/**
 * Before which deliveries each robot recharges in the plan `routes` make.
 *
 * Each robot's own best is the recharge DP's (`evaluateRoute`: its earliest finish with every
 * charger free). Where a station's recharging robots outnumber its chargers, those moments may
 * send them to the charger together, and the later ones queue: on m1 with one charger per
 * station, three robots of one station charging in turn after their first delivery. There the
 * robots that recharge once may recharge at another moment of their route: the station's
 * chargers are simulated on the routes' own clocks (first come, first served, ties in fleet
 * order, as `ChargerPool` serves them), and one robot's recharge at a time moves to the moment
 * that makes the station's latest finish (then the sum of its robots' finishes) least, until no
 * move helps. A robot recharging twice or more keeps its moments and holds the charger when it
 * comes. Moves are judged without the docks' queues, and the plan's clock (free flow) times
 * what is chosen. On the graph, or where every station has a charger per recharging robot, the
 * moments are the DP's.
 */
export function planRechargeMoments(problem: Problem, routes: Routes): RechargeMoments {
  const ownFinish = new Float64Array(routes.length);
  const moments = routes.map((route, r) => {
    const rechargeBefore = new Uint8Array(route.length);
    ownFinish[r] = evaluateRoute(problem, r, route, rechargeBefore).finish;
    return rechargeBefore;
  });
  if (problem.floor === null) return { moments, ownFinish };
  const byStation = new Map<string, number[]>();
  moments.forEach((rechargeBefore, r) => {
    if (!rechargeBefore.includes(1)) return;
    const station = problem.robots[r].stationId;
    const robots = byStation.get(station);
    if (robots) robots.push(r);
    else byStation.set(station, [r]);
  });
  for (const robots of byStation.values()) {
    if (robots.length > problem.chargersOfRobot[robots[0]]) spreadStationRecharges(problem, routes, robots, moments);
  }
  return { moments, ownFinish };
}

/** Whether robots queue for chargers on this floor: some station has fewer chargers than robots. */
export function sharesChargers(problem: Problem): boolean {
  if (problem.floor === null) return false;
  const robots = new Map<string, number>();
  return problem.robots.some((robot, r) => {
    if (robot.homeNode < 0) return false;
    const count = (robots.get(robot.stationId) ?? 0) + 1;
    robots.set(robot.stationId, count);
    return count > problem.chargersOfRobot[r];
  });
}

/** One robot's recharge moments that a station's choice weighs: the recharge flags and their clock. */
interface MomentOption {
  rechargeBefore: Uint8Array;
  times: RechargeTimes;
}

/** Moves the single recharges of `robots` (one station's, in fleet order) to where its chargers serve them soonest. */
function spreadStationRecharges(problem: Problem, routes: Routes, robots: number[], moments: Uint8Array[]): void {
  const chargers = problem.chargersOfRobot[robots[0]];
  const options: MomentOption[][] = robots.map((r) => {
    const own: MomentOption = {
      rechargeBefore: moments[r],
      times: timeWithRecharges(problem, r, routes[r], moments[r]) as RechargeTimes,
    };
    if (own.times.arrivals.length !== 1) return [own];
    const choices = [own];
    for (let k = 0; k < routes[r].length; k++) {
      if (moments[r][k]) continue;
      const rechargeBefore = new Uint8Array(routes[r].length);
      rechargeBefore[k] = 1;
      const times = timeWithRecharges(problem, r, routes[r], rechargeBefore);
      if (times) choices.push({ rechargeBefore, times });
    }
    return choices;
  });
  const chosen = robots.map(() => 0);
  const charges = robots.reduce((sum, _, i) => sum + options[i][0].times.arrivals.length, 0);
  let budget = Math.floor(CLAIM_BUDGET / Math.max(1, charges));
  let best = stationFinish(problem.rechargeSeconds, chargers, options, chosen);
  for (let pass = 0; pass < MAX_PASSES && budget > 0; pass++) {
    let moved = false;
    for (let i = 0; i < robots.length && budget > 0; i++) {
      const kept = chosen[i];
      let bestOption = kept;
      for (let o = 0; o < options[i].length && budget > 0; o++) {
        if (o === kept) continue;
        budget--;
        chosen[i] = o;
        const value = stationFinish(problem.rechargeSeconds, chargers, options, chosen);
        if (value.latest < best.latest - 1e-9 || (value.latest <= best.latest + 1e-9 && value.sum < best.sum - 1e-9)) {
          best = value;
          bestOption = o;
        }
      }
      chosen[i] = bestOption;
      if (bestOption !== kept) moved = true;
    }
    if (!moved) break;
  }
  robots.forEach((r, i) => {
    moments[r] = options[i][chosen[i]].rechargeBefore;
  });
}

/**
 * The latest finish and the sum of finishes of one station's robots with the chosen moments,
 * its chargers serving them first come, first served (ties in fleet order): a robot that waits
 * for a charger finishes that much later, and reaches its later recharges that much later.
 */
function stationFinish(
  rechargeSeconds: number,
  chargers: number,
  options: MomentOption[][],
  chosen: number[],
): { latest: number; sum: number } {
  const freeAt = new Array<number>(Math.max(1, chargers)).fill(-Infinity);
  const next = chosen.map(() => 0);
  const delay = chosen.map(() => 0);
  for (;;) {
    let first = -1;
    let firstArrival = Infinity;
    chosen.forEach((o, i) => {
      const arrivals = options[i][o].times.arrivals;
      if (next[i] >= arrivals.length) return;
      const arrival = arrivals[next[i]] + delay[i];
      if (arrival < firstArrival - 1e-9) {
        first = i;
        firstArrival = arrival;
      }
    });
    if (first < 0) break;
    let charger = 0;
    for (let c = 1; c < freeAt.length; c++) if (freeAt[c] < freeAt[charger]) charger = c;
    const start = Math.max(firstArrival, freeAt[charger]);
    freeAt[charger] = start + rechargeSeconds;
    delay[first] += start - firstArrival;
    next[first]++;
  }
  let latest = 0;
  let sum = 0;
  chosen.forEach((o, i) => {
    const finish = options[i][o].times.finish + delay[i];
    latest = Math.max(latest, finish);
    sum += finish;
  });
  return { latest, sum };
}
