import { describe, expect, it } from 'vitest';
import { registerBodySchema, loginBodySchema } from './auth.ts';
import { recordReferenceSchema } from './common.ts';
import { environmentCreateSchema } from './environment.ts';
import { ALGORITHM_IDS, algorithmNameOf } from './algorithms.ts';
import { solveCreateSchema } from './solve.ts';
import { ABSENT_PARAMETER_FALLBACKS, SOLVE_PARAMETER_RANGES, solveParametersInputSchema } from './solve-parameters.ts';
import { DEFAULT_TRAFFIC_POLICY, TRAFFIC_POLICIES } from './traffic-policies.ts';

const solveIds = { name: 'Run', environment_id: 1, scenario_id: 2, task_id: 3 };

describe('API record schemas', () => {
  it('fills a solve body with the spec §9 defaults and greedy_distance', () => {
    expect(solveCreateSchema.parse(solveIds)).toEqual({
      ...solveIds,
      description: null,
      algorithm_id: 1,
      parameters: {
        time_limit: 300,
        algorithm_type: 'greedy_distance',
        battery_capacity: 100,
        max_distance: 1000,
        robot_speed: 1,
        recharge_time: 3,
        objective_weights: { completion_time: 100 },
        balance_factor: 50,
      },
    });
  });

  it('names the algorithm from either its id or its name, and refuses a contradiction', () => {
    expect(solveCreateSchema.parse({ ...solveIds, algorithm_id: '7' }).parameters.algorithm_type).toBe(
      'marginal_benefit',
    );
    expect(solveCreateSchema.parse({ ...solveIds, parameters: { algorithm_type: 'kmeans' } }).algorithm_id).toBe(3);
    const contradiction = solveCreateSchema.safeParse({
      ...solveIds,
      algorithm_id: 2,
      parameters: { algorithm_type: 'kmeans' },
    });
    expect(contradiction.success).toBe(false);
    expect(contradiction.error?.issues[0].path).toEqual(['parameters', 'algorithm_type']);
  });

  it('holds every solve parameter to its range, the one the form and the solver read too', () => {
    const fields = [
      'time_limit',
      'battery_capacity',
      'max_distance',
      'robot_speed',
      'recharge_time',
      'balance_factor',
      'chargers',
      'handling_time_s',
      'robot_count',
    ] as const;
    for (const field of fields) {
      const range: { min: number; max: number; aboveMin?: boolean } = SOLVE_PARAMETER_RANGES[field];
      const accepts = (value: number) => solveParametersInputSchema.shape[field].safeParse(value).success;
      expect([field, accepts(range.min), accepts(range.max), accepts(range.max + 1), accepts(range.min - 1)]).toEqual([
        field,
        !range.aboveMin,
        true,
        false,
        false,
      ]);
    }
    expect(SOLVE_PARAMETER_RANGES.max_distance).toEqual({ min: 0, aboveMin: true, max: 10_000 });
  });

  it('takes a traffic policy by name, absent meaning the congestion-aware default, and names the choices for any other', () => {
    expect(TRAFFIC_POLICIES.map((policy) => policy.name)).toEqual(['guided', 'lookahead', 'pibt']);
    expect(solveParametersInputSchema.parse({ traffic_policy: 'pibt' }).traffic_policy).toBe('pibt');
    expect(solveParametersInputSchema.parse({}).traffic_policy).toBeUndefined();
    expect([ABSENT_PARAMETER_FALLBACKS.traffic_policy, DEFAULT_TRAFFIC_POLICY]).toEqual(['guided', 'guided']);
    for (const bad of ['fastest', 'PIBT', 1, null]) {
      const parsed = solveParametersInputSchema.safeParse({ traffic_policy: bad });
      expect(parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
        ['traffic_policy', 'traffic_policy must be one of guided, lookahead, pibt'],
      ]);
    }
  });

  it('maps every algorithm id of spec §7 back to its name', () => {
    for (const [name, id] of Object.entries(ALGORITHM_IDS)) expect(algorithmNameOf(id)).toBe(name);
    expect(() => algorithmNameOf(8)).toThrow(RangeError);
  });

  it('accepts record references as numbers or digit strings only', () => {
    expect(recordReferenceSchema.parse(12)).toBe(12);
    expect(recordReferenceSchema.parse('12')).toBe(12);
    for (const bad of ['', 'abc', '1.5', 0, -1, 1.5, null, true])
      expect(recordReferenceSchema.safeParse(bad).success).toBe(false);
  });

  it('lower-cases and trims e-mails, on registration and on login', () => {
    expect(
      registerBodySchema.parse({ email: ' Ada@Example.COM ', username: 'ada', password: 'longenough' }).email,
    ).toBe('ada@example.com');
    expect(loginBodySchema.parse({ username: 'Ada@Example.com', password: 'x' }).username).toBe('ada@example.com');
  });

  it('drops unknown fields of an environment body and stores a missing description as null', () => {
    const parsed = environmentCreateSchema.parse({
      name: 'Hall',
      dimensions: { width: 5, height: 50 },
      elements: {},
      graph: {},
      user_id: 9,
    });
    expect(parsed).toEqual({
      name: 'Hall',
      description: null,
      dimensions: { width: 5, height: 50 },
      elements: { shelves: [], dropoffs: [], robot_stations: [], pickups: [], robots: [], navigation_points: [] },
      graph: { nodes: [], edges: [] },
    });
  });
});
