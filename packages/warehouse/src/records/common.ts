import { z } from 'zod';

/** Every stored record carries its creation and last-update time as ISO 8601 strings. */
export const timestampsSchema = z.object({
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});

/**
 * Control characters (C0, DEL, C1) have no place in text a planner reads: they corrupt every
 * screen the text is shown on, and NUL cannot be stored at all. Tab and line breaks are allowed
 * only where text may span lines (descriptions).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: this pattern exists to find control characters
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: this pattern exists to find control characters
const CONTROL_CHARACTER_BUT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
export const NO_CONTROL_CHARACTERS = 'must not contain control characters';

/** One line of text: an id, a name, a label; `max` characters at most. */
export const singleLineTextSchema = (max: number) =>
  z
    .string()
    .max(max)
    .refine((text) => !CONTROL_CHARACTER.test(text), NO_CONTROL_CHARACTERS);

/** A record's display name: trimmed, never empty. */
export const recordNameSchema = z
  .string()
  .trim()
  .min(1, 'Name is required')
  .max(200)
  .refine((text) => !CONTROL_CHARACTER.test(text), NO_CONTROL_CHARACTERS);

/** Text that may span lines: tab and line breaks allowed, other control characters not. */
export const multiLineTextSchema = (max: number) =>
  z
    .string()
    .max(max)
    .refine((text) => !CONTROL_CHARACTER_BUT_LINE_BREAKS.test(text), NO_CONTROL_CHARACTERS);

/** Descriptions are optional; absent, null and missing all store as null. */
export const optionalDescriptionSchema = multiLineTextSchema(5000)
  .nullish()
  .transform((value) => value ?? null);

/** Record ids are positive integers. */
export const recordIdSchema = z.number().int().positive();

/** Record ids are stored as 32-bit integers: no reference can be larger. */
export const MAX_RECORD_ID = 2_147_483_647;

/** A reference to another record in a body or query: a positive integer, numeric strings accepted. */
export const recordReferenceSchema = z.preprocess(
  (value) => (typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value),
  z.number().int().positive().max(MAX_RECORD_ID, `must be a record id (at most ${MAX_RECORD_ID})`),
);
