import { describe, expect, it } from 'vitest';
import { ALGORITHMS, edgeEndPosition, type PlanResultsRecord } from '@fleetlab/warehouse';
import { buildProblem, checkPlan, solve, type ProblemInput } from '../../src/index.ts';
import { loadInstance } from '../helpers.ts';

type StoredGraph = NonNullable<ProblemInput['environment']['graph']>;
interface Shelf {
  id: string;
  position: [number, number];
  size: [number, number];
}

const INSTANCES = ['s1', 's2', 'm1', 'm2', 'l1', 'xl1'];

/**
 * Whether the segment a-b passes through the inside of the rectangle (Liang-Barsky clipping
 * against the rectangle shrunk by a hair: a pickup stands on its shelf's border, and a segment
 * that only touches a border or a corner does not drive through the shelf).
 */
function entersShelf(a: readonly number[], b: readonly number[], shelf: Shelf): boolean {
  const inset = 1e-6;
  const left = shelf.position[0] + inset;
  const top = shelf.position[1] + inset;
  const right = shelf.position[0] + shelf.size[0] - inset;
  const bottom = shelf.position[1] + shelf.size[1] - inset;
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  let enter = 0;
  let leave = 1;
  for (const [p, q] of [
    [-dx, a[0] - left],
    [dx, right - a[0]],
    [-dy, a[1] - top],
    [dy, bottom - a[1]],
  ]) {
    if (p === 0) {
      if (q < 0) return false;
      continue;
    }
    const t = q / p;
    if (p < 0) enter = Math.max(enter, t);
    else leave = Math.min(leave, t);
    if (enter > leave) return false;
  }
  return enter < leave;
}

/** Every hop of every step that is not an edge of the stored graph, or that passes through a shelf. */
function offGraphHops(results: PlanResultsRecord, graph: StoredGraph, shelves: Shelf[]): string[] {
  const nodes = new Map(graph.nodes.map((node) => [node.id, node]));
  const edges = new Set(graph.edges.map((edge) => `${edge.from}\u0000${edge.to}`));
  const problems: string[] = [];
  for (const [robot, steps] of Object.entries(results)) {
    steps.forEach((step, index) => {
      for (let k = 1; k < step.path.length; k++) {
        const from = step.path[k - 1];
        const to = step.path[k];
        const where = `${robot} step ${index + 1}: ${from} -> ${to}`;
        if (!edges.has(`${from}\u0000${to}`)) problems.push(`${where} is not an edge`);
        const a = edgeEndPosition(nodes.get(from) as Parameters<typeof edgeEndPosition>[0]);
        const b = edgeEndPosition(nodes.get(to) as Parameters<typeof edgeEndPosition>[0]);
        const shelf = shelves.find((candidate) => entersShelf(a, b, candidate));
        if (shelf) problems.push(`${where} crosses shelf ${shelf.id}`);
      }
    });
  }
  return problems;
}

describe('plan paths on the stored graph', () => {
  it('the clipping test sees a segment through a shelf and lets one along its border pass', () => {
    const shelf: Shelf = { id: 'S1', position: [2, 2], size: [2, 4] };
    expect(entersShelf([1, 3], [5, 3], shelf)).toBe(true);
    expect(entersShelf([2, 1], [2, 7], shelf)).toBe(false);
    expect(entersShelf([1, 1], [5, 1], shelf)).toBe(false);
    expect(entersShelf([1, 1], [4, 6.9], shelf)).toBe(true);
  });

  it('a floor plan lists the graph nodes along each leg, with the floor figures', () => {
    const instance = loadInstance('s1');
    const problem = buildProblem(instance);
    const { results, stats } = solve(problem, { algorithm: 'greedy_distance' });
    const steps = Object.values(results).flat();
    // The legs pass navigation points, which are no places of the floor model...
    expect(steps.some((step) => step.path.some((id) => id.startsWith('N')))).toBe(true);
    // ...and the figures are the floor walk's, as with the places alone.
    const placesOnly = buildProblem({ ...instance, environment: { ...instance.environment, graph: undefined } });
    const plain = solve(placesOnly, { algorithm: 'greedy_distance' });
    expect(stats.total_distance_m).toBe(plain.stats.total_distance_m);
    expect(stats.makespan_s).toBe(plain.stats.makespan_s);
    expect(
      Object.values(plain.results)
        .flat()
        .map((step) => step.odometer_m),
    ).toEqual(steps.map((step) => step.odometer_m));
  });

  for (const id of INSTANCES) {
    it(`${id}: every algorithm's steps hop along edges of the stored graph and never through a shelf`, () => {
      const instance = loadInstance(id);
      const graph = instance.environment.graph as StoredGraph;
      const shelves = (instance.environment.elements as { shelves: Shelf[] }).shelves;
      const problem = buildProblem(instance);
      for (const algorithm of ALGORITHMS) {
        // Short, capped searches: the paths are drawn the same way whatever the search found.
        const { results } = solve(problem, { algorithm: algorithm.name, timeLimitS: 0.2, maxIterations: 50 });
        expect(checkPlan(problem, results).errors).toEqual([]);
        expect({ algorithm: algorithm.name, problems: offGraphHops(results, graph, shelves) }).toEqual({
          algorithm: algorithm.name,
          problems: [],
        });
      }
    });
  }
});
