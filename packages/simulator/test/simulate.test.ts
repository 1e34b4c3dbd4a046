import { describe, expect, it } from 'vitest';
import { decodeTimeline } from '@fleetlab/warehouse';
import { checkExecution, simulate, SimulationError } from '../src/index.ts';
import { CHARGING_BAY, CROSSING, DEAD_END, deliver, NARROW_AISLE, recharge } from './fixtures.ts';

const cellsOf = (timeline: number[], last: number, width: number) =>
  Array.from(decodeTimeline(timeline, last, width), (cell) => `${cell % width},${Math.floor(cell / width)}`);

describe('simulate on named layouts', () => {
  it('a robot alone in the corridor drives the shortest walk: one waypoint per straight run', () => {
    const execution = simulate(NARROW_AISLE, { R1_1: [deliver('P1', 'D1')], R2_1: [] }, {});
    const robot = execution.robots.R1_1;
    expect(robot.timeline).toEqual([0, 0, 1, 5, 5, 1]);
    expect(robot.deliveries).toEqual([{ pickup: 'P1', dropoff: 'D1', done_s: 5 }]);
    expect(robot).toMatchObject({ waiting_s: 0, distance_m: 5, finish_s: 5, extra_charges: 0 });
    expect(execution.totals).toMatchObject({
      free_flow_makespan_s: 5,
      executed_makespan_s: 5,
      waiting_s: 0,
      throughput_per_h: 720,
    });
  });

  it('two robots crossing the narrow aisle take 10 s together against 5 s alone, worked out by hand', () => {
    // Both pick up at t = 1 and meet at t = 3. R2_1 ranks higher (ties go by robot order) and takes
    // (3, 1); R1_1 waits a step, is pushed back to (1, 1) and then into its own station (0, 1) while
    // R2_1 reaches D2 at t = 5. R1_1 then follows R2_1 (heading home) along the aisle: D1 at t = 10.
    const plan = { R1_1: [deliver('P1', 'D1')], R2_1: [deliver('P2', 'D2')] };
    const execution = simulate(NARROW_AISLE, plan, {});
    expect(execution.robots.R2_1.deliveries[0].done_s).toBe(5);
    expect(execution.robots.R1_1.deliveries[0].done_s).toBe(10);
    expect(cellsOf(execution.robots.R1_1.timeline, 10, 7)).toEqual([
      '0,1',
      '1,1',
      '2,1',
      '2,1',
      '1,1',
      '0,1',
      '1,1',
      '2,1',
      '3,1',
      '4,1',
      '5,1',
    ]);
    expect(execution.totals).toMatchObject({
      free_flow_makespan_s: 5,
      executed_makespan_s: 10,
      max_waiting_robot: 'R1_1',
    });
    expect(execution.robots.R1_1.waiting_s).toBe(1);
    expect(checkExecution(NARROW_AISLE, plan, execution).errors).toEqual([]);
  });

  it('two robots reaching the crossing at once: one passes, the other waits one step behind it, worked out by hand', () => {
    // Alone each drives 4 cells: R1_1 (0,2) -> P1 (1,2) -> D1 (4,2), R2_1 (2,0) -> P2 (2,1) -> D2 (2,4),
    // both done at 4 s. Together both want the crossing (2,2) at t = 2; R2_1 ranks higher (ties go by
    // robot order), so R1_1 waits on P1's cell for one step and follows R2_1 through: D1 at 5 s.
    const plan = { R1_1: [deliver('P1', 'D1')], R2_1: [deliver('P2', 'D2')] };
    const execution = simulate(CROSSING, plan, {});
    expect(cellsOf(execution.robots.R2_1.timeline, 4, 5)).toEqual(['2,0', '2,1', '2,2', '2,3', '2,4']);
    expect(cellsOf(execution.robots.R1_1.timeline, 5, 5)).toEqual(['0,2', '1,2', '1,2', '2,2', '3,2', '4,2']);
    expect(execution.robots.R2_1.deliveries).toEqual([{ pickup: 'P2', dropoff: 'D2', done_s: 4 }]);
    expect(execution.robots.R1_1.deliveries).toEqual([{ pickup: 'P1', dropoff: 'D1', done_s: 5 }]);
    // Waiting behind the crossing, not beside its dropoff: traffic, no dock queue.
    expect(execution.robots.R1_1).toMatchObject({ waiting_s: 1, dock_queue_s: 0 });
    expect(execution.heatmap.wait_s[2 * 5 + 1]).toBe(1);
    expect(execution.totals.dock_queue_s).toEqual({});
    expect(execution.totals).toMatchObject({
      free_flow_makespan_s: 4,
      executed_makespan_s: 5,
      waiting_s: 1,
      max_waiting_robot: 'R1_1',
      conflicts: 0,
    });
    expect(checkExecution(CROSSING, plan, execution).errors).toEqual([]);
  });

  it('two robots that both need the one-cell dead end take turns: the second goes in once the first is out', () => {
    // Alone, each trip is 4 m to P1 inside the dead end and 4 m to D1: done at 8 s. Together the
    // robot waiting at the mouth blocks the one inside, which cannot step aside: plain PIBT would
    // wait forever. The stuck rule redraws priorities until the inner robot pushes the outer one
    // aside, and the run reports it.
    const plan = { R1_1: [deliver('P1', 'D1')], R1_2: [deliver('P1', 'D1')] };
    const execution = simulate(DEAD_END, plan, {});
    const done = [execution.robots.R1_1, execution.robots.R1_2]
      .map((robot) => robot.deliveries[0].done_s)
      .sort((a, b) => a - b);
    expect(done[0]).toBeGreaterThanOrEqual(8);
    // The first leaves (2, 0) at t, is on D1 at t + 4; the second can stand at the mouth only once the
    // first has passed it (t + 2), is in at t + 3 and on D1 at t + 7: three steps after the first at the least.
    expect(done[1]).toBeGreaterThanOrEqual(done[0] + 3);
    // The plan (free flow) lets the second into P1 one visit after the first: a dead end's visit
    // holds it two steps (no handling, a step out and one more off its mouth), so done at 8 and 10 s.
    expect(execution.totals).toMatchObject({ free_flow_makespan_s: 10, deliveries: 2, conflicts: 0 });
    expect(execution.totals.deadlocks_resolved).toBeGreaterThanOrEqual(1);
    expect(checkExecution(DEAD_END, plan, execution).errors).toEqual([]);
  });

  it('four robots needing a charge at once at one charger queue 0, r, 2r and 3r, then deliver one after another', () => {
    // All four arrive at t = 0 (they start at the station); the one charger serves them in robot
    // order, 180 s each. Each then drives 3 m to P1 and 4 m to D1 alone on the floor: done at
    // 187, 367, 547 and 727 s. The plan's free flow queues exactly the same.
    const plan = Object.fromEntries([1, 2, 3, 4].map((k) => [`R1_${k}`, [recharge, deliver('P1', 'D1')]]));
    const execution = simulate(CHARGING_BAY, plan, { chargers: 1, recharge_time: 3 });
    expect([1, 2, 3, 4].map((k) => execution.robots[`R1_${k}`].queued_s)).toEqual([0, 180, 360, 540]);
    expect(execution.robots.R1_4.charges).toEqual([{ station: 'R1', arrive_s: 0, start_s: 540, end_s: 720 }]);
    expect([1, 2, 3, 4].map((k) => execution.robots[`R1_${k}`].deliveries[0].done_s)).toEqual([187, 367, 547, 727]);
    expect(execution.totals).toMatchObject({
      charger_queue_s: { R1: 1080 },
      free_flow_queue_s: 1080,
      free_flow_makespan_s: 727,
      executed_makespan_s: 727,
    });
    // With a charger per robot (the default) nobody queues for a charger, but all four reach P1 at
    // 183 s: the plan lets them in one a step (done 187, 188, 189 and 190 s), and on the floor they
    // leave their station together and follow one another through the bay (plain PIBT here).
    expect(simulate(CHARGING_BAY, plan, { recharge_time: 3, traffic_policy: 'pibt' }).totals).toMatchObject({
      charger_queue_s: { R1: 0 },
      free_flow_makespan_s: 190,
      executed_makespan_s: 192,
    });
  });

  it('a robot waiting beside a pickup another robot is handled at queues for the dock, and the figures keep it apart from traffic, worked out by hand', () => {
    // R1_2 drives (0, 2) -> (1, 2) -> (2, 2) -> P1 (2, 1): on it at t = 3, handled 3 s, off at t = 7.
    // R1_1 goes the other way round, (0, 1) -> (1, 1) beside P1 at t = 2, and stands there until
    // P1 is free: steps 2-6, while R1_2 steps onto P1 and is handled, 4 s of P1's queue and no
    // traffic. It is on P1 at 7, off at 11 and on D1 at 14.
    const plan = { R1_1: [deliver('P1', 'D1')], R1_2: [deliver('P1', 'D1')], R1_3: [], R1_4: [] };
    const execution = simulate(CHARGING_BAY, plan, { handling_time_s: 3 });
    expect(cellsOf(execution.robots.R1_1.timeline, 8, 6)).toEqual([
      '0,2',
      '0,1',
      '1,1',
      '1,1',
      '1,1',
      '1,1',
      '1,1',
      '2,1',
      '2,1',
    ]);
    expect(execution.robots.R1_1).toMatchObject({ waiting_s: 4, queued_s: 0, dock_queue_s: 4 });
    expect(execution.robots.R1_2).toMatchObject({ waiting_s: 0, dock_queue_s: 0 });
    expect(execution.totals).toMatchObject({ executed_makespan_s: 14, waiting_s: 4, dock_queue_s: { P1: 4 } });
    expect(execution.heatmap.wait_s[1 * 6 + 1]).toBe(4);
    expect(execution.heatmap.dock_queue_s?.[1 * 6 + 1]).toBe(4);
    expect(checkExecution(CHARGING_BAY, plan, execution, { handling_time_s: 3 }).errors).toEqual([]);
  });

  it('a drive unit waiting beside a dock another is handled at queues for it; waiting at the station while the other drives out is traffic', () => {
    // R1_2 sets out first and is handled at P1 from 6.1 to 9.1 s and at D1 from 16.5 to 19.5 s.
    // R1_1 waits 1.4 s at its station while R1_2 drives out (traffic), 2.4 s beside P1 (6.75 to
    // 9.15 s, until R1_2 has left it) and 1.3 s beside D1 (18.9 to 20.2 s): 3.7 s of queues.
    const plan = { R1_1: [deliver('P1', 'D1')], R1_2: [deliver('P1', 'D1')], R1_3: [], R1_4: [] };
    const params = { handling_time_s: 3, robot_model: 'drive-unit' as const };
    const execution = simulate(CHARGING_BAY, plan, params);
    expect(execution.robots.R1_1).toMatchObject({ waiting_s: 5.15, dock_queue_s: 3.7 });
    expect(execution.robots.R1_2).toMatchObject({ waiting_s: 0, dock_queue_s: 0 });
    expect(execution.totals.dock_queue_s).toEqual({ P1: 2.4, D1: 1.3 });
    expect(checkExecution(CHARGING_BAY, plan, execution, params).errors).toEqual([]);
  });

  it("follows the plan's charges and charges early only when the metres really driven leave too little, and counts it", () => {
    // Trip R1 -> P1 -> D1 is 3 + 4 m and D1 is 5 m from the station. After one delivery the robot
    // has used 7 m; the second (D1 -> P1 -> D1 -> R1: 4 + 4 + 5 = 13 m) needs 20 m in all, over an
    // 18 m charge, so it charges first (the plan did not): one extra charge.
    const plan = { R1_1: [deliver('P1', 'D1'), deliver('P1', 'D1')], R1_2: [], R1_3: [], R1_4: [] };
    const execution = simulate(CHARGING_BAY, plan, { max_distance: 18, recharge_time: 3 });
    expect(execution.robots.R1_1).toMatchObject({
      extra_charges: 1,
      charges: [{ station: 'R1', arrive_s: 12, start_s: 12, end_s: 192 }],
    });
    expect(execution.totals.extra_charges).toBe(1);
    // Alone on the floor the robot follows the plan as written: no charge, 15 s.
    expect(execution.totals.free_flow_makespan_s).toBe(15);
    expect(simulate(CHARGING_BAY, plan, { max_distance: 20, recharge_time: 3 }).totals.extra_charges).toBe(0);
  });

  it('handles at every pickup and dropoff for handling_time_s, in whole steps, and records what each robot does when', () => {
    // 2 s of handling: R1_1 drives 3 m to P1 (t = 3), handles until 5, drives 4 m to D1 (done at
    // 9) and handles until 11, when the day's work is over.
    const plan = { R1_1: [deliver('P1', 'D1')], R1_2: [], R1_3: [], R1_4: [] };
    const execution = simulate(CHARGING_BAY, plan, { handling_time_s: 2 });
    expect(execution.robots.R1_1.deliveries).toEqual([{ pickup: 'P1', dropoff: 'D1', done_s: 9 }]);
    expect(execution.totals).toMatchObject({ free_flow_makespan_s: 9, executed_makespan_s: 9 });
    const kinds = ['idle', 'drive_empty', 'drive_loaded', 'waiting', 'queued', 'charging', 'handling'];
    const activities = execution.robots.R1_1.activities!;
    const readable = [];
    for (let k = 0; k < activities.length; k += 2) readable.push(`${activities[k]}:${kinds[activities[k + 1]]}`);
    expect(readable).toEqual(['0:drive_empty', '3:handling', '5:drive_loaded', '9:handling']);
    expect(execution.totals.steps).toBe(11);
    expect(execution.robots.R1_2.activities).toEqual([0, 0]);
  });

  it('refuses a plan that does not fit, naming the first problem', () => {
    expect(() => simulate(NARROW_AISLE, { R1_1: [] }, {})).toThrow(
      new SimulationError('Robot R2_1 is missing from the plan (every robot needs a key, [] when idle)'),
    );
    expect(() => simulate(NARROW_AISLE, { R1_1: [], R2_1: [], R9_9: [] }, {})).toThrow(
      'The plan names robot R9_9, which the environment does not have',
    );
    expect(() => simulate(NARROW_AISLE, { R1_1: [deliver('P7', 'D1')], R2_1: [] }, {})).toThrow(
      'Robot R1_1 step 1: pickup P7 is not a place of the environment',
    );
    expect(() =>
      simulate(NARROW_AISLE, { R1_1: [deliver('P1', 'D1')], R2_1: [] }, {}, { tasks: [['P2', 'D2']] }),
    ).toThrow("Robot R1_1 step 1: P1 -> D1 is not one of the task's pairs (or is done twice)");
    expect(() => simulate(NARROW_AISLE, { R1_1: [], R2_1: [] }, {}, { tasks: [['P2', 'D2']] })).toThrow(
      "The task's pair P2 -> D2 is in no robot's plan",
    );
    expect(() => simulate(NARROW_AISLE, { R1_1: [], R2_1: [] }, { robot_speed: 0 })).toThrow(
      'Parameter robot_speed must be a number above 0, got 0',
    );
  });

  it('ignores the stats key some results carry', () => {
    expect(simulate(NARROW_AISLE, { R1_1: [], R2_1: [], stats: { makespan_s: 0 } }, {}).totals.deliveries).toBe(0);
  });
});
