import { describe, expect, it } from 'vitest';
import { OrOpt } from '../../src/moves/or-opt.ts';
import { RouteEvaluator } from '../../src/routes/route-evaluator.ts';
import { A, B, D, twoStationsLine } from './two-stations-line.ts';

const never = () => false;

describe('or-opt on two stations on a line', () => {
  it('takes the first chain move that finishes earlier: R1 [B, A, D] (40 s) becomes [A, B, D] (36 s)', () => {
    // [B, A, D]: 0 -> P2 -> D2 (18) -> P1 -> D1 (2) -> P4 -> D4 = 19 + 1 + 17 + 1 + 1 + 1 = 40 s.
    const route = new RouteEvaluator(twoStationsLine(), 0, [B, A, D]);
    expect(route.finish).toBe(40);
    const orOpt = new OrOpt();
    // Moving B one place on gives [A, B, D] = 1 + 1 + 17 + 1 + 15 + 1 = 36 s; moving it to the
    // end would give 20 s but comes later in the scan.
    expect(orOpt.find(route, route.finish - 1e-7, never)).toBe('found');
    orOpt.apply();
    expect(route.route).toEqual([A, B, D]);
    expect(route.finish).toBe(36);
  });

  it('finds nothing on the best order [A, D, B] (20 s)', () => {
    const route = new RouteEvaluator(twoStationsLine(), 0, [A, D, B]);
    expect(route.finish).toBe(20);
    expect(new OrOpt().find(route, route.finish - 1e-7, never)).toBe('none');
  });
});
