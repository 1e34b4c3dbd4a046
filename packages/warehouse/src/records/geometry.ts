import { z } from 'zod';

/** A point `[x, y]` in grid units (1 unit = 1 m); cell centres sit on .5. */
export const pointSchema = z.tuple([z.number().finite(), z.number().finite()]);
export type PointRecord = z.infer<typeof pointSchema>;

/** The smallest grid side (spec §9). */
export const GRID_SIDE_MIN = 5;
/**
 * The largest grid side an environment may have. The editor draws grids up to 50 cells a side
 * (spec §9); an imported grid map may be larger, up to the League of Robot Runners' large
 * warehouse map, 500 x 140 cells, the largest warehouse map of the field's benchmarks.
 */
export const GRID_SIDE_MAX = 500;

/** Grid size: each side 5 to 500 cells (5 to 50 drawn in the editor, spec §9; larger from an imported map). */
export const dimensionsSchema = z.object({
  width: z.number().int().min(GRID_SIDE_MIN).max(GRID_SIDE_MAX),
  height: z.number().int().min(GRID_SIDE_MIN).max(GRID_SIDE_MAX),
});
export type DimensionsRecord = z.infer<typeof dimensionsSchema>;
