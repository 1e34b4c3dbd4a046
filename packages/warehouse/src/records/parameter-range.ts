import { z } from 'zod';

/** The values a numeric setting accepts. */
export interface ParameterRange {
  readonly min: number;
  /** The value must be above `min`, not equal to it. */
  readonly aboveMin?: boolean;
  readonly max: number;
  readonly wholeNumber?: boolean;
  /** Step of the form's number input. */
  readonly step?: number;
}

/** A zod number held to a range; `messages` replace zod's texts where an API answer names the rule. */
export function numberInRange(
  range: ParameterRange,
  messages: { wholeNumber?: string; min?: string; max?: string } = {},
): z.ZodNumber {
  let schema = z.number();
  if (range.wholeNumber) schema = schema.int(messages.wholeNumber);
  schema = range.aboveMin ? schema.gt(range.min, messages.min) : schema.min(range.min, messages.min);
  return schema.max(range.max, messages.max);
}
