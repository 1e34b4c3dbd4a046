import { describe, expect, it } from 'vitest';
import type { PlanStep } from '../../lib/plan-model.ts';
import { batteryHistoryData } from './battery-history.ts';
import { TWO_ROBOT_RESULTS } from './two-robot-plan.fixture.ts';

const delivery = (battery: number): PlanStep => ({
  task: ['P1', 'D1'],
  path: ['R1_1', 'P1', 'D1'],
  total_distance: 1,
  completion_time: 1,
  battery_remaining: battery,
});
const recharge = (battery: number): PlanStep => ({
  task: 'recharge',
  path: ['D1', 'R1'],
  total_distance: 1,
  completion_time: 1,
  battery_remaining: battery,
  recharge_time: 3,
});

describe('batteryHistoryData', () => {
  it('gives one column per task, recharges marked with a lightning sign, their minutes and the station', () => {
    expect(batteryHistoryData(TWO_ROBOT_RESULTS.R1_1)).toEqual([
      { task: '#1', battery: 50, recharge: '', tasks: 1 },
      { task: '#2', battery: 20, recharge: '', tasks: 1 },
      { task: '#3', battery: 100, recharge: '⚡ 3 min → R1', tasks: 1 },
      { task: '#4', battery: 50, recharge: '', tasks: 1 },
    ]);
    expect(batteryHistoryData(TWO_ROBOT_RESULTS.R1_2)[1].recharge).toBe('⚡ 6 min in place');
  });

  it('groups more tasks than columns into runs of consecutive tasks at their lowest level', () => {
    // 4 tasks into at most 2 columns: runs of 2.
    expect(batteryHistoryData(TWO_ROBOT_RESULTS.R1_1, null, 2)).toEqual([
      { task: '#1–#2', battery: 20, recharge: '', tasks: 2 },
      { task: '#3–#4', battery: 50, recharge: '⚡ 3 min → R1', tasks: 2 },
    ]);
  });

  it('counts several recharges in one run, and the last run holds what is left', () => {
    // 7 tasks into at most 3 columns: runs of ceil(7 / 3) = 3, the last run is task 7 alone.
    const steps = [delivery(60), recharge(100), delivery(70), recharge(100), recharge(100), delivery(40), delivery(15)];
    expect(batteryHistoryData(steps, { recharge_time: 3 }, 3)).toEqual([
      { task: '#1–#3', battery: 60, recharge: '⚡ 3 min → R1', tasks: 3 },
      { task: '#4–#6', battery: 40, recharge: '⚡ ×2', tasks: 3 },
      { task: '#7', battery: 15, recharge: '', tasks: 1 },
    ]);
  });

  it('keeps a 20,000-task robot to at most 100 columns covering every task', () => {
    const steps = Array.from({ length: 20_000 }, (_, index) => delivery(100 - (index % 80)));
    const columns = batteryHistoryData(steps);
    expect(columns).toHaveLength(100);
    expect(columns[0]).toEqual({ task: '#1–#200', battery: 21, recharge: '', tasks: 200 });
    expect(columns[99].task).toBe('#19801–#20000');
    expect(columns.reduce((sum, column) => sum + column.tasks, 0)).toBe(20_000);
  });
});
