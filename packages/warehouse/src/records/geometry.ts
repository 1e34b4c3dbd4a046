import { z } from 'zod';

/** A point `[x, y]` in grid units (1 unit = 1 m); cell centres sit on .5. */
export const pointSchema = z.tuple([z.number().finite(), z.number().finite()]);
export type PointRecord = z.infer<typeof pointSchema>;

/** Grid size: each side 5 to 50 cells (spec §9). */
export const dimensionsSchema = z.object({
  width: z.number().int().min(5).max(50),
  height: z.number().int().min(5).max(50),
});
export type DimensionsRecord = z.infer<typeof dimensionsSchema>;
