import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { solveRectangularAssignment } from '../../src/assignment/dense-assignment.ts';
import {
  solveTransportation,
  type TransportationProblem,
  type TransportationSolution,
} from '../../src/assignment/transportation.ts';

/** A problem from a full cost table (Infinity: no arc). */
function fromTable(supplies: number[], capacities: number[], costs: number[][]): TransportationProblem {
  const arcStart = [0];
  const arcColumn: number[] = [];
  const arcCost: number[] = [];
  costs.forEach((row) => {
    row.forEach((cost, column) => {
      if (cost === Infinity) return;
      arcColumn.push(column);
      arcCost.push(cost);
    });
    arcStart.push(arcColumn.length);
  });
  return {
    supplies: Int32Array.from(supplies),
    capacities: Int32Array.from(capacities),
    arcStart: Int32Array.from(arcStart),
    arcColumn: Int32Array.from(arcColumn),
    arcCost: Float64Array.from(arcCost),
  };
}

/** The optimum by the Hungarian method on the unit expansion (a row per unit of supply, a column per unit of capacity). */
function expandedOptimum(supplies: number[], capacities: number[], costs: number[][]): number {
  const rowOf = supplies.flatMap((supply, q) => Array<number>(supply).fill(q));
  const columnOf = capacities.flatMap((capacity, p) => Array<number>(capacity).fill(p));
  const cost = (i: number, j: number) => costs[rowOf[i]][columnOf[j]];
  const assigned = solveRectangularAssignment(rowOf.length, columnOf.length, cost);
  return rowOf.reduce((total, _, i) => total + cost(i, assigned[i]), 0);
}

/** Prices feasible on every arc, never above 0 for columns, and worth the optimum (strong duality). */
function expectOptimalPrices(
  supplies: number[],
  capacities: number[],
  costs: number[][],
  solution: TransportationSolution,
): void {
  let dual = 0;
  supplies.forEach((supply, q) => (dual += supply * solution.rowPrices[q]));
  capacities.forEach((capacity, p) => (dual += capacity * solution.columnPrices[p]));
  expect(dual).toBeCloseTo(solution.cost, 9);
  costs.forEach((row, q) =>
    row.forEach((cost, p) => expect(solution.rowPrices[q] + solution.columnPrices[p]).toBeLessThanOrEqual(cost + 1e-9)),
  );
  for (const price of solution.columnPrices) expect(price).toBeLessThanOrEqual(0);
}

describe('solveTransportation', () => {
  it('a hand-worked instance: flow, cost and the unique optimal prices', () => {
    // A (2 units) and B (1 unit) to X (room for 1) and Y (room for 3).
    //        X  Y
    //   A    1  4
    //   B    2  3
    // X takes one unit, from A (1) rather than B (2): A -> X, A -> Y, B -> Y = 1 + 4 + 3 = 8
    // (B -> X and A -> Y twice would cost 10). Y keeps a free unit, so its price is 0; then the
    // used arcs fix u_A = 4 (A -> Y), w_X = 1 - 4 = -3, u_B = 3. B -> X: 3 - 3 = 0 <= 2.
    // Dual: 2 * 4 + 1 * 3 + 1 * (-3) + 3 * 0 = 8.
    const solution = solveTransportation(
      fromTable(
        [2, 1],
        [1, 3],
        [
          [1, 4],
          [2, 3],
        ],
      ),
    );
    expect(Array.from(solution.flow)).toEqual([1, 1, 0, 1]);
    expect(solution.cost).toBe(8);
    expect(Array.from(solution.rowPrices)).toEqual([4, 3]);
    expect(Array.from(solution.columnPrices)).toEqual([-3, 0]);
  });

  it('finds the optimum and optimal prices of random small problems, cold and warm-started (checked on the unit expansion)', () => {
    const problemArbitrary = fc
      .record({ rows: fc.integer({ min: 1, max: 4 }), columns: fc.integer({ min: 1, max: 4 }) })
      .chain(({ rows, columns }) =>
        fc.record({
          supplies: fc.array(fc.integer({ min: 1, max: 3 }), { minLength: rows, maxLength: rows }),
          capacities: fc.array(fc.integer({ min: 0, max: 4 }), { minLength: columns, maxLength: columns }),
          costs: fc.array(
            fc.array(fc.oneof(fc.integer({ min: 0, max: 9 }), fc.constant(Infinity)), {
              minLength: columns,
              maxLength: columns,
            }),
            {
              minLength: rows,
              maxLength: rows,
            },
          ),
        }),
      );
    let solved = 0;
    fc.assert(
      fc.property(problemArbitrary, ({ supplies, capacities, costs }) => {
        // An overflow column (first) at a cost no rearrangement can beat keeps every problem feasible.
        const overflow = 10 * (supplies.length + capacities.length + 1);
        const total = supplies.reduce((sum, supply) => sum + supply, 0);
        const table = costs.map((row) => [overflow, ...row]);
        const room = [total, ...capacities];
        const problem = fromTable(supplies, room, table);
        const solution = solveTransportation(problem);
        expect(solution.cost).toBe(expandedOptimum(supplies, room, table));
        expectOptimalPrices(supplies, room, table, solution);
        // The flow moves every unit and respects every capacity.
        const used = new Array<number>(room.length).fill(0);
        supplies.forEach((supply, q) => {
          let sent = 0;
          for (let a = problem.arcStart[q]; a < problem.arcStart[q + 1]; a++) {
            sent += solution.flow[a];
            used[problem.arcColumn[a]] += solution.flow[a];
          }
          expect(sent).toBe(supply);
        });
        used.forEach((units, p) => expect(units).toBeLessThanOrEqual(room[p]));

        // Warm start: first only the overflow and each row's first other arc (a prefix of its
        // arcs), then all arcs from that solution.
        const narrow = table.map((row) => {
          const first = row.findIndex((cost, p) => p > 0 && cost < Infinity);
          return row.map((cost, p) => (p === 0 || p === first ? cost : Infinity));
        });
        const narrowProblem = fromTable(supplies, room, narrow);
        const warm = solveTransportation(problem, undefined, {
          problem: narrowProblem,
          solution: solveTransportation(narrowProblem),
        });
        expect(warm.cost).toBe(solution.cost);
        expectOptimalPrices(supplies, room, table, warm);
        solved++;
      }),
      { numRuns: 300, seed: 7 },
    );
    expect(solved).toBe(300);
  });
});
