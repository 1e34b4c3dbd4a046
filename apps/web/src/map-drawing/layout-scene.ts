// The shape the canvas reads. It is deliberately structural (read-only arrays, optional
// graph) so both the editor's working layout and an environment record fetched from the
// API can be drawn without conversion; the authoritative record types live in
// @fleetlab/warehouse.

export type GridPosition = readonly number[];

export interface SceneDimensions {
  readonly width: number;
  readonly height: number;
}

export interface SceneShelf {
  readonly id: string;
  readonly position: GridPosition;
  readonly size: GridPosition;
}

export interface ScenePoint {
  readonly id: string;
  readonly position: GridPosition;
}

export interface SceneRobotStation extends ScenePoint {
  readonly robot_count?: number;
}

export interface SceneRobot extends ScenePoint {
  readonly station_id?: string;
  readonly station_index?: number;
}

/** A rectangle of cells robots drive along in one direction only (`up`, `down`, `left`, `right`). */
export interface SceneOneWayAisle {
  readonly id: string;
  readonly position: GridPosition;
  readonly size: GridPosition;
  readonly direction: string;
}

export interface SceneElements {
  readonly shelves: readonly SceneShelf[];
  readonly dropoffs: readonly ScenePoint[];
  readonly robot_stations: readonly SceneRobotStation[];
  readonly pickups: readonly ScenePoint[];
  readonly robots: readonly SceneRobot[];
  readonly navigation_points: readonly ScenePoint[];
  /** Traffic rules a planner draws; absent on layouts without them. */
  readonly one_way_aisles?: readonly SceneOneWayAisle[];
  readonly keep_clear_cells?: readonly ScenePoint[];
}

export interface SceneGraphNode {
  readonly id: string;
  readonly x: number;
  readonly y: number;
}

export interface SceneGraphEdge {
  readonly from: string;
  readonly to: string;
}

export interface SceneGraph {
  readonly nodes: readonly SceneGraphNode[];
  readonly edges: readonly SceneGraphEdge[];
}

export interface LayoutScene {
  readonly dimensions: SceneDimensions;
  readonly elements: SceneElements;
  readonly graph?: SceneGraph | null;
}

const EMPTY_ELEMENTS: SceneElements = {
  shelves: [],
  dropoffs: [],
  robot_stations: [],
  pickups: [],
  robots: [],
  navigation_points: [],
  one_way_aisles: [],
  keep_clear_cells: [],
};

/** Input accepted from the API, where older records may miss element lists. */
export interface LooseEnvironmentShape {
  readonly dimensions?: Partial<SceneDimensions> | null;
  readonly elements?: Partial<SceneElements> | null;
  readonly graph?: Partial<SceneGraph> | null;
}

/** Fills missing lists so the renderer never has to guard against absent arrays. */
export function toLayoutScene(environment: LooseEnvironmentShape): LayoutScene {
  const elements = environment.elements ?? {};
  return {
    dimensions: {
      width: environment.dimensions?.width ?? 10,
      height: environment.dimensions?.height ?? 10,
    },
    elements: {
      shelves: elements.shelves ?? EMPTY_ELEMENTS.shelves,
      dropoffs: elements.dropoffs ?? EMPTY_ELEMENTS.dropoffs,
      robot_stations: elements.robot_stations ?? EMPTY_ELEMENTS.robot_stations,
      pickups: elements.pickups ?? EMPTY_ELEMENTS.pickups,
      robots: elements.robots ?? EMPTY_ELEMENTS.robots,
      navigation_points: elements.navigation_points ?? EMPTY_ELEMENTS.navigation_points,
      one_way_aisles: elements.one_way_aisles ?? EMPTY_ELEMENTS.one_way_aisles,
      keep_clear_cells: elements.keep_clear_cells ?? EMPTY_ELEMENTS.keep_clear_cells,
    },
    graph: environment.graph ? { nodes: environment.graph.nodes ?? [], edges: environment.graph.edges ?? [] } : null,
  };
}
