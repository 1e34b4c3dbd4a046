import { emptyRouteTotals, RechargeScheduler } from '../battery-schedule.ts';
import type { Routes } from '../plan-builder.ts';
import type { Problem } from '../problem.ts';

/**
 * Up to this many deliveries the plan with the least makespan is found exactly: every order of
 * every subset per robot (at most e * 7! = 13,700 routes, each with the exact recharge DP), then
 * a DP over subsets that splits the deliveries between robots. Well under a second.
 */
export const EXACT_MAX_DELIVERIES = 7;

/**
 * The optimal makespan plan of a small instance (ties broken by the least total busy time), or
 * null when it has more than EXACT_MAX_DELIVERIES deliveries. Robots with the same start and home
 * share their route table, so a large fleet costs little more than one robot per station.
 */
export function solveSmallExactly(problem: Problem): Routes | null {
  const n = problem.deliveryCount;
  if (n > EXACT_MAX_DELIVERIES) return null;
  const subsets = 1 << n;
  const tables = new Map<string, { finish: Float64Array; order: number[][] }>();
  const tableOf = (r: number) => {
    const robot = problem.robots[r];
    const key = `${robot.startNode}:${robot.homeNode}`;
    let table = tables.get(key);
    if (!table) {
      table = bestRoutesBySubset(problem, r, n);
      tables.set(key, table);
    }
    return table;
  };

  // best[S]: [makespan, busy] of serving S with the robots considered so far; choice[r][S]: r's share.
  let bestMax = new Float64Array(subsets).fill(Infinity);
  let bestSum = new Float64Array(subsets).fill(Infinity);
  bestMax[0] = 0;
  bestSum[0] = 0;
  const choice: Int32Array[] = [];
  for (let r = 0; r < problem.robotCount; r++) {
    const { finish } = tableOf(r);
    const nextMax = new Float64Array(subsets).fill(Infinity);
    const nextSum = new Float64Array(subsets).fill(Infinity);
    const share = new Int32Array(subsets);
    for (let set = 0; set < subsets; set++) {
      // Every split of `set` into this robot's share and the earlier robots' rest.
      for (let mine = set; ; mine = (mine - 1) & set) {
        const rest = set ^ mine;
        const max = Math.max(bestMax[rest], finish[mine]);
        const sum = bestSum[rest] + finish[mine];
        if (max < nextMax[set] - 1e-9 || (max < nextMax[set] + 1e-9 && sum < nextSum[set] - 1e-9)) {
          nextMax[set] = max;
          nextSum[set] = sum;
          share[set] = mine;
        }
        if (mine === 0) break;
      }
    }
    bestMax = nextMax;
    bestSum = nextSum;
    choice.push(share);
  }
  if (!Number.isFinite(bestMax[subsets - 1])) return null;
  const routes: Routes = problem.robots.map(() => []);
  let left = subsets - 1;
  for (let r = problem.robotCount - 1; r >= 0; r--) {
    const mine = choice[r][left];
    routes[r] = tableOf(r).order[mine].slice();
    left ^= mine;
  }
  return routes;
}

/** For each subset of deliveries, robot r's least finish time over all orders, and that order. */
function bestRoutesBySubset(problem: Problem, r: number, n: number): { finish: Float64Array; order: number[][] } {
  const subsets = 1 << n;
  const finish = new Float64Array(subsets).fill(Infinity);
  const order: number[][] = new Array(subsets);
  finish[0] = 0;
  order[0] = [];
  const route: number[] = [];
  const scheduler = new RechargeScheduler(problem);
  const totals = emptyRouteTotals();
  const extend = (used: number) => {
    for (let j = 0; j < n; j++) {
      if (used & (1 << j)) continue;
      route.push(j);
      const set = used | (1 << j);
      const time = scheduler.schedule(r, route, route.length, totals);
      if (time < finish[set] - 1e-9) {
        finish[set] = time;
        order[set] = route.slice();
      }
      // A prefix no recharge schedule can save stays hopeless whatever follows it.
      if (time < Infinity) extend(set);
      route.pop();
    }
  };
  extend(0);
  return { finish, order };
}
