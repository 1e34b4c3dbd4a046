import type { PlanStep } from './plan-model.ts';

/** A delivery P1 -> D1 of 5 m, done at 5 s. */
export const deliveryStep = (battery_remaining?: number): PlanStep => ({
  task: ['P1', 'D1'],
  path: ['R1_1', 'P1', 'D1'],
  total_distance: 5,
  completion_time: 5,
  battery_remaining,
});

/** A 3-minute recharge at station R2, done at 200 s with a full battery. */
export const rechargeStep = (overrides: Partial<PlanStep> = {}): PlanStep => ({
  task: 'recharge',
  path: ['D1', 'N1', 'R2'],
  total_distance: 9,
  completion_time: 200,
  battery_remaining: 100,
  recharge_time: 3,
  ...overrides,
});
