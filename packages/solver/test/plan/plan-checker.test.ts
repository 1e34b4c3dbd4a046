import { describe, expect, it } from 'vitest';
import type { PlanStepRecord } from '@fleetlab/warehouse';
import { checkPlan, solve } from '../../src/index.ts';
import { loadFixture, buildGraphProblem } from '../helpers.ts';

const problem = buildGraphProblem(loadFixture('battery-two-robots'));
const valid = solve(problem, { algorithm: 'greedy_distance' }).results;

function clone(): Record<string, PlanStepRecord[]> {
  return JSON.parse(JSON.stringify(valid));
}

describe('checkPlan', () => {
  it('accepts a valid plan and recomputes its metrics from the paths', () => {
    const check = checkPlan(problem, valid);
    expect(check.errors).toEqual([]);
    expect(check.valid).toBe(true);
    expect(check.metrics).toMatchObject({ makespan_s: 210, total_distance_m: 40, recharges: 1, deliveries: 3 });
    expect(check.metrics.robots.R1_1).toEqual({ finish_s: 210, distance_m: 30, recharges: 1, deliveries: 2 });
    expect(check.metrics.objectives).toEqual({
      completion_time: 210,
      distance_traveled: 40,
      energy_usage: (40 / 24) * 100,
      balanced_workload: 200,
      cost_efficiency: 220,
    });
  });

  it('catches a teleport (a step that does not start where the robot is)', () => {
    const plan = clone();
    plan.R1_1.splice(1, 1);
    const { valid: ok, errors } = checkPlan(problem, plan);
    expect(ok).toBe(false);
    expect(errors[0]).toBe('R1_1 step 2: path starts at R1 but robot is at D1');
  });

  it('catches a missing pair', () => {
    const plan = clone();
    plan.R2_1 = [];
    expect(checkPlan(problem, plan).errors).toEqual(['Delivery P2 -> D1 is never done']);
  });

  it('catches a duplicate pair', () => {
    const plan = clone();
    plan.R2_1.push({
      ...plan.R2_1[0],
      path: ['D1', 'P2', 'D1'],
      total_distance: 18,
      odometer_m: 18,
      completion_time: 18,
      battery_remaining: 25,
    });
    expect(checkPlan(problem, plan).errors).toEqual([
      'R2_1 step 2: delivery P2 -> D1 is done more than once',
      'R2_1 step 2: after the dropoff at D1 the robot has 6 m of charge left but its home station R2 is 10 m away',
    ]);
  });

  it('catches a battery overrun and the broken reserve when the recharge is skipped with a detour', () => {
    const plan = clone();
    plan.R1_1.splice(1, 2, {
      task: ['P1', 'D1'],
      path: ['D1', 'P1', 'R1', 'P1', 'D1'],
      total_distance: 30,
      odometer_m: 30,
      completion_time: 30,
      battery_remaining: 0,
      battery_capacity: 100,
      max_distance: 24,
    });
    expect(checkPlan(problem, plan).errors).toEqual([
      'R1_1 step 2: battery overrun, 26 m since the last charge but a full charge covers 24 m',
      'R1_1 step 2: after the dropoff at D1 the robot has 0 m of charge left but its home station R1 is 10 m away',
    ]);
  });

  it('catches a reserve violation (the robot could not get home after the delivery)', () => {
    const plan = clone();
    plan.R1_1.splice(1, 2, {
      task: ['P1', 'D1'],
      path: ['D1', 'P1', 'D1'],
      total_distance: 18,
      odometer_m: 18,
      completion_time: 18,
      battery_remaining: 25,
      battery_capacity: 100,
      max_distance: 24,
    });
    expect(checkPlan(problem, plan).errors).toEqual([
      'R1_1 step 2: after the dropoff at D1 the robot has 6 m of charge left but its home station R1 is 10 m away',
    ]);
  });

  it('catches a recharge that ends away from the home station', () => {
    const plan = clone();
    plan.R1_1[1] = { ...plan.R1_1[1], path: ['D1', 'P1'], total_distance: 14, odometer_m: 14, completion_time: 194 };
    plan.R1_1[2] = { ...plan.R1_1[2], path: ['P1', 'D1'], total_distance: 4, odometer_m: 18, completion_time: 198 };
    const errors = checkPlan(problem, plan).errors;
    expect(errors[0]).toBe('R1_1 step 2: recharge ends at P1 but the home station of R1_1 is R1');
  });

  it('rejects recharge_in_place', () => {
    const plan = clone();
    plan.R1_1[1] = {
      ...plan.R1_1[1],
      task: 'recharge_in_place',
      path: ['D1'],
      total_distance: 10,
      odometer_m: 10,
      completion_time: 190,
    };
    plan.R1_1[2] = {
      ...plan.R1_1[2],
      path: ['D1', 'P1', 'D1'],
      total_distance: 8,
      odometer_m: 18,
      completion_time: 198,
      battery_remaining: 66.67,
    };
    expect(checkPlan(problem, plan).errors).toEqual([
      'R1_1 step 2: recharge_in_place is not allowed; a recharge must drive to the home station R1',
    ]);
  });

  it('catches a step along a non-edge', () => {
    const plan = clone();
    plan.R1_1[0] = { ...plan.R1_1[0], path: ['R1_1', 'P1', 'D1'] };
    expect(checkPlan(problem, plan).errors[0]).toBe('R1_1 step 1: R1_1 -> P1 is not an edge of the graph');
  });

  it('reads total_distance as metres since the last charge and odometer_m as metres since t = 0', () => {
    // R1_1: 10 m to D1, 10 m back to R1 to charge (the recharge step counts that leg), 10 m to D1 again.
    expect(valid.R1_1.map((step) => [step.total_distance, step.odometer_m])).toEqual([
      [10, 10],
      [20, 20],
      [10, 30],
    ]);
    const cumulative = clone();
    cumulative.R1_1[2] = { ...cumulative.R1_1[2], total_distance: 30 };
    expect(checkPlan(problem, cumulative).errors).toEqual([
      'R1_1 step 3: total_distance is 30 m but the path gives 10 m',
    ]);
    const noOdometer = clone();
    noOdometer.R1_1[2] = { ...noOdometer.R1_1[2], odometer_m: 10 };
    expect(checkPlan(problem, noOdometer).errors).toEqual(['R1_1 step 3: odometer_m is 10 m but the path gives 30 m']);
  });

  it('catches wrong totals', () => {
    const plan = clone();
    plan.R2_1[0] = { ...plan.R2_1[0], total_distance: 11, completion_time: 9, battery_remaining: 60 };
    expect(checkPlan(problem, plan).errors).toEqual([
      'R2_1 step 1: total_distance is 11 m but the path gives 10 m',
      'R2_1 step 1: completion_time is 9 s but the path gives 10 s',
      'R2_1 step 1: battery_remaining is 60% but the path gives 58.33%',
    ]);
  });

  it('catches a delivery path that skips the pickup or ends elsewhere', () => {
    const plan = clone();
    plan.R2_1[0] = {
      ...plan.R2_1[0],
      task: ['P2', 'D1'],
      path: ['R2_1', 'R2', 'P2'],
      total_distance: 6,
      odometer_m: 6,
      completion_time: 6,
      battery_remaining: 75,
    };
    expect(checkPlan(problem, plan).errors).toEqual([
      'R2_1 step 1: path ends at P2, not at the dropoff D1',
      'R2_1 step 1: path does not visit the pickup P2 before the dropoff D1',
    ]);
  });

  it('requires every robot key and rejects unknown ones', () => {
    const plan: Record<string, unknown> = clone();
    delete plan.R2_1;
    plan.R9_9 = [];
    expect(checkPlan(problem, plan).errors).toEqual([
      'Unknown robot R9_9 in the results',
      'Robot R2_1 is missing from the results (every robot needs a key, [] when idle)',
      'Delivery P2 -> D1 is never done',
    ]);
  });

  it('rejects a task that is not one of the deliveries and a malformed step', () => {
    const plan = clone();
    plan.R2_1.push({
      ...plan.R2_1[0],
      task: ['P1', 'D1'],
      path: ['D1', 'P1', 'D1'],
      total_distance: 18,
      odometer_m: 18,
      completion_time: 18,
      battery_remaining: 25,
    });
    plan.R2_1.push({ task: ['P1', 'D1'], path: [] } as unknown as PlanStepRecord);
    const errors = checkPlan(problem, plan).errors;
    expect(errors).toContain('R2_1 step 2: delivery P1 -> D1 is done more than once');
    expect(errors).toContain('R2_1 step 3: a step needs a non-empty path');
    expect(checkPlan(problem, null).errors).toEqual(['The results are not an object mapping robot ids to steps']);
  });
});
