import { z } from 'zod';

/** Every stored record carries its creation and last-update time as ISO 8601 strings. */
export const timestampsSchema = z.object({
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});

/** A record's display name: trimmed, never empty. */
export const recordNameSchema = z.string().trim().min(1, 'Name is required').max(200);

/** Descriptions are optional; absent, null and missing all store as null. */
export const optionalDescriptionSchema = z
  .string()
  .max(5000)
  .nullish()
  .transform((value) => value ?? null);

/** Record ids are positive integers. */
export const recordIdSchema = z.number().int().positive();

/** A reference to another record in a body or query: a positive integer, numeric strings accepted. */
export const recordReferenceSchema = z.preprocess(
  (value) => (typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value),
  z.number().int().positive(),
);
