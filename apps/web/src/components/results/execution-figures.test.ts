import { describe, expect, it } from 'vitest';
import { executionFigures, executionTotalsOf } from './execution-figures.ts';

// "Busy aisle": planned 200 s, executed 230 s (15% later), 95 s of waiting (R1_2 worst at 60 s),
// 20 deliveries in 230 s = 313.0 per hour, chargers R1 queued 90 s and R2 30 s = 2 min.
const totals = {
  planned_makespan_s: 200,
  free_flow_makespan_s: 210,
  executed_makespan_s: 230,
  waiting_s: 95,
  max_robot_waiting_s: 60,
  max_waiting_robot: 'R1_2',
  throughput_per_h: 313.04,
  deliveries: 20,
  charger_queue_s: { R1: 90, R2: 30 },
  extra_charges: 0,
  deadlocks_resolved: 0,
  reserve_replays: 0,
  steps: 230,
  conflicts: 0,
};

describe('execution figures', () => {
  it('reads stats.execution, and nothing from a solve that was never executed', () => {
    expect(executionTotalsOf({ execution: totals })).toEqual(totals);
    expect(executionTotalsOf({ makespan_s: 3 })).toBeNull();
    expect(executionTotalsOf(null)).toBeNull();
  });

  it('shows the executed makespan with its delay, the waiting, the throughput and the charger queue per station', () => {
    expect(executionFigures(totals)).toEqual([
      { label: 'Executed Makespan', value: '3 min 50 s', note: '+30.0 s (+15.0%) against the plan' },
      { label: 'Waiting Time', value: '1 min 35 s', note: 'worst: R1_2, 1 min 0 s' },
      { label: 'Throughput', value: '313.0 /h', note: 'deliveries per hour, with traffic' },
      { label: 'Charger Queue', value: '2 min', note: 'hover for each station', title: 'R1: 1.5 min\nR2: 0.5 min' },
    ]);
  });
});
