import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PlanResults, PlanStep, ProblemInput } from '../src/index.ts';

const here = dirname(fileURLToPath(import.meta.url));

export const packageRoot = join(here, '..');

export function loadFixture(name: string): ProblemInput & { id: string } {
  return JSON.parse(readFileSync(join(here, 'fixtures', `${name}.json`), 'utf8'));
}

export function loadInstance(id: string): ProblemInput & { id: string; lower_bound: { makespan_lb_s: number; makespan_lb_nobattery_s: number; distance_lb_m: number } } {
  return JSON.parse(readFileSync(join(packageRoot, 'bench', 'instances', `${id}.json`), 'utf8'));
}

/** A tiny environment from node and edge lists; edges are stored both ways as in the spec. */
export function makeEnvironment(spec: {
  nodes: [id: string, type: string, x: number, y: number][];
  edges: [from: string, to: string, weight: number][];
  robots: [id: string, stationId: string][];
}): ProblemInput['environment'] {
  return {
    elements: {
      robots: spec.robots.map(([id, station_id], index) => ({ id, station_id, position: [0, 0] as [number, number], station_index: index })),
    },
    graph: {
      nodes: spec.nodes.map(([id, type, x, y]) => ({ id, type, x, y })),
      edges: spec.edges.flatMap(([from, to, weight]) => [
        { from, to, weight },
        { from: to, to: from, weight },
      ]),
    },
  };
}

/** Robot step lists of a result, without the stats key. */
export function robotSteps(results: PlanResults): Record<string, PlanStep[]> {
  const steps: Record<string, PlanStep[]> = {};
  for (const [key, value] of Object.entries(results)) if (key !== 'stats') steps[key] = value as PlanStep[];
  return steps;
}

export function summary(steps: PlanStep[]): string[] {
  return steps.map((step) => (typeof step.task === 'string' ? `${step.task}@${step.path[step.path.length - 1]}` : step.task.join('>')));
}
