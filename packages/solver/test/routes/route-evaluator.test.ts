import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateRoute, emptyRouteTotals } from '../../src/routes/battery-schedule.ts';
import { canServe, legBetween, legTo } from '../../src/problem/delivery-legs.ts';
import { Insertion, RouteEvaluator } from '../../src/routes/route-evaluator.ts';
import { RouteProposal } from '../../src/routes/route-proposal.ts';
import { buildUnlessInfeasible, gridInstanceArbitrary, servableBy } from '../helpers.ts';
import { A, B, C, D, twoStationsLine } from '../moves/two-stations-line.ts';

describe('route evaluator on two stations on a line', () => {
  it('caches the totals of its route and scores proposals built from pieces of routes', () => {
    const r1 = new RouteEvaluator(twoStationsLine(), 0, [A, B]);
    expect({ finish: r1.finish, distance: r1.distance, recharges: r1.recharges }).toEqual({
      finish: 20,
      distance: 20,
      recharges: 0,
    });
    const r2 = new RouteEvaluator(r1.problem, 1, [C, D]);
    // R1 doing its A, then R2's route backwards: [A, D, C] = 1 + 1 + 1 + 1 + 13 + 1 = 18 s.
    const proposal = new RouteProposal().appendSlice(r1, 0, 1).appendReversed(r2, 0, 2);
    expect(proposal.toRoute()).toEqual([A, D, C]);
    const totals = emptyRouteTotals();
    expect(r1.evaluate(proposal, totals)).toBe(18);
    expect(totals).toEqual({ finish: 18, distance: 18, recharges: 0 });
    // The evaluator's own route is untouched.
    expect(r1.route).toEqual([A, B]);
    expect(r1.finish).toBe(20);
  });

  it('scores a proposal that needs a recharge with the exact schedule', () => {
    // 38 m per charge: [B, A] drives 20 m to D2, 17 + 1 to D1 and would then be 2 m from home
    // with nothing left. Recharging at D2 (18 m home, 3 min) instead: 20 + 18 m, 180 s,
    // then H1 -> P1 -> D1 2 m: 40 m, 220 s, one recharge.
    const r1 = new RouteEvaluator(twoStationsLine(38), 0, []);
    const totals = emptyRouteTotals();
    expect(r1.evaluate(new RouteProposal().appendDelivery(B).appendDelivery(A), totals)).toBe(220);
    expect(totals).toEqual({ finish: 220, distance: 40, recharges: 1 });
  });

  it('finds the best insertion position, and none for a delivery the robot cannot serve', () => {
    const insertion = new Insertion();
    // 38 m per charge, R1 = [B] (20 s): A before B is [A, B] in 20 s (the way home from D2 is
    // exactly the 18 m left); after B it would be 38 s.
    const r1 = new RouteEvaluator(twoStationsLine(38), 0, [B]);
    expect(r1.bestInsertion(A, insertion)).toBe(20);
    expect({ ...insertion }).toEqual({ position: 0, finish: 20, distance: 20 });
    // 30 m per charge: H1 -> P2 -> D2 -> H1 is 38 m, so R1 cannot do B at all.
    const short = new RouteEvaluator(twoStationsLine(30), 0, [A]);
    expect(short.canServe(B)).toBe(false);
    expect(short.bestInsertion(B, insertion)).toBe(Infinity);
    expect(insertion.position).toBe(-1);
  });
});

for (const handovers of [false, true])
  describe(`route evaluator on random small warehouses${handovers ? ', robots handed over mid-shift' : ''}`, () => {
    const instances = gridInstanceArbitrary({
      minHeight: 2,
      maxStations: 2,
      minPairs: 1,
      maxPairs: 7,
      minChargeFactor: 1.5,
      maxChargeFactor: 5,
      minRechargeMinutes: 0,
      startOffsets: [0, 1],
      handovers,
    });

    it('bestInsertion agrees with scoring every position by the recharge DP', () => {
      fc.assert(
        fc.property(instances, fc.nat(), (input, pick) => {
          const problem = buildUnlessInfeasible(input);
          if (!problem) return;
          const robot = pick % problem.robotCount;
          const j = pick % problem.deliveryCount;
          const route: number[] = [];
          for (let other = 0; other < problem.deliveryCount; other++) {
            if (other !== j && canServe(problem, robot, other)) route.push(other);
          }
          const insertion = new Insertion();
          const finish = new RouteEvaluator(problem, robot, route).bestInsertion(j, insertion);
          let best = Infinity;
          for (let k = 0; k <= route.length; k++) {
            best = Math.min(best, evaluateRoute(problem, robot, [...route.slice(0, k), j, ...route.slice(k)]).finish);
          }
          if (best === Infinity) {
            expect(finish).toBe(Infinity);
            return;
          }
          expect(finish).toBeCloseTo(best, 6);
          const chosen = evaluateRoute(problem, robot, [
            ...route.slice(0, insertion.position),
            j,
            ...route.slice(insertion.position),
          ]);
          expect(chosen.finish).toBeCloseTo(finish, 6);
          expect(chosen.distance).toBeCloseTo(insertion.distance, 6);
        }),
        { numRuns: 150, seed: 20261125 },
      );
    });

    it('replacementPlain is the plain distance of the changed route; finishFloor and replacementFloor never exceed the recharge DP', () => {
      fc.assert(
        fc.property(instances, fc.nat(), (input, pick) => {
          const problem = buildUnlessInfeasible(input);
          if (!problem) return;
          const robot = pick % problem.robotCount;
          const route = servableBy(problem, robot);
          if (route.length < 2) return;
          const outsider = route.pop()!;
          const evaluator = new RouteEvaluator(problem, robot, route);
          const plainOf = (deliveries: number[]) => {
            let total = 0;
            deliveries.forEach(
              (j, k) =>
                (total += legTo(problem, robot, k === 0 ? -1 : deliveries[k - 1], j) + problem.deliveryLength[j]),
            );
            return total;
          };
          expect(evaluator.finishFloor(plainOf(route), route[route.length - 1])).toBeLessThanOrEqual(
            evaluator.finish + 1e-9,
          );
          for (let i = 0; i < route.length; i++) {
            const replaced = route.map((j, k) => (k === i ? outsider : j));
            expect(evaluator.replacementPlain(i, outsider)).toBeCloseTo(plainOf(replaced), 9);
            const exact = evaluateRoute(problem, robot, replaced).finish;
            expect(evaluator.finishFloor(plainOf(replaced), replaced[replaced.length - 1])).toBeLessThanOrEqual(
              exact + 1e-9,
            );
            expect(evaluator.replacementFloor(i, outsider)).toBeLessThanOrEqual(exact + 1e-9);
          }
          for (let k = 1; k < route.length; k++) {
            expect(
              evaluator.plainBefore(k) + legBetween(problem, route[k - 1], route[k]) + evaluator.plainFrom(k),
            ).toBeCloseTo(plainOf(route), 9);
          }
        }),
        { numRuns: 200, seed: 20261125 },
      );
    });
  });
