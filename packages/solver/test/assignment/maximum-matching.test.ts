import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maximumMatching } from '../../src/assignment/maximum-matching.ts';

function graph(n: number, edges: [number, number][]): number[][] {
  const neighbours: number[][] = Array.from({ length: n }, () => []);
  for (const [a, b] of edges) {
    neighbours[a].push(b);
    neighbours[b].push(a);
  }
  return neighbours;
}

const size = (mate: Int32Array) => mate.reduce((count, other, v) => count + (other > v ? 1 : 0), 0);

/** The largest matching by trying every subset of edges (small graphs only). */
function bruteForce(n: number, edges: [number, number][]): number {
  let best = 0;
  for (let mask = 0; mask < 1 << edges.length; mask++) {
    const used = new Uint8Array(n);
    let count = 0;
    let ok = true;
    for (let e = 0; e < edges.length && ok; e++) {
      if (!(mask & (1 << e))) continue;
      const [a, b] = edges[e];
      if (used[a] || used[b]) ok = false;
      used[a] = used[b] = 1;
      count++;
    }
    if (ok) best = Math.max(best, count);
  }
  return best;
}

describe('maximumMatching (Edmonds blossom)', () => {
  it('needs a blossom: a triangle 0-1-2 with a tail 2-3-4-5 matches 0-1, 2-3, 4-5', () => {
    // Grown from 3 first, plain alternating paths would stop at two edges; contracting the
    // triangle lets the search reach 0 and 1 through 2.
    const mate = maximumMatching(
      graph(6, [
        [0, 1],
        [1, 2],
        [2, 0],
        [2, 3],
        [3, 4],
        [4, 5],
      ]),
    );
    expect(size(mate)).toBe(3);
    expect(Array.from(mate)).toEqual([1, 0, 3, 2, 5, 4]);
  });

  it('finds as many pairs as brute force on random graphs, every pair an edge, each vertex once', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 9 })
          .chain((n) =>
            fc.tuple(fc.constant(n), fc.uniqueArray(fc.tuple(fc.nat(n - 1), fc.nat(n - 1)), { maxLength: 14 })),
          ),
        ([n, raw]) => {
          const seen = new Set<string>();
          const edges = raw
            .filter(([a, b]) => a !== b)
            .map(([a, b]): [number, number] => (a < b ? [a, b] : [b, a]))
            .filter(([a, b]) => {
              const key = `${a},${b}`;
              if (seen.has(key)) return false;
              seen.add(key);
              return true;
            });
          const mate = maximumMatching(graph(n, edges));
          mate.forEach((other, v) => {
            if (other < 0) return;
            expect(mate[other]).toBe(v);
            expect(seen.has(v < other ? `${v},${other}` : `${other},${v}`)).toBe(true);
          });
          expect(size(mate)).toBe(bruteForce(n, edges));
        },
      ),
      { numRuns: 300, seed: 27 },
    );
  });
});
