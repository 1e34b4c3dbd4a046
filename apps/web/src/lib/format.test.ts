import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TWO_ROBOT_PARAMETERS, TWO_ROBOT_RESULTS, TWO_ROBOT_STATS } from '../components/results/two-robot-plan.fixture.ts';
import {
  batteryBarColour,
  batteryBarWidth,
  batteryConsumed,
  batteryStatus,
  finalBatteryOf,
  formatBatteryEfficiency,
  formatClock,
  formatCompletionTime,
  formatDate,
  formatDateTime,
  formatPoint,
  formatGap,
  formatPercent1,
  formatPercent2,
  planStatsOf,
  rechargeDurationText,
  robotMetrics,
  robotPlansOf,
  summarisePlan,
  taskLabel,
  taskTypeText,
  type PlanStep,
  locationName,
  formatPath,
  tightestLowerBound,
} from './format.ts';

const delivery = (battery_remaining?: number): PlanStep => ({
  task: ['P1', 'D1'],
  path: ['R1_1', 'P1', 'D1'],
  total_distance: 5,
  completion_time: 5,
  battery_remaining,
});
const recharge = (overrides: Partial<PlanStep> = {}): PlanStep => ({
  task: 'recharge',
  path: ['D1', 'N1', 'R2'],
  total_distance: 9,
  completion_time: 200,
  battery_remaining: 100,
  recharge_time: 3,
  ...overrides,
});

describe('robotPlansOf', () => {
  it('lists every robot key except stats and error, in numeric id order', () => {
    const plans = robotPlansOf({ R10_1: [], R2_1: [], stats: { makespan_s: 1 }, error: 'x', R1_2: [] });
    expect(plans.map((plan) => plan.robotId)).toEqual(['R1_2', 'R2_1', 'R10_1']);
  });

  it('keeps steps in plan order and drops malformed entries', () => {
    const plans = robotPlansOf({ R1_1: [delivery(90), { task: 'x' }, null, recharge()] });
    expect(plans[0].steps.map((step) => step.task)).toEqual([['P1', 'D1'], 'recharge']);
  });

  it('returns nothing for missing results and reads stats only when it is an object', () => {
    expect(robotPlansOf(null)).toEqual([]);
    expect(planStatsOf([1])).toBeNull();
    expect(planStatsOf(null)).toBeNull();
    expect(planStatsOf(TWO_ROBOT_STATS)?.lower_bound_s).toBe(210.25);
  });
});

describe('formatCompletionTime (Max Completion Time)', () => {
  it('shows seconds with one decimal under a minute', () => {
    expect(formatCompletionTime(45.3)).toBe('45.3 s');
    expect(formatCompletionTime(0)).toBe('0.0 s');
    expect(formatCompletionTime(59.94)).toBe('59.9 s');
  });

  it('switches to minutes and seconds at 60 s, including values that round up to a minute', () => {
    expect(formatCompletionTime(125)).toBe('2 min 5 s');
    expect(formatCompletionTime(60)).toBe('1 min 0 s');
    expect(formatCompletionTime(59.96)).toBe('1 min 0 s');
    expect(formatCompletionTime(370)).toBe('6 min 10 s');
    expect(formatCompletionTime(3599.6)).toBe('60 min 0 s');
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

  it('gives metres per battery unit under the linear battery model', () => {
    // 44 m at 100 units per 20 m = 220 units consumed.
    expect(summary.batteryEfficiency).toBeCloseTo(0.2, 12);
    expect(formatBatteryEfficiency(summary.batteryEfficiency)).toBe('0.20 m/unit');
  });

  it('has no efficiency when nothing moved', () => {
    expect(summarisePlan([{ robotId: 'R1_1', steps: [] }]).batteryEfficiency).toBeNull();
    expect(formatBatteryEfficiency(null)).toBe('N/A');
  });

  it('falls back to the solve recharge_time, then to 3 min, for recharge steps without one', () => {
    const steps = [recharge({ recharge_time: undefined })];
    expect(summarisePlan([{ robotId: 'R1_1', steps }], { recharge_time: 12 }).totalRechargeMinutes).toBe(12);
    expect(summarisePlan([{ robotId: 'R1_1', steps }]).totalRechargeMinutes).toBe(3);
  });

  it('battery consumed follows distance with the step’s own capacity and range', () => {
    const steps: PlanStep[] = [
      { ...delivery(), total_distance: 100, battery_capacity: 100, max_distance: 1000 },
      { ...delivery(), total_distance: 300, battery_capacity: 50, max_distance: 100 },
    ];
    // 100 m * 0.1 + 200 m * 0.5
    expect(batteryConsumed(steps)).toBeCloseTo(110, 12);
  });
});

describe('a plan with recharges, read by this app and by the spec’s own client', () => {
  // Worked by hand from the fixture (max_distance 20 m, capacity 100): R1_1 drives 10 + 6 m, 8 m
  // home to charge, then 10 m; R1_2 drives 10 m and charges in place; R2_1 idles.
  const results: Record<string, unknown> = TWO_ROBOT_RESULTS;

  /** The original client's formulas (spec §2, §9), applied to the results map exactly as served. */
  const specClientDeliveries = (map: Record<string, unknown>) =>
    (Object.values(map).flat() as PlanStep[]).filter((step) => step.task !== 'recharge' && step.task !== 'recharge_in_place').length;
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
    expect(plans.map(({ steps }) => formatPercent2(finalBatteryOf(steps, TWO_ROBOT_PARAMETERS)))).toEqual(['50.00%', '100.00%', '100.00%']);
    const r1 = robotMetrics(plans[0].steps, TWO_ROBOT_PARAMETERS);
    expect([formatPercent1(r1.minBattery ?? NaN), formatPercent1(r1.avgBattery ?? NaN), r1.distance]).toEqual(['20.0%', '55.0%', 34]);
  });

  it('the spec’s client, on a plan as this product makes them (recharges only before deliveries): same deliveries and final batteries; Total Distance sums distances since the last charge', () => {
    const { R1_1, R2_1 } = TWO_ROBOT_RESULTS;
    const ours = robotPlansOf({ R1_1, R2_1 });
    expect(summarisePlan(ours, TWO_ROBOT_PARAMETERS)).toMatchObject({ totalDeliveries: 3, totalDistance: 34 });
    expect(ours.map(({ steps }) => finalBatteryOf(steps, TWO_ROBOT_PARAMETERS))).toEqual([50, 100]);
    expect(specClientFigures({ R1_1, R2_1 } as Record<string, PlanStep[]>)).toEqual({ totalDeliveries: 3, totalDistance: 10, finalBattery: [50, 100] });
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
    expect(metrics).toMatchObject({ deliveries: 3, recharges: 1, rechargeMinutes: 3, distance: 34, completionTime: 214 });
    expect(robotMetrics([delivery()]).minBattery).toBeNull();
  });
});

describe('battery bar and status rules (spec §2, §9)', () => {
  it('colours green above 70, yellow above 30, red otherwise', () => {
    expect(batteryBarColour(70.1)).toBe('green');
    expect(batteryBarColour(70)).toBe('yellow');
    expect(batteryBarColour(30.1)).toBe('yellow');
    expect(batteryBarColour(30)).toBe('red');
    expect(batteryBarColour(-5)).toBe('red');
  });

  it('clamps the bar width to 0..100', () => {
    expect(batteryBarWidth(-3)).toBe(0);
    expect(batteryBarWidth(42.5)).toBe(42.5);
    expect(batteryBarWidth(130)).toBe(100);
    expect(batteryBarWidth(Number.NaN)).toBe(0);
    fc.assert(
      fc.property(fc.double({ noNaN: true }), (level) => {
        const width = batteryBarWidth(level);
        return width >= 0 && width <= 100;
      }),
    );
  });

  it('marks Low Battery at 20 or less only for non-recharge steps, Full at 80 or more', () => {
    expect(batteryStatus(delivery(20))).toBe('Low Battery');
    expect(batteryStatus(delivery(20.01))).toBe('Normal');
    expect(batteryStatus(delivery(79.99))).toBe('Normal');
    expect(batteryStatus(delivery(80))).toBe('Full');
    expect(batteryStatus(recharge({ battery_remaining: 10 }))).toBe('Normal');
    expect(batteryStatus(recharge({ battery_remaining: 100 }))).toBe('Full');
    expect(batteryStatus(delivery(undefined))).toBe('Normal');
  });
});

describe('Task Type text (spec §2)', () => {
  it('names deliveries, in-place recharges and recharges at the last path element', () => {
    expect(taskTypeText(delivery())).toBe('Delivery');
    expect(taskTypeText(recharge({ task: 'recharge_in_place', path: ['D1'] }))).toBe('Recharge In Place');
    expect(taskTypeText(recharge())).toBe('Recharge at R2');
    expect(taskTypeText(recharge({ path: [] }))).toBe('Recharge at Station');
  });

  it('adds the recharge minutes to recharges only', () => {
    expect(rechargeDurationText(recharge())).toBe('3 min');
    expect(rechargeDurationText(recharge({ recharge_time: 4.5 }))).toBe('4.5 min');
    expect(rechargeDurationText(delivery())).toBeNull();
  });

  it('labels a delivery by its pair', () => {
    expect(taskLabel(delivery())).toBe('P1 → D1');
    expect(taskLabel(recharge())).toBe('Recharge at R2');
  });
});

describe('gap and clock texts', () => {
  it('states the gap as a percentage of the best possible makespan', () => {
    expect(formatGap(0.018)).toBe('within 1.8% of the best possible makespan');
    expect(formatGap(214 / 210.25 - 1)).toBe('within 1.8% of the best possible makespan');
    expect(formatGap(0)).toBe('within 0.0% of the best possible makespan');
    expect(formatGap(undefined)).toBeNull();
  });

  it('formats the simulated clock with tenths, and hours past an hour', () => {
    expect(formatClock(0)).toBe('0:00.0');
    expect(formatClock(75.25)).toBe('1:15.2');
    expect(formatClock(3725.5)).toBe('1:02:05.5');
  });
});

describe('record field formats used by the pages', () => {
  it('shows a dash for missing or broken timestamps and points', () => {
    expect(formatDateTime(undefined)).toBe('—');
    expect(formatDateTime('not a date')).toBe('—');
    expect(formatDate(null)).toBe('—');
    expect(formatPoint(null)).toBe('—');
    expect(formatPoint([1])).toBe('—');
  });

  it('formats points as (x, y)', () => {
    expect(formatPoint([3.5, 0.5])).toBe('(3.5, 0.5)');
  });
});

describe('locationName and formatPath', () => {
  it('names path nodes by their kind (spec §3)', () => {
    expect(['R1_1', 'R1', 'P3', 'D2', 'N14', 'X'].map(locationName)).toEqual([
      'Robot R1_1',
      'Station R1',
      'Pickup P3',
      'Dropoff D2',
      'Nav N14',
      'X',
    ]);
  });

  it('formatPath joins location names in travel order', () => {
    expect(formatPath(['R1_1', 'P3', 'N2', 'D1'])).toBe('Robot R1_1 → Pickup P3 → Nav N2 → Dropoff D1');
  });
});

describe('tightestLowerBound', () => {
  it('prefers the battery-aware bound when it is the larger one, with its own gap', () => {
    expect(tightestLowerBound({ lower_bound_s: 573.85, gap: 0.3602, lower_bound_battery_s: 760.96, gap_battery: 0.0258 })).toEqual({
      boundS: 760.96,
      gap: 0.0258,
    });
  });

  it('keeps the model bound when the battery-aware one adds nothing or is missing', () => {
    expect(tightestLowerBound({ lower_bound_s: 240.51, gap: 0.0013, lower_bound_battery_s: 240.51, gap_battery: 0.0013 })).toEqual({
      boundS: 240.51,
      gap: 0.0013,
    });
    expect(tightestLowerBound({ lower_bound_s: 66.23, gap: 0.1728 })).toEqual({ boundS: 66.23, gap: 0.1728 });
  });

  it('gives null when the solve reports no bound', () => {
    expect(tightestLowerBound(null)).toBeNull();
    expect(tightestLowerBound({ algorithm: 'greedy_distance' })).toBeNull();
  });
});
