import { describe, expect, it } from 'vitest';
import {
  TWO_ROBOT_PARAMETERS,
  TWO_ROBOT_RESULTS,
  TWO_ROBOT_STATS,
} from '../components/results/two-robot-plan.fixture.ts';
import { formatChargePerDelivery, formatPercent1, formatPercent2 } from './display-format.ts';
import {
  chargesUsed,
  finalBatteryOf,
  planStatsOf,
  type PlanStep,
  robotMetrics,
  robotPlansOf,
  summarisePlan,
} from './plan-model.ts';
import { deliveryStep, rechargeStep } from './plan-step.fixture.ts';

describe('robotPlansOf', () => {
  it('lists every robot key except stats and error, in numeric id order', () => {
    const plans = robotPlansOf({ R10_1: [], R2_1: [], stats: { makespan_s: 1 }, error: 'x', R1_2: [] });
    expect(plans.map((plan) => plan.robotId)).toEqual(['R1_2', 'R2_1', 'R10_1']);
  });

  it('keeps steps in plan order and drops malformed entries', () => {
    const plans = robotPlansOf({ R1_1: [deliveryStep(90), { task: 'x' }, null, rechargeStep()] });
    expect(plans[0].steps.map((step) => step.task)).toEqual([['P1', 'D1'], 'recharge']);
  });

  it('returns nothing for missing results and reads stats only when it is an object', () => {
    expect(robotPlansOf(null)).toEqual([]);
    expect(planStatsOf([1])).toBeNull();
    expect(planStatsOf(null)).toBeNull();
    expect(planStatsOf(TWO_ROBOT_STATS)?.lower_bound_s).toBe(210.25);
  });
});

describe('summarisePlan (spec §2 results summary)', () => {
  const summary = summarisePlan(robotPlansOf(TWO_ROBOT_RESULTS), TWO_ROBOT_PARAMETERS);

  it('counts non-recharge steps as deliveries and both recharge kinds as recharges', () => {
    expect(summary.totalDeliveries).toBe(4);
    expect(summary.totalRecharges).toBe(2);
  });

  it('sums each robot’s last total_distance and takes the latest completion time', () => {
    expect(summary.totalDistance).toBe(44);
    expect(summary.maxCompletionTime).toBe(370);
  });

  it('adds the recharge minutes of every recharge step', () => {
    expect(summary.totalRechargeMinutes).toBe(9);
  });

  it('gives the battery a delivery takes: 44 m at 20 m a charge is 2.2 charges for 4 deliveries, 55% each', () => {
    expect(summary.chargePerDelivery).toBeCloseTo(0.55, 12);
    expect(formatChargePerDelivery(summary.chargePerDelivery)).toBe('55.0%');
  });

  it('has no battery per delivery without deliveries', () => {
    expect(summarisePlan([{ robotId: 'R1_1', steps: [] }]).chargePerDelivery).toBeNull();
    expect(formatChargePerDelivery(null)).toBe('N/A');
  });

  it('falls back to the solve recharge_time, then to 3 min, for recharge steps without one', () => {
    const steps = [rechargeStep({ recharge_time: undefined })];
    expect(summarisePlan([{ robotId: 'R1_1', steps }], { recharge_time: 12 }).totalRechargeMinutes).toBe(12);
    expect(summarisePlan([{ robotId: 'R1_1', steps }]).totalRechargeMinutes).toBe(3);
  });

  it('charges used follow distance with the step’s own range', () => {
    const steps: PlanStep[] = [
      { ...deliveryStep(), total_distance: 100, battery_capacity: 100, max_distance: 1000 },
      { ...deliveryStep(), total_distance: 300, battery_capacity: 50, max_distance: 100 },
    ];
    // 100 m of 1000 m, then 200 m of 100 m: 0.1 + 2 charges.
    expect(chargesUsed(steps)).toBeCloseTo(2.1, 12);
  });
});

describe('a plan with recharges, read by this app and by the spec’s own client', () => {
  // Worked by hand from the fixture (max_distance 20 m, capacity 100): R1_1 drives 10 + 6 m, 8 m
  // home to charge, then 10 m; R1_2 drives 10 m and charges in place; R2_1 idles.
  const results: Record<string, unknown> = TWO_ROBOT_RESULTS;

  /** The original client's formulas (spec §2, §9), applied to the results map exactly as served. */
  const specClientDeliveries = (map: Record<string, unknown>) =>
    (Object.values(map).flat() as PlanStep[]).filter(
      (step) => step.task !== 'recharge' && step.task !== 'recharge_in_place',
    ).length;
  function specClientFigures(map: Record<string, PlanStep[]>) {
    const lastSteps = Object.values(map).map((robotSteps) => robotSteps.at(-1));
    return {
      totalDeliveries: specClientDeliveries(map),
      totalDistance: lastSteps.reduce((sum, last) => sum + (last?.total_distance ?? 0), 0),
      finalBattery: lastSteps.map((last) => Math.min(100, Math.max(0, 100 * (1 - (last?.total_distance ?? 0) / 20)))),
    };
  }

  it('this app: 4 deliveries, 44 m driven (the odometers 34 + 10), final battery 50% / 100% / 100%, R1_1 min 20% avg 55%', () => {
    const plans = robotPlansOf(results);
    const summary = summarisePlan(plans, TWO_ROBOT_PARAMETERS);
    expect(summary.totalDeliveries).toBe(4);
    expect(summary.totalDistance).toBe(44);
    expect(plans.map(({ steps }) => formatPercent2(finalBatteryOf(steps, TWO_ROBOT_PARAMETERS)))).toEqual([
      '50.00%',
      '100.00%',
      '100.00%',
    ]);
    const r1 = robotMetrics(plans[0].steps, TWO_ROBOT_PARAMETERS);
    expect([formatPercent1(r1.minBattery ?? NaN), formatPercent1(r1.avgBattery ?? NaN), r1.distance]).toEqual([
      '20.0%',
      '55.0%',
      34,
    ]);
  });

  it('the spec’s client, on a plan as this product makes them (recharges only before deliveries): same deliveries and final batteries; Total Distance sums distances since the last charge', () => {
    const { R1_1, R2_1 } = TWO_ROBOT_RESULTS;
    const ours = robotPlansOf({ R1_1, R2_1 });
    expect(summarisePlan(ours, TWO_ROBOT_PARAMETERS)).toMatchObject({ totalDeliveries: 3, totalDistance: 34 });
    expect(ours.map(({ steps }) => finalBatteryOf(steps, TWO_ROBOT_PARAMETERS))).toEqual([50, 100]);
    expect(specClientFigures({ R1_1, R2_1 } as Record<string, PlanStep[]>)).toEqual({
      totalDeliveries: 3,
      totalDistance: 10,
      finalBattery: [50, 100],
    });
  });

  it('the spec’s client would count a stats key in results as one more delivery, which is why stats travels beside results', () => {
    expect(specClientDeliveries(results)).toBe(4);
    expect(specClientDeliveries({ ...results, stats: TWO_ROBOT_STATS })).toBe(5);
  });
});

describe('final battery and battery levels', () => {
  const plans = robotPlansOf(TWO_ROBOT_RESULTS);

  it('takes the last step’s battery_remaining', () => {
    expect(finalBatteryOf(plans[0].steps, TWO_ROBOT_PARAMETERS)).toBe(50);
    expect(formatPercent2(robotMetrics(plans[1].steps, TWO_ROBOT_PARAMETERS).finalBattery)).toBe('100.00%');
  });

  it('falls back to the spec formula on total distance with max_distance 1000 and capacity 100', () => {
    const steps: PlanStep[] = [{ task: ['P1', 'D1'], path: [], total_distance: 123.4, completion_time: 1 }];
    expect(finalBatteryOf(steps)).toBeCloseTo(87.66, 10);
    expect(formatPercent2(finalBatteryOf(steps))).toBe('87.66%');
    expect(finalBatteryOf(steps, { max_distance: 200, battery_capacity: 50 })).toBeCloseTo(19.15, 10);
  });

  it('clamps the fallback to [0, capacity] and shows a full battery for an idle robot', () => {
    expect(finalBatteryOf([{ task: ['P1', 'D1'], path: [], total_distance: 1500, completion_time: 1 }])).toBe(0);
    expect(finalBatteryOf([])).toBe(100);
  });

  it('gives Min and Avg Battery Level over the steps that carry one', () => {
    const metrics = robotMetrics(plans[0].steps, TWO_ROBOT_PARAMETERS);
    expect(formatPercent1(metrics.minBattery ?? NaN)).toBe('20.0%');
    expect(formatPercent1(metrics.avgBattery ?? NaN)).toBe('55.0%');
    expect(metrics).toMatchObject({
      deliveries: 3,
      recharges: 1,
      rechargeMinutes: 3,
      distance: 34,
      completionTime: 214,
    });
    expect(robotMetrics([deliveryStep()]).minBattery).toBeNull();
  });
});
