import { describe, expect, it } from 'vitest';
import { RouteEvaluator } from '../../src/routes/route-evaluator.ts';
import { improveRouteOrder, orderRoute } from '../../src/moves/route-order.ts';
import { A, B, C, D, twoStationsLine } from './two-stations-line.ts';

describe('route order on two stations on a line', () => {
  const problem = twoStationsLine();

  it('improveRouteOrder applies or-opt until nothing improves: [B, A, D] (40 s) -> [A, B, D] (36 s) -> [A, D, B] (20 s)', () => {
    const route = new RouteEvaluator(problem, 0, [B, A, D]);
    improveRouteOrder(route);
    expect(route.route).toEqual([A, D, B]);
    expect(route.finish).toBe(20);
  });

  it('improveRouteOrder stops at once when asked to', () => {
    const route = new RouteEvaluator(problem, 0, [B, A, D]);
    improveRouteOrder(route, () => true);
    expect(route.route).toEqual([B, A, D]);
  });

  it('orderRoute goes to the nearest pickup each time: R2 gets [B, C, D, A] (22 s), which no move improves', () => {
    // From H2 (x = 20): P2 (1 m), then from D2 (18) P3 (1 m), from D3 (16) P4 (13 m), from D4 P1:
    // 1 + 1 + 1 + 1 + 13 + 1 + 3 + 1 = 22 s. Any order reaches P1 (19 m from H2) and needs 3 m
    // more for D1 and the step right from P4 to D4, so 22 s is the best.
    const route = orderRoute(problem, 1, [A, B, C, D]);
    expect(route).toEqual([B, C, D, A]);
    expect(new RouteEvaluator(problem, 1, route).finish).toBe(22);
  });
});
