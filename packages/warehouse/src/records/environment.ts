import { z } from 'zod';
import { dimensionsSchema, pointSchema } from './geometry.ts';
import { SOLVE_PARAMETER_RANGES } from './solve-parameters.ts';
import { optionalDescriptionSchema, recordNameSchema, singleLineTextSchema, timestampsSchema } from './common.ts';

const elementId = singleLineTextSchema(64).pipe(z.string().min(1));
const sizeSchema = z.tuple([z.number().positive().finite(), z.number().positive().finite()]);

export const pickupSideValues = ['top', 'right', 'bottom', 'left'] as const;
export const pickupSideSchema = z.enum(pickupSideValues);

export const shelfSchema = z.object({ id: elementId, position: pointSchema, size: sizeSchema });
export const dropoffSchema = z.object({ id: elementId, position: pointSchema });
export const robotStationSchema = z.object({
  id: elementId,
  position: pointSchema,
  robot_count: z.number().int().min(1).max(10),
  /**
   * The station's charging points (absent: one per drawn robot, `robot_count`). Robots a solve
   * adds beyond the drawing share them; a charger sweep's point overrides it for every station.
   */
  chargers: z
    .number()
    .int()
    .min(SOLVE_PARAMETER_RANGES.chargers.min)
    .max(SOLVE_PARAMETER_RANGES.chargers.max)
    .optional(),
});
export const pickupSchema = z.object({
  id: elementId,
  position: pointSchema,
  shelf_id: elementId,
  side: pickupSideSchema,
});
export const robotSchema = z.object({
  id: elementId,
  station_id: elementId,
  position: pointSchema,
  station_index: z.number().int().min(0),
});
export const navigationPointSchema = z.object({
  id: elementId,
  position: pointSchema,
  shelf_id: elementId.optional(),
});

export const trafficDirectionValues = ['up', 'down', 'left', 'right'] as const;
export type TrafficDirection = (typeof trafficDirectionValues)[number];

/**
 * A one-way aisle: a rectangle of cells (usually one cell wide) where robots may only drive in
 * `direction` along it; they may still enter and leave it sideways.
 */
export const oneWayAisleSchema = z.object({
  id: elementId,
  position: pointSchema,
  size: sizeSchema,
  direction: z.enum(trafficDirectionValues),
});
/** A keep-clear cell (an intersection, say): robots drive through it but never stop on it, and nothing is placed on it. */
export const keepClearCellSchema = z.object({ id: elementId, position: pointSchema });

/** Everything drawn on the grid. Lists default to empty so a sparse layout is still valid. */
export const environmentElementsSchema = z.object({
  shelves: z.array(shelfSchema).default([]),
  dropoffs: z.array(dropoffSchema).default([]),
  robot_stations: z.array(robotStationSchema).default([]),
  pickups: z.array(pickupSchema).default([]),
  robots: z.array(robotSchema).default([]),
  navigation_points: z.array(navigationPointSchema).default([]),
  /** Traffic rules a planner draws (absent: none). The floor honours them: walks, plans and movement. */
  one_way_aisles: z.array(oneWayAisleSchema).optional(),
  keep_clear_cells: z.array(keepClearCellSchema).optional(),
});
export type ElementsRecord = z.infer<typeof environmentElementsSchema>;

export const graphNodeTypeValues = ['pickup', 'dropoff', 'navigation', 'robot', 'robot_station'] as const;

export const graphNodeSchema = z.object({
  id: elementId,
  type: z.enum(graphNodeTypeValues),
  x: z.number().finite(),
  y: z.number().finite(),
  side: pickupSideSchema.optional(),
  shelf_id: elementId.optional(),
});
export type GraphNodeRecord = z.infer<typeof graphNodeSchema>;

export const graphEdgeSchema = z.object({
  from: elementId,
  to: elementId,
  weight: z.number().nonnegative().finite(),
});
export type GraphEdgeRecord = z.infer<typeof graphEdgeSchema>;

export const navigationGraphSchema = z.object({
  nodes: z.array(graphNodeSchema).default([]),
  edges: z.array(graphEdgeSchema).default([]),
});
export type NavigationGraphRecord = z.infer<typeof navigationGraphSchema>;

/** Body of POST /environments. */
export const environmentCreateSchema = z.object({
  name: recordNameSchema,
  description: optionalDescriptionSchema,
  dimensions: dimensionsSchema,
  elements: environmentElementsSchema,
  graph: navigationGraphSchema,
});
export type EnvironmentCreate = z.input<typeof environmentCreateSchema>;

/** One rule an environment breaks (`checkEnvironmentRules`), naming the element and the rule. */
export const environmentProblemSchema = z.object({
  /** Where the element sits, e.g. `elements.shelves.1`. */
  path: z.string(),
  /** The element's id, e.g. `S2`. */
  element: z.string(),
  /** The rule's name, e.g. `shelf-overlap`. */
  rule: z.string(),
  /** The sentence a planner reads, e.g. `Shelf S2 overlaps shelf S1`. */
  message: z.string(),
});
export type EnvironmentProblemRecord = z.infer<typeof environmentProblemSchema>;

/** What is wrong with a stored environment: errors stop its solves, warnings are only shown. */
export const environmentProblemsSchema = z.object({
  errors: z.array(environmentProblemSchema),
  warnings: z.array(environmentProblemSchema),
});
export type EnvironmentProblemsRecord = z.infer<typeof environmentProblemsSchema>;

export const environmentRecordSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  dimensions: dimensionsSchema,
  elements: environmentElementsSchema,
  graph: navigationGraphSchema,
  /**
   * The rules the stored layout breaks, checked on every read (GET /environments/{id} and the
   * answer to POST), so an environment stored before a rule existed still shows its problems.
   */
  problems: environmentProblemsSchema.optional(),
  /**
   * The number of this layout: 1 when the environment is created, one more with each PUT, which
   * keeps the earlier layouts (GET /environments/{id}/versions/{version}).
   */
  version: z.number().int().positive(),
  /** The environment's newest version: `version` itself, unless this is an earlier layout. */
  latest_version: z.number().int().positive(),
  ...timestampsSchema.shape,
});
export type EnvironmentRecord = z.infer<typeof environmentRecordSchema>;

/**
 * An environment as GET /environments lists it: everything but the navigation graph, which
 * can weigh megabytes on a large layout and is only needed on the detail view, and its problems.
 */
export const environmentSummarySchema = environmentRecordSchema.omit({
  graph: true,
  problems: true,
  latest_version: true,
});
export type EnvironmentSummary = z.infer<typeof environmentSummarySchema>;

/**
 * Which layout of its environment a scenario, solve or experiment was made on, and whether a newer
 * one exists: their pages show the layout they ran on and offer the newest.
 */
export const environmentVersionFieldsSchema = z.object({
  /** The environment's version when the record was made: the layout its solves ran or run on. */
  environment_version: z.number().int().positive(),
  /** The environment's newest version now; above `environment_version` once the layout was edited. */
  environment_latest_version: z.number().int().positive(),
});
export type EnvironmentVersionFields = z.infer<typeof environmentVersionFieldsSchema>;

/** The short reference to an environment carried by scenarios and solves. */
export const environmentReferenceSchema = z.object({ id: z.number().int(), name: z.string() });
export type EnvironmentReference = z.infer<typeof environmentReferenceSchema>;
