import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { EditResult } from '../src/layout/editing.ts';
import type { Dimensions, EditableLayout, LayoutElements, NavigationGraph, Shelf } from '../src/layout/types.ts';

/** The edited layout, or the test fails with the editor's refusal. */
export function expectOk(result: EditResult): EditableLayout {
  if (!result.ok) throw new Error(`expected the edit to succeed: ${result.reason}`);
  return result.layout;
}

/** A benchmark instance of the solver package: a layout and graph made by the original product. */
export interface BenchmarkEnvironment {
  dimensions: Dimensions;
  elements: LayoutElements;
  graph: NavigationGraph;
}

export const BENCHMARK_INSTANCES = ['s1', 's2', 'm1', 'm2', 'l1', 'xl1'] as const;

export function loadBenchmarkEnvironment(name: (typeof BENCHMARK_INSTANCES)[number]): BenchmarkEnvironment {
  const path = fileURLToPath(new URL(`../../solver/bench/instances/${name}.json`, import.meta.url));
  return JSON.parse(readFileSync(path, 'utf8')).environment as BenchmarkEnvironment;
}

export function shelf(id: string, x: number, y: number, width: number, height: number): Shelf {
  return { id, position: [x, y], size: [width, height] };
}

export function emptyElements(): LayoutElements {
  return { shelves: [], dropoffs: [], robot_stations: [], pickups: [], robots: [], navigation_points: [] };
}
