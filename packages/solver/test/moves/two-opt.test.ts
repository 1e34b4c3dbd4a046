import { describe, expect, it } from 'vitest';
import { TwoOpt } from '../../src/moves/two-opt.ts';
import { RouteEvaluator } from '../../src/routes/route-evaluator.ts';
import { A, B, C, D, twoStationsLine } from './two-stations-line.ts';

const never = () => false;

describe('2-opt inside a route on two stations on a line', () => {
  it('reverses [C, D]: R1 [A, C, D, B] (48 s) becomes [A, D, C, B] (22 s)', () => {
    // [A, C, D, B]: 1 + 1 + 15 + 1 + 13 + 1 + 15 + 1 = 48 s.
    const route = new RouteEvaluator(twoStationsLine(), 0, [A, C, D, B]);
    expect(route.finish).toBe(48);
    const twoOpt = new TwoOpt();
    // Reversing [A, C] or [A, C, D] gives 52 s, the whole route 66 s; then [C, D]:
    // [A, D, C, B] = 1 + 1 + 1 + 1 + 13 + 1 + 3 + 1 = 22 s.
    expect(twoOpt.find(route, route.finish - 1e-7, never)).toBe('found');
    twoOpt.apply();
    expect(route.route).toEqual([A, D, C, B]);
    expect(route.finish).toBe(22);
  });
});
