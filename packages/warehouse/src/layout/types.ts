import type { z } from 'zod';
import type {
  DimensionsRecord,
  dropoffSchema,
  ElementsRecord,
  keepClearCellSchema,
  oneWayAisleSchema,
  GraphEdgeRecord,
  GraphNodeRecord,
  navigationPointSchema,
  NavigationGraphRecord,
  pickupSchema,
  pickupSideSchema,
  PointRecord,
  robotSchema,
  robotStationSchema,
  shelfSchema,
} from '../records/index.ts';

/**
 * The layout vocabulary shared by the editor, the server and the solver. The shapes are the
 * API records of spec §3 (defined once, as zod schemas, in `records/`); these are their names
 * in layout code.
 */
export type Point = PointRecord;
export type Dimensions = DimensionsRecord;
export type Shelf = z.infer<typeof shelfSchema>;
export type Dropoff = z.infer<typeof dropoffSchema>;
export type RobotStation = z.infer<typeof robotStationSchema>;
export type PickupSide = z.infer<typeof pickupSideSchema>;
export type Pickup = z.infer<typeof pickupSchema>;
export type Robot = z.infer<typeof robotSchema>;
export type NavigationPoint = z.infer<typeof navigationPointSchema>;
/** A rectangle of cells robots may only drive along in `direction` (sideways on and off allowed). */
export type OneWayAisle = z.infer<typeof oneWayAisleSchema>;
/** A cell robots drive through but never stop on; no place stands on it. */
export type KeepClearCell = z.infer<typeof keepClearCellSchema>;
/** `pickups` holds the SELECTED pickup points only: the ones saved and turned into graph nodes. */
export type LayoutElements = ElementsRecord;
export type GraphNode = GraphNodeRecord;
export type GraphEdge = GraphEdgeRecord;
export type NavigationGraph = NavigationGraphRecord;

/** An axis-aligned rectangle in grid units: top-left corner and size (y grows downwards). */
export interface Rectangle {
  position: Point;
  size: [number, number];
}

/** A grid cell, addressed by its integer column and row. */
export type Cell = [number, number];

/**
 * What the grid editor works on: the saved elements plus every generated pickup point, so the
 * planner can select among them. `elements.pickups` is always a subset of `pickupCandidates`.
 */
export interface EditableLayout {
  dimensions: Dimensions;
  elements: LayoutElements;
  pickupCandidates: Pickup[];
}

/**
 * The editor's placement rules of spec §5, named so a refusal can say which one it broke:
 * `shelf-size` (width and height above 0), `inside-grid`, `shelf-overlap` (two shelves share
 * area), `on-shelf-cell` (a dropoff, robot station or traffic rule on a cell a shelf covers, or a
 * shelf over one of them); and those of the traffic rules a planner draws: `on-keep-clear-cell`
 * (a place on a keep-clear cell), `one-way-overlap` (one-way aisles running different ways over
 * one cell), `cut-off-by-one-way-aisle` (a one-way aisle that leaves a place no walk to or from
 * the others), `no-one-lane-aisle` (one-way lanes asked for where no one-lane aisle is left
 * two-way); and `occupied-cell` (a dropoff or station on a cell another dropoff or station,
 * or a keep-clear cell on a cell a place, already holds).
 */
export type PlacementRule =
  | 'shelf-size'
  | 'inside-grid'
  | 'shelf-overlap'
  | 'on-shelf-cell'
  | 'on-keep-clear-cell'
  | 'one-way-overlap'
  | 'occupied-cell'
  | 'cut-off-by-one-way-aisle'
  | 'no-one-lane-aisle';

/** A refusal: the rule, the editor's sentence, and the id of the element in the way, if any. */
export interface PlacementRefusal {
  ok: false;
  rule: PlacementRule;
  reason: string;
  blocker?: string;
}

export type PlacementResult = { ok: true } | PlacementRefusal;
