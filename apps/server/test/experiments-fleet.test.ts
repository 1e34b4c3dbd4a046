import { readFileSync } from 'node:fs';
import { buildProblem, checkPlan, solve } from '@fleetlab/solver';
import { fleetOfSize, type ElementsRecord, type FleetEnvironment } from '@fleetlab/warehouse';
import { describe, expect, it } from 'vitest';

/** Benchmark s1: stations R1 and R2 with 2 robots each, 10 pickup-dropoff pairs. */
const s1 = JSON.parse(
  readFileSync(new URL('../../../packages/solver/bench/instances/s1.json', import.meta.url), 'utf8'),
) as {
  environment: { elements: ElementsRecord; graph: unknown; dimensions: { width: number; height: number } };
  tasks: [string, string][];
};

/** What the solve runner does with a scenario's (or an experiment point's) robot_count. */
function environmentWithFleet(robotCount: number | undefined) {
  const environment: FleetEnvironment = s1.environment;
  return { ...s1.environment, elements: { ...s1.environment.elements, robots: fleetOfSize(environment, robotCount) } };
}

describe('a solve on a reduced fleet', () => {
  it.each([
    [1, ['R1_1']],
    [2, ['R1_1', 'R2_1']],
    [3, ['R1_1', 'R1_2', 'R2_1']],
    [undefined, ['R1_1', 'R1_2', 'R2_1', 'R2_2']],
    [7, ['R1_1', 'R1_2', 'R1_3', 'R1_4', 'R2_1', 'R2_2', 'R2_3']],
  ])('with robot_count %s plans with, and lists, only the fleet %j', (robotCount, fleet) => {
    const environment = environmentWithFleet(robotCount);
    const problem = buildProblem({ environment: environment as never, tasks: s1.tasks, params: {} });
    const { results } = solve(problem, { algorithm: 'greedy_distance', seed: 1 });
    const robots = Object.keys(results).sort();
    expect(robots).toEqual(fleet);
    expect(checkPlan(problem, results).valid).toBe(true);
    const deliveries = robots.flatMap((robot) => results[robot].filter((step) => Array.isArray(step.task)));
    expect(deliveries).toHaveLength(s1.tasks.length);
  });
});
