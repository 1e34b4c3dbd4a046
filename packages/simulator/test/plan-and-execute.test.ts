import { describe, expect, it } from 'vitest';
import { buildProblem } from '@fleetlab/solver';
import { generateWarehouseInstance } from '@fleetlab/warehouse';
import { checkExecution, planAndExecute, simulate } from '../src/index.ts';

describe('planning for traffic: the plan kept is the one that runs best', () => {
  const day = generateWarehouseInstance({
    width: 16,
    height: 16,
    stations: 3,
    robotsPerStation: 3,
    orders: 40,
    seed: 11,
    aisleWidth: 1,
  });
  const input = { environment: day.environment, tasks: day.tasks, params: { max_distance: 2000 } };

  it("runs the makespan search's best plans on the floor and keeps the least executed makespan, saying so", () => {
    const outcome = planAndExecute(input, { algorithm: 'makespan', maxIterations: 300, candidates: 4 });
    const choice = outcome.stats.traffic_choice!;
    expect(choice.candidates).toBeGreaterThan(1);
    expect(choice.candidates).toBeLessThanOrEqual(4);
    const executed = choice.executed_candidates_s.filter((value): value is number => value !== null);
    expect(choice.executed_s).toBe(Math.min(...executed));
    expect(outcome.execution!.totals.executed_makespan_s).toBe(choice.executed_s);
    expect(choice.gain_s).toBeCloseTo(choice.best_planned_executed_s! - choice.executed_s!, 6);
    expect(outcome.stats.makespan_s).toBe(choice.planned_s);
    // The kept plan is checked, planned = free flow, and its execution passes the checker.
    expect(outcome.execution!.totals.free_flow_makespan_s).toBe(outcome.stats.makespan_s);
    expect(checkExecution(day.environment, outcome.results, outcome.execution!, input.params).errors).toEqual([]);
    // Each candidate's executed makespan is that plan's own run, repeatable.
    expect(
      simulate(day.environment, outcome.results, input.params, { tasks: day.tasks }).totals.executed_makespan_s,
    ).toBe(choice.executed_s);
  });

  it('plans and runs a robot that accelerates and turns on the model’s clock', () => {
    const outcome = planAndExecute(
      { ...input, params: { ...input.params, robot_model: 'drive-unit' } },
      { algorithm: 'greedy_distance' },
    );
    expect(outcome.stats.robot_model).toBe('drive-unit');
    expect(outcome.executionError ?? null).toBeNull();
    expect(outcome.execution!.step_s).toBe(0.05);
    expect(outcome.execution!.totals.free_flow_makespan_s).toBe(outcome.execution!.totals.planned_makespan_s);
    expect(outcome.execution!.totals.executed_makespan_s).toBeGreaterThanOrEqual(
      outcome.execution!.totals.free_flow_makespan_s,
    );
  });

  it('makes one plan for the other algorithms, and for makespan with one candidate', () => {
    const greedy = planAndExecute(input, { algorithm: 'greedy_distance' });
    expect(greedy.stats.traffic_choice).toBeUndefined();
    expect(greedy.execution!.totals.planned_makespan_s).toBe(greedy.stats.makespan_s);
    const single = planAndExecute(input, { algorithm: 'makespan', maxIterations: 100, candidates: 1 });
    expect(single.stats.traffic_choice).toBeUndefined();
  });

  it('takes the number of candidates from the size of the day', () => {
    expect(buildProblem(input).robotCount * buildProblem(input).deliveryCount).toBeLessThan(200_000);
  });
});
