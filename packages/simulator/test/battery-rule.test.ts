import { ACTIVITY_CODE } from '@fleetlab/warehouse';
import { describe, expect, it } from 'vitest';
import { detourMargin, fitsCharge, replayMarginChargingSooner } from '../src/execution/battery-rule.ts';
import { checkExecution, simulate } from '../src/index.ts';
import { CHARGING_BAY, deliver, ONE_LANE, recharge } from './fixtures.ts';

// A straight corridor: cell k is k metres from cell 0, the home station.
const corridor = (from: number, to: number) => Math.abs(from - to);

describe('the battery rule, worked out by hand', () => {
  it('keeps back what the detours so far add to the legs, and more on replays', () => {
    // No detours, no margin; 150 m of legs at 1.25: 37.5 -> 38 m; each replay adds 20% of the
    // legs plus 10 m, doubled at each: 38 + 30 + 10 = 78, then 38 + 60 + 20 = 118.
    expect(detourMargin(150, 1, 0)).toBe(0);
    expect(detourMargin(150, 1.25, 0)).toBe(38);
    expect(detourMargin(150, 1.25, 1)).toBe(78);
    expect(detourMargin(150, 1.25, 2)).toBe(118);
  });

  it('on replays, a robot that can charge sooner keeps twice its detours on the whole need, and 20% plus 10 m doubled', () => {
    // 200 m needed at 1.25: 2 x 50 = 100 m; 20% of 200 m + 10 m = 50 m; then 80 + 20 = 100 m.
    expect(replayMarginChargingSooner(200, 1.25, 1)).toBe(150);
    expect(replayMarginChargingSooner(200, 1.25, 2)).toBe(200);
    expect(replayMarginChargingSooner(200, 1, 1)).toBe(50);
  });

  it('decides a delivery on it: a robot at cell 100, pickup at 150, dropoff at 50', () => {
    // Need: 50 m to the pickup, 100 m to the dropoff, 50 m home = 200 m; legs 150 m.
    const item = { pickupCell: 150, dropoffCell: 50 };
    const fits = (used: number, rate: number) => fitsCharge(corridor, 100, 0, used, 1000, item, rate, 0);
    // At rate 1.25: 762 + 200 + 38 = 1000 <= 1000 goes; with 763 m used it charges first.
    expect(fits(762, 1.25)).toBe(true);
    expect(fits(763, 1.25)).toBe(false);
    // Charging sooner changes nothing before a replay; on the first, 762 + 200 + 150 > 1000, and
    // 650 + 200 + 150 = 1000 goes.
    expect(fitsCharge(corridor, 100, 0, 762, 1000, item, 1.25, 0, true)).toBe(true);
    expect(fitsCharge(corridor, 100, 0, 762, 1000, item, 1.25, 1, true)).toBe(false);
    expect(fitsCharge(corridor, 100, 0, 650, 1000, item, 1.25, 1, true)).toBe(true);
    expect(fitsCharge(corridor, 100, 0, 651, 1000, item, 1.25, 1, true)).toBe(false);
    // Just charged, a delivery within a charge goes whatever the margin.
    expect(fitsCharge(corridor, 100, 0, 0, 210, item, 1.5, 0)).toBe(true);
  });
});

describe('a robot with a model short of charge brings its plan’s charge forward', () => {
  it('takes its plan’s charge before the second delivery instead of one beyond the plan', () => {
    // R1 -> P1 -> D1 is 3 + 4 m and D1 is 5 m from the station. The plan delivers twice, then
    // charges. After the first delivery the robot has used 7 m; the second (D1 -> P1 -> D1 ->
    // R1: 4 + 4 + 5 = 13 m) needs 20 m in all, over an 18 m charge. A point robot charges first,
    // beyond its plan, and charges again at the end as planned: 2 charges, 1 extra. A drive unit
    // takes its plan's charge now instead: 1 charge, as planned, and none at the end.
    const plan = { R1_1: [deliver('P1', 'D1'), deliver('P1', 'D1'), recharge], R1_2: [], R1_3: [], R1_4: [] };
    const points = simulate(CHARGING_BAY, plan, { max_distance: 18, recharge_time: 3 });
    expect(points.robots.R1_1.charges).toHaveLength(2);
    expect(points.totals.extra_charges).toBe(1);
    const driveUnits = simulate(CHARGING_BAY, plan, { max_distance: 18, recharge_time: 3, robot_model: 'drive-unit' });
    expect(driveUnits.robots.R1_1.charges).toHaveLength(1);
    expect(driveUnits.totals.extra_charges).toBe(0);
    expect(driveUnits.robots.R1_1.deliveries).toHaveLength(2);
    // The charge comes between the deliveries: after the first is done, before the second.
    const [first, second] = driveUnits.robots.R1_1.deliveries.map((done) => done.done_s);
    const [charge] = driveUnits.robots.R1_1.charges;
    expect(charge.arrive_s).toBeGreaterThan(first);
    expect(charge.end_s).toBeLessThan(second);
  });
});

describe('a robot with no charge to spare that traffic holds head on charges first', () => {
  // Each robot's day is its whole charge (1 + 4 + 5 m, or 5 + 4 + 1 m, over 10 m charges with no
  // reserve), so neither may step back, and on the one lane they meet head on. After a period
  // without progress (14 steps on a 7 x 3 floor) one of them, the first in the fleet when both
  // are held as long, turns home and charges first; the other passes.
  const params = { max_distance: 10, recharge_time: 1, battery_reserve_pct: 0 };
  /**
   * The run of `plan` on the one lane, held to what both cases share: R1_1 turns at 16 s, is home
   * at 18 s and charges to 78 s, its one charge beyond the plan; R1_1's delivery is done at
   * `r1Done` (the makespan), R2_1's at `r2Done`; no replay, no conflict, and the checker agrees.
   */
  const headOn = (plan: Record<string, ReturnType<typeof deliver>[]>, r1Done: number, r2Done: number) => {
    const execution = simulate(ONE_LANE, plan, params);
    expect(execution.robots.R1_1.charges).toEqual([{ station: 'R1', arrive_s: 18, start_s: 18, end_s: 78 }]);
    expect(execution.robots.R1_1.deliveries[0].done_s).toBe(r1Done);
    expect(execution.robots.R2_1.deliveries[0].done_s).toBe(r2Done);
    expect(execution.totals).toMatchObject({
      extra_charges: 1,
      reserve_replays: 0,
      conflicts: 0,
      executed_makespan_s: r1Done,
    });
    expect(checkExecution(ONE_LANE, plan, execution, params).errors).toEqual([]);
    return execution;
  };

  it('an empty robot turns home, charges, then does its delivery, worked out by hand', () => {
    // R1_1 heads east for P2 (5 m), R2_1 west for P3 (5 m). Held from 2 s, R1_1 turns at 16 s:
    // home at 18 s, a 1 min charge to 78 s, P2 at 83 s, D1 at 87 s. R2_1 takes P3 at 18 s and
    // delivers at D3 at 22 s. (Before, the run could not go on.)
    headOn({ R1_1: [deliver('P2', 'D1')], R2_1: [deliver('P3', 'D3')] }, 87, 22);
  });

  it('a loaded robot takes its load home to charge, then delivers it, worked out by hand', () => {
    // R1_1 carries P3 -> D3 east, R2_1 P2 -> D1 west; loaded at 1 s, they meet at 3 s. R1_1
    // turns at 16 s with its load: home at 18 s, charged to 78 s, D3 at 83 s, driving loaded all
    // the while. R2_1 delivers at 18 s.
    const execution = headOn({ R1_1: [deliver('P3', 'D3')], R2_1: [deliver('P2', 'D1')] }, 83, 18);
    // Loaded from the pickup to the dropoff, the charge between: no empty drive before 83 s.
    const activities = execution.robots.R1_1.activities ?? [];
    const kinds = new Set<number>();
    for (let k = 0; k < activities.length; k += 2)
      if (activities[k] >= 1 && activities[k] < 83) kinds.add(activities[k + 1]);
    expect(kinds.has(ACTIVITY_CODE.drive_empty)).toBe(false);
    expect(kinds.has(ACTIVITY_CODE.drive_loaded)).toBe(true);
  });
});
