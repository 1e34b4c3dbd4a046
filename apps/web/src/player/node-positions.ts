// Where every id a plan path can name sits on the grid. Graph nodes are authoritative;
// element positions fill in ids a graph lacks (older records, robots without a node).

import type { Position } from './robot-state.ts';

interface PositionedElement {
  readonly id: string;
  readonly position: readonly number[];
}

export interface PositionedEnvironment {
  readonly elements?: {
    readonly shelves?: readonly unknown[];
    readonly dropoffs?: readonly PositionedElement[];
    readonly robot_stations?: readonly PositionedElement[];
    readonly pickups?: readonly PositionedElement[];
    readonly robots?: readonly PositionedElement[];
    readonly navigation_points?: readonly PositionedElement[];
  } | null;
  readonly graph?: {
    readonly nodes?: readonly { readonly id: string; readonly x: number; readonly y: number }[];
  } | null;
}

export function nodePositionsOf(environment: PositionedEnvironment): Map<string, Position> {
  const positions = new Map<string, Position>();
  const elements = environment.elements;
  const groups = [
    elements?.robot_stations,
    elements?.dropoffs,
    elements?.pickups,
    elements?.navigation_points,
    elements?.robots,
  ];
  for (const group of groups) {
    for (const element of group ?? []) {
      const [x, y] = element.position;
      if (Number.isFinite(x) && Number.isFinite(y)) positions.set(element.id, { x, y });
    }
  }
  for (const node of environment.graph?.nodes ?? []) {
    if (Number.isFinite(node.x) && Number.isFinite(node.y)) positions.set(node.id, { x: node.x, y: node.y });
  }
  return positions;
}
