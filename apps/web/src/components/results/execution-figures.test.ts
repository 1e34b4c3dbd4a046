import type { RobotExecutionRecord } from '@fleetlab/warehouse';
import { describe, expect, it } from 'vitest';
import {
  delaySplitOf,
  executionTotalsOf,
  disruptionLines,
  floorLines,
  freeFlowDiffers,
  trafficChoiceLine,
} from './execution-figures.ts';

// "Busy aisle": planned 200 s, alone on the floor 200.5 s, with traffic 230 s (15% later); 95 s of
// waiting, of which 60 s queued at chargers (R1 45 s, R2 15 s), so 35 s blocked by other robots;
// 20 deliveries in 230 s = 313.0 per hour.
const totals = {
  planned_makespan_s: 200,
  free_flow_makespan_s: 200.5,
  executed_makespan_s: 230,
  waiting_s: 95,
  max_robot_waiting_s: 60,
  max_waiting_robot: 'R1_2',
  throughput_per_h: 313.04,
  deliveries: 20,
  charger_queue_s: { R1: 45, R2: 15 },
  extra_charges: 0,
  deadlocks_resolved: 0,
  reserve_replays: 0,
  steps: 230,
  conflicts: 0,
};

const robot = (waiting: number, queued: number): RobotExecutionRecord => ({
  timeline: [0, 0, 0],
  deliveries: [],
  charges: [],
  waiting_s: waiting,
  queued_s: queued,
  distance_m: 0,
  finish_s: 0,
  extra_charges: 0,
});

describe('the plan on the shared floor', () => {
  it('reads stats.execution, and nothing from a solve that was never executed', () => {
    expect(executionTotalsOf({ execution: totals })).toEqual(totals);
    expect(executionTotalsOf({ makespan_s: 3 })).toBeNull();
    expect(executionTotalsOf(null)).toBeNull();
  });

  it('splits the waiting into waiting for other robots and queueing at chargers, which add up to it', () => {
    // From the totals alone: 95 - (45 + 15) = 35 s blocked.
    expect(delaySplitOf(totals)).toEqual({
      waitingForRobotsS: 35,
      chargerQueueS: 60,
      dockQueueS: 0,
      longestBlocked: null,
    });
    // From each robot: R1_1 waited 40 s of which 30 queued, R1_2 55 s of which 30 queued.
    const robots = { R1_1: robot(40, 30), R1_2: robot(55, 30), R2_1: robot(0, 0) };
    expect(delaySplitOf(totals, robots)).toEqual({
      waitingForRobotsS: 35,
      chargerQueueS: 60,
      dockQueueS: 0,
      longestBlocked: { robotId: 'R1_2', seconds: 25 },
    });
  });

  it('keeps the queues beside pickups and dropoffs out of the traffic delay: traffic, dock and charger queues add up to the robot time lost', () => {
    // Of the same 95 s, 25 s beside docks another robot was at (D2 20 s, D1 5 s): R1_1 waited 40 s
    // (30 s at a charger, 5 s beside D1), R1_2 55 s (30 s at a charger, 20 s beside D2). Traffic
    // is what is left: 5 s each, 10 s.
    const docked = { ...totals, dock_queue_s: { D2: 20, D1: 5 } };
    const robots = { R1_1: { ...robot(40, 30), dock_queue_s: 5 }, R1_2: { ...robot(55, 30), dock_queue_s: 20 } };
    expect(delaySplitOf(docked)).toMatchObject({ waitingForRobotsS: 10, chargerQueueS: 60, dockQueueS: 25 });
    const lines = floorLines(docked, robots, 1, { dock_queue_s: 4 });
    expect(lines.slice(2, 6)).toEqual([
      {
        label: 'Traffic delay',
        value: '10.0 s',
        meaning: 'Robot time standing still, blocked by another robot in an aisle or a crossing; longest: R1_1, 5.0 s.',
      },
      {
        label: 'Dock queue',
        value: '25.0 s',
        meaning:
          'Robot time waiting for a pickup or dropoff another robot was at (beside it, or loaded on the pickup while the dropoff had robots enough coming): D2 20.0 s, D1 5.0 s; the plan, each robot alone, queues 4.0 s at them.',
      },
      {
        label: 'Charger queue',
        value: '1 min 0 s',
        meaning: 'Robot time waiting for a free charger: R1 45.0 s, R2 15.0 s.',
      },
      {
        label: 'Robot time lost',
        value: '1 min 35 s',
        meaning:
          'Traffic delay, dock queue and charger queue added, summed over the robots (not the makespan, which With traffic gives).',
      },
    ]);
    // Held up in the aisles, robots may queue less at docks than the plan, each robot alone, does.
    const noDockQueue = floorLines({ ...totals, dock_queue_s: {} }, undefined, 1, { dock_queue_s: 4 });
    expect(noDockQueue.find((line) => line.label === 'Dock queue')?.meaning).toBe(
      'Robot time waiting for a pickup or dropoff another robot was at (beside it, or loaded on the pickup while the dropoff had robots enough coming): no robot queued; the plan, each robot alone, queues 4.0 s at them.',
    );
    // The total is the parts as shown: 100.5 s of dock queue and 100.5 s of charger queue each read
    // 1 min 41 s, so the total reads 3 min 22 s (the unrounded 201 s would read 3 min 21 s).
    const rounding = { ...totals, waiting_s: 201, charger_queue_s: { R1: 100.5 }, dock_queue_s: { D1: 100.5 } };
    expect(floorLines(rounding).find((line) => line.label === 'Robot time lost')?.value).toBe('3 min 22 s');
  });

  it('says how many metres the robots drove beyond the plan’s walks, where the run measured both', () => {
    // Alone the robots drive 1,000 m up to their last deliveries; on the shared floor 1,150 m.
    const detour = floorLines({ ...totals, free_flow_distance_m: 1000, executed_distance_m: 1150 }).find(
      (line) => line.label === 'Detours',
    );
    expect(detour).toEqual({
      label: 'Detours',
      value: '+150.00 m',
      meaning:
        'Metres the robots drove up to their last deliveries beyond the plan’s walks: 1.15 km against 1.00 km (+15.0%), stepping aside for others and going round them: driving, so not in the traffic delay.',
    });
    expect(floorLines(totals).some((line) => line.label === 'Detours')).toBe(false);
  });

  it('names the floor’s two-way one-lane aisles beside detours of 5% and more, and only then', () => {
    const detourMeaning = (driven: number, twoWayLanes: number) =>
      floorLines(
        { ...totals, free_flow_distance_m: 1000, executed_distance_m: driven },
        undefined,
        1,
        {},
        twoWayLanes,
      ).find((line) => line.label === 'Detours')?.meaning;
    expect(detourMeaning(1150, 34)).toBe(
      'Metres the robots drove up to their last deliveries beyond the plan’s walks: 1.15 km against 1.00 km (+15.0%), stepping aside for others and going round them: driving, so not in the traffic delay. 34 one-lane aisles of this floor run both ways, where two robots meeting head-on cannot pass: One-Way Lanes in the editor can make them one-way, alternating lane by lane.',
    );
    expect(detourMeaning(1050, 1)).toMatch(/\(\+5\.0%\).* 1 one-lane aisle of this floor runs both ways, where/);
    // 4.9% of detours, or no two-way lane: the line says only what the robots drove.
    expect(detourMeaning(1049, 34)).toMatch(/not in the traffic delay\.$/);
    expect(detourMeaning(1150, 0)).toMatch(/not in the traffic delay\.$/);
  });

  it('shows Planned and With traffic so that the difference beside them adds up on the page', () => {
    // A drive unit's day: 339.55 s planned, 389.4 s with traffic. In whole seconds they would read
    // 5 min 40 s and 6 min 29 s beside "+49.9 s"; to the tenth, 5 min 39.6 s + 49.8 s = 6 min 29.4 s.
    const close = floorLines({
      ...totals,
      planned_makespan_s: 339.55,
      free_flow_makespan_s: 339.55,
      executed_makespan_s: 389.4,
    });
    expect(close.slice(0, 2).map((line) => line.value)).toEqual(['5 min 39.6 s', '6 min 29.4 s']);
    expect(close[1].meaning).toMatch(/^Every robot on the floor at once: \+49\.8 s \(\+14\.7%\)/);
    // A minute or more apart: whole seconds, and the difference of the whole seconds shown.
    const far = floorLines({
      ...totals,
      planned_makespan_s: 339.55,
      free_flow_makespan_s: 339.55,
      executed_makespan_s: 420.4,
    });
    expect(far.slice(0, 2).map((line) => line.value)).toEqual(['5 min 40 s', '7 min 0 s']);
    expect(far[1].meaning).toMatch(/^Every robot on the floor at once: \+1 min 20 s \(\+23\.8%\)/);
  });

  it('says what each figure is, one line each; free flow within a step of the plan is not shown', () => {
    expect(floorLines(totals, { R1_1: robot(40, 30), R1_2: robot(55, 30) })).toEqual([
      { label: 'Planned', value: '3 min 20.0 s', meaning: 'Each robot alone on the floor: the plan itself.' },
      {
        label: 'With traffic',
        value: '3 min 50.0 s',
        meaning: 'Every robot on the floor at once: +30.0 s (+15.0%) against the plan, 313.0 deliveries per hour.',
      },
      {
        label: 'Traffic delay',
        value: '35.0 s',
        meaning:
          'Robot time standing still, blocked by another robot (in an aisle or at a pickup or dropoff); longest: R1_2, 25.0 s.',
      },
      {
        label: 'Charger queue',
        value: '1 min 0 s',
        meaning: 'Robot time waiting for a free charger: R1 45.0 s, R2 15.0 s.',
      },
      {
        label: 'Robot time lost',
        value: '1 min 35 s',
        meaning:
          'Traffic delay and charger queue added, summed over the robots (not the makespan, which With traffic gives).',
      },
    ]);
  });

  it('says why the floor finished before the plan when it did: it served a dock in another order', () => {
    // Planned 200 s with 4 s of waiting at docks; the floor let a later robot in first: 198 s.
    const sooner = { ...totals, executed_makespan_s: 198, waiting_s: 0, charger_queue_s: {} };
    const line = floorLines(sooner, {}, 1, { dock_queue_s: 4 }).find((entry) => entry.label === 'With traffic');
    expect(line?.meaning).toBe(
      "Every robot on the floor at once: −2.0 s (−1.0%) against the plan, 313.0 deliveries per hour. Sooner than the plan: the floor let robots into a pickup or dropoff in another order than the plan's first come, first served.",
    );
  });

  it('says the plan shares the chargers when it queues at them, and names the dock bound when it passes the plan', () => {
    const lines = floorLines(totals, { R1_1: robot(40, 30), R1_2: robot(55, 30) }, 1, {
      charger_queue_s: 45,
      dock_bound_s: 230,
    });
    expect(lines[0].meaning).toBe(
      "Each robot alone on the floor, sharing the stations' chargers (45.0 s of robot time queueing for them): the plan itself.",
    );
    expect(lines.find((line) => line.label === 'Charger queue')?.meaning).toBe(
      'Robot time waiting for a free charger: R1 45.0 s, R2 15.0 s; the plan, each robot alone, queues 45.0 s for them.',
    );
    // Traffic delay and charger queue add up to the robot time lost: 35 + 60 = 95 s.
    expect(lines.find((line) => line.label === 'Robot time lost')?.value).toBe('1 min 35 s');
    expect(lines.at(-1)).toEqual({
      label: 'Dock capacity',
      value: '3 min 50 s',
      meaning:
        'A pickup or dropoff serves one robot at a time: on the floor the day cannot end sooner than this, later than the plan, made before plans held the queues at docks. Solve again to plan them.',
    });
    // A dock bound at or below the plan says nothing new.
    expect(floorLines(totals, null, 1, { dock_bound_s: 200 }).some((line) => line.label === 'Dock capacity')).toBe(
      false,
    );
  });

  it('says the plan shares the pickups and dropoffs when it waits at them, and the traffic line names that wait', () => {
    const lines = floorLines(totals, { R1_1: robot(40, 30), R1_2: robot(55, 30) }, 1, {
      charger_queue_s: 45,
      dock_queue_s: 12,
      dock_bound_s: 230,
    });
    expect(lines[0].meaning).toBe(
      "Each robot alone on the floor, sharing the stations' chargers (45.0 s of robot time queueing for them) and the pickups and dropoffs, one robot at a time (12.0 s of robot time waiting for them): the plan itself.",
    );
    expect(lines.find((line) => line.label === 'Traffic delay')?.meaning).toBe(
      'Robot time standing still, blocked by another robot (in an aisle or at a pickup or dropoff); longest: R1_2, 25.0 s; the plan itself waits 12.0 s at pickups and dropoffs.',
    );
    // A plan that holds the docks' queues is never below the dock bound: no Dock capacity line.
    expect(lines.some((line) => line.label === 'Dock capacity')).toBe(false);
    expect(floorLines(totals, null, 1, { dock_queue_s: 0 })[0].meaning).toBe(
      'Each robot alone on the floor: the plan itself.',
    );
  });

  it('shows free flow that differs from the plan as a solve planned on the graph, and extra charges', () => {
    // Planned 118.5 s on the graph; alone on the floor the robots take 335 s.
    const old = {
      ...totals,
      planned_makespan_s: 118.5,
      free_flow_makespan_s: 335,
      executed_makespan_s: 670,
      extra_charges: 6,
      charger_queue_s: {},
      waiting_s: 12,
    };
    expect(freeFlowDiffers(old, 1)).toBe(true);
    const lines = floorLines(old);
    expect(lines.map((line) => [line.label, line.value])).toEqual([
      ['Planned', '1 min 59 s'],
      ['Alone on the floor', '5 min 35 s'],
      ['With traffic', '11 min 10 s'],
      ['Traffic delay', '12.0 s'],
      ['Charger queue', '0.0 s'],
      ['Robot time lost', '12.0 s'],
      ['Extra charges', '6'],
    ]);
    expect(lines[4].meaning).toBe('Robot time waiting for a free charger: no robot queued.');
    // The three longest queues are named, the rest counted; 1,318 extra charges keep their digits grouped.
    const busy = floorLines({
      ...old,
      extra_charges: 1318,
      charger_queue_s: { R1: 10, R2: 0, R3: 30, R4: 20, R5: 40, R6: 5 },
    });
    expect(busy.find((line) => line.label === 'Charger queue')?.meaning).toBe(
      'Robot time waiting for a free charger: R5 40.0 s, R3 30.0 s, R4 20.0 s, 2 more stations.',
    );
    expect(busy.at(-1)?.value).toBe('1,318');
    // One left over is one station, one pickup or dropoff.
    const oneMore = floorLines({
      ...old,
      charger_queue_s: { R1: 10, R2: 30, R3: 20, R4: 5 },
      dock_queue_s: { D3: 10.65, D1: 10, P224: 1.2, D2: 0.4 },
    });
    expect(oneMore.find((line) => line.label === 'Charger queue')?.meaning).toBe(
      'Robot time waiting for a free charger: R2 30.0 s, R3 20.0 s, R1 10.0 s, 1 more station.',
    );
    const dock = oneMore.find((line) => line.label === 'Dock queue');
    expect(dock?.meaning).toContain('D3 10.7 s, D1 10.0 s, P224 1.2 s, 1 more pickup or dropoff');
    // 22.249999999999996 in floating point: the total reads as its parts add up on the page.
    expect(dock?.value).toBe('22.3 s');
  });

  it('treats free flow within one step and 0.5% of the plan as the plan', () => {
    expect(freeFlowDiffers({ ...totals, planned_makespan_s: 400, free_flow_makespan_s: 402.9 }, 1)).toBe(false);
    expect(freeFlowDiffers({ ...totals, planned_makespan_s: 400, free_flow_makespan_s: 403.1 }, 1)).toBe(true);
    expect(freeFlowDiffers({ ...totals, planned_makespan_s: 400, free_flow_makespan_s: 403.1 }, 2)).toBe(false);
  });
});

// "Six candidates": the best on paper (candidate 0) plans 700 s and runs 800 s with traffic; the
// third (kept = 2) plans 712 s and runs 753 s: 47 s sooner on the floor, though planned 12 s longer.
const SIX_CANDIDATES = {
  candidates: 6,
  kept: 2,
  planned_s: 712,
  executed_s: 753,
  best_planned_s: 700,
  best_planned_executed_s: 800,
  gain_s: 47,
  executed_candidates_s: [800, 790, 753, 770, null, 801],
};

describe('trafficChoiceLine', () => {
  it('says which plan was kept and what it gained against the best on paper', () => {
    expect(trafficChoiceLine({ traffic_choice: SIX_CANDIDATES })).toEqual({
      label: 'Plan kept',
      value: 'Plan 3 of 6',
      meaning:
        'Chosen from 6 plans run on the floor: the kept plan runs 47.0 s sooner than the best-on-paper plan (12 min 33.0 s against 13 min 20.0 s with traffic), though planned 12.0 s longer.',
    });
  });

  it('shows the two runs to the tenth when they are under a minute apart, so the gain reads off them', () => {
    // xl1 with drive units: 1,037.4 s against 1,049.9 s, 12.5 s sooner; whole seconds would read 17:17 against 17:30.
    const close = { ...SIX_CANDIDATES, executed_s: 1037.4, best_planned_executed_s: 1049.9, gain_s: 12.5 };
    expect(trafficChoiceLine({ traffic_choice: close })?.meaning).toContain(
      'runs 12.5 s sooner than the best-on-paper plan (17 min 17.4 s against 17 min 29.9 s with traffic)',
    );
    // m1 with drive units: the kept plan is one 0.05 s tick longer, which tenths would show as 0.0 s.
    const tick = { ...SIX_CANDIDATES, planned_s: 486.15, best_planned_s: 486.1 };
    expect(trafficChoiceLine({ traffic_choice: tick })?.meaning).toMatch(/, though planned 0\.05 s longer\.$/);
    // A minute or more apart, whole seconds.
    const apart = { ...SIX_CANDIDATES, executed_s: 1037.4, best_planned_executed_s: 1109.9, gain_s: 72.5 };
    expect(trafficChoiceLine({ traffic_choice: apart })?.meaning).toContain(
      'runs 1 min 13 s sooner than the best-on-paper plan (17 min 17 s against 18 min 30 s with traffic)',
    );
  });

  it('says when the best on paper also ran best, or could not run at all', () => {
    expect(
      trafficChoiceLine({ traffic_choice: { ...SIX_CANDIDATES, kept: 0, planned_s: 700, executed_s: 800, gain_s: 0 } })
        ?.meaning,
    ).toBe('Chosen from 6 plans run on the floor: the best-on-paper plan also ran best (13 min 20 s with traffic).');
    expect(
      trafficChoiceLine({ traffic_choice: { ...SIX_CANDIDATES, best_planned_executed_s: null, gain_s: null } })
        ?.meaning,
    ).toBe(
      'Chosen from 6 plans run on the floor: the best-on-paper plan could not run on the floor; the kept plan could.',
    );
  });

  it('says nothing when there was no choice: one candidate, or no record of it', () => {
    expect(
      trafficChoiceLine({
        traffic_choice: { ...SIX_CANDIDATES, candidates: 1, kept: 0, executed_candidates_s: [800] },
      }),
    ).toBeNull();
    expect(trafficChoiceLine({})).toBeNull();
    expect(trafficChoiceLine(null)).toBeNull();
  });

  it('shows what delays and breakdowns took and the same run without them: a day and a shift', () => {
    expect(disruptionLines(totals, 'day')).toEqual([]);
    const day = {
      ...totals,
      delays: { count: 3, lost_s: 75 },
      breakdowns: { count: 1, lost_s: 600 },
      without_disruptions: { executed_makespan_s: 200, throughput_per_h: 360, deliveries: 20 },
    };
    expect(disruptionLines(day, 'day')).toEqual([
      { label: 'Delays', value: '1 min 15 s', meaning: 'Robot time stopped by 3 random delays.' },
      {
        label: 'Breakdowns',
        value: '10 min 0 s',
        meaning:
          'Robot time broken down, 1 breakdown: a broken robot blocks its cell until it is repaired, then goes on with its plan.',
      },
      {
        // Beside With traffic's 3 min 50.0 s (under a minute from the plan's 3 min 20.0 s): tenths too.
        label: 'Without them',
        value: '3 min 20.0 s',
        meaning: 'The same plan, same seed, without delays and breakdowns: they cost +30.0 s of makespan.',
      },
    ]);
    expect(floorLines(day).map((line) => line.label)).toContain('Without them');
    // m1 with drive units: With traffic 5 min 31.8 s read beside a Without them of 5 min 32 s.
    const m1 = {
      ...day,
      planned_makespan_s: 292,
      executed_makespan_s: 331.8,
      without_disruptions: { ...day.without_disruptions, executed_makespan_s: 331.8 },
    };
    expect(disruptionLines(m1, 'day').at(-1)?.value).toBe('5 min 31.8 s');
    // A minute or more from the plan, whole seconds, and the cost between them as shown.
    const late = {
      ...day,
      executed_makespan_s: 290.4,
      without_disruptions: { ...day.without_disruptions, executed_makespan_s: 250.6 },
    };
    expect(disruptionLines(late, 'day').at(-1)).toMatchObject({
      value: '4 min 11 s',
      meaning: 'The same plan, same seed, without delays and breakdowns: they cost +39.0 s of makespan.',
    });
    const shift = {
      ...day,
      delays: undefined,
      without_disruptions: {
        ...day.without_disruptions,
        shift: { throughput_per_h: 1201, cycle_p95_s: 83.9 },
      },
    };
    expect(disruptionLines(shift, 'shift')[0].meaning).toBe(
      'Robot time broken down, 1 breakdown: a broken robot blocks its cell until it is repaired, and its orders not yet picked up are handed to other robots.',
    );
    expect(disruptionLines(shift, 'shift').at(-1)).toEqual({
      label: 'Without them',
      value: '1,201.0 per hour',
      meaning:
        'The same shift, same seed, without delays and breakdowns: 20 deliveries, P95 cycle time 1 min 24 s (with them: 20 deliveries).',
    });
  });
});
