import { describe, expect, it } from 'vitest';
import { buildPlanSteps, plannedMakespan } from '../../src/plan/plan-builder.ts';
import { evaluateRoute } from '../../src/routes/battery-schedule.ts';
import { planRechargeMoments, sharesChargers } from '../../src/routes/recharge-moments.ts';
import type { Problem } from '../../src/index.ts';
import { aroundShelfProblem } from '../floor-layouts.ts';

/**
 * Two robots of R1, three PR -> D1 deliveries each, 26 m charges with no reserve and 60 s
 * recharges: a charge holds two deliveries (R1 -> PR -> D1 -> PR -> D1 is 16 m and 10 m home), so
 * each robot recharges once, after its first delivery (home at 20 s) or after its second (at 26
 * s); alone, 96 s either way.
 */
const twoRobots = (chargers: number) =>
  aroundShelfProblem(2, 6, { max_distance: 26, recharge_time: 1, chargers, battery_reserve_pct: 0 });
const routes = [
  [0, 1, 2],
  [3, 4, 5],
];
const dpMoments = (problem: Problem) =>
  routes.map((route, r) => {
    const rechargeBefore = new Uint8Array(route.length);
    evaluateRoute(problem, r, route, rechargeBefore);
    return [...rechargeBefore];
  });

describe('recharge moments where a station shares its chargers', () => {
  it('one charger: the robots recharge at different moments, 151 s where the same moment takes 156 s', () => {
    const problem = twoRobots(1);
    expect(sharesChargers(problem)).toBe(true);
    // Alone, each robot's DP recharges after its first delivery: both at the charger at 20-21 s
    // (R1_2 waits a second at PR behind R1_1), and R1_2 would wait 59 s for it: 80 + 60 + 16 = 156 s.
    expect(dpMoments(problem)).toEqual([
      [0, 1, 0],
      [0, 1, 0],
    ]);
    // Spread: R1_2 charges after its first (21-81 s), R1_1 after its second (home at 26 s, waits
    // 55 s, charges 81-141 s, then 10 m): 151 s.
    expect(planRechargeMoments(problem, routes).moments.map((moments) => [...moments])).toEqual([
      [0, 0, 1],
      [0, 1, 0],
    ]);
    expect(plannedMakespan(problem, routes)).toBe(151);
    const steps = buildPlanSteps(problem, routes);
    const recharge = steps.R1_1.find((step) => step.task === 'recharge');
    expect(recharge?.queued_s).toBe(55);
    expect(recharge?.completion_time).toBe(141);
  });

  it('a charger per robot: each robot keeps its own best moments, 97 s', () => {
    const problem = twoRobots(2);
    expect(sharesChargers(problem)).toBe(false);
    expect(planRechargeMoments(problem, routes).moments.map((moments) => [...moments])).toEqual(dpMoments(problem));
    expect(plannedMakespan(problem, routes)).toBe(97);
  });
});
