/**
 * Navigation graph benchmark: builds dense 50x50 layouts with every pickup point selected and
 * prints node count, edge count, build time (median of several runs) and saved JSON size, for
 * the pruned graph (what the product stores) and the full rule set.
 * Run: npm run bench -w @fleetlab/warehouse
 */
import { buildNavigationGraph, type BuildNavigationGraphOptions } from '../src/graph/build-navigation-graph.ts';
import { BENCH_LAYOUTS, denseWarehouse } from './dense-layouts.ts';

const RUNS = 7;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function measure(elements: Parameters<typeof buildNavigationGraph>[0], options: BuildNavigationGraphOptions) {
  const times: number[] = [];
  let graph = buildNavigationGraph(elements, options);
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    graph = buildNavigationGraph(elements, options);
    times.push(performance.now() - started);
  }
  const bytes = Buffer.byteLength(JSON.stringify(graph));
  return { nodes: graph.nodes.length, edges: graph.edges.length, ms: median(times), mb: bytes / 1e6 };
}

console.log(`navigation graph, 50x50 grid, every pickup selected, median of ${RUNS} runs (Node ${process.version})`);
console.log(['layout'.padEnd(22), 'shelves', 'pickups', 'nodes', 'mode  ', 'edges', 'build ms', 'JSON MB'].join('  '));
for (const { name, options } of BENCH_LAYOUTS) {
  const layout = denseWarehouse(options);
  for (const mode of ['pruned', 'full'] as const) {
    const result = measure(layout.elements, { edges: mode });
    console.log(
      [
        name.padEnd(22),
        String(layout.elements.shelves.length).padStart(7),
        String(layout.elements.pickups.length).padStart(7),
        String(result.nodes).padStart(5),
        mode.padEnd(6),
        String(result.edges).padStart(6),
        result.ms.toFixed(0).padStart(8),
        result.mb.toFixed(2).padStart(7),
      ].join('  '),
    );
  }
}
