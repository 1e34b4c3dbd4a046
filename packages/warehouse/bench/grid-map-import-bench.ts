// Importing a large warehouse grid map: parse, shelves, the editable layout (pickup candidates,
// navigation points), the server's rules, the navigation graph, and the POST /environments body.
// `npx tsx packages/warehouse/bench/grid-map-import-bench.ts [FILE.map]` (default: a generated
// 500 x 140 map of the League of Robot Runners' large warehouse's shape).
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import {
  buildNavigationGraph,
  checkEnvironmentRules,
  coverObstacles,
  layoutFromGridMap,
  parseGridMap,
} from '../src/index.ts';
import { largeWarehouseMapText } from './large-warehouse-map.ts';

const file = process.argv[2];
const text = file ? readFileSync(file, 'utf8') : largeWarehouseMapText().text;
const timed = <T>(label: string, run: () => T): T => {
  const started = performance.now();
  const value = run();
  console.log(`${label}: ${(performance.now() - started).toFixed(0)} ms`);
  return value;
};
console.log(`map: ${file ?? 'generated 500 x 140 warehouse'}; load average ${loadavg()[0]?.toFixed(1)}`);
const map = timed('parse', () => parseGridMap(text));
const rectangles = timed('cover obstacles', () => coverObstacles(map));
const layout = timed('layout (pickup candidates, navigation points)', () => layoutFromGridMap(map));
const rules = timed('checkEnvironmentRules', () => checkEnvironmentRules(layout));
const graph = timed('buildNavigationGraph (pruned)', () => buildNavigationGraph(layout.elements));
const body = JSON.stringify({ name: 'map', dimensions: layout.dimensions, elements: layout.elements, graph });
console.log(
  `${map.width} x ${map.height}: ${rectangles.length} shelves, ${layout.pickupCandidates.length} pickup candidates, ` +
    `${layout.elements.navigation_points.length} navigation points, ${graph.edges.length} graph edges, ` +
    `${rules.errors.length} rule errors; POST /environments body ${(body.length / 1024 / 1024).toFixed(2)} MB`,
);
