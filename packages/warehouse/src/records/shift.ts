import { z } from 'zod';
import { activityKindValues } from './execution.ts';
import { numberInRange } from './parameter-range.ts';

/**
 * How a shift hands released orders to robots: `reoptimise` re-plans the open orders with the
 * solve's algorithm every few seconds of shift time (new orders in between go where they finish
 * soonest); `nearest_idle` gives each order to the nearest idle robot with the charge for it, the
 * baseline most fleets start from.
 */
export const dispatchPolicyValues = ['reoptimise', 'nearest_idle'] as const;
export type DispatchPolicy = (typeof dispatchPolicyValues)[number];

export const DISPATCH_POLICIES: readonly { name: DispatchPolicy; label: string; hint: string }[] = [
  {
    name: 'reoptimise',
    label: 'Re-optimise',
    hint: 'Every few minutes of the shift the chosen algorithm re-plans the open orders over the robots where they are, from the running plan.',
  },
  {
    name: 'nearest_idle',
    label: 'Nearest idle robot',
    hint: 'Each order goes to the nearest idle robot with the charge for it; orders wait while no robot is idle.',
  },
];

/** The ranges of a shift's settings. */
export const SHIFT_RANGES = {
  hours: { min: 0.25, max: 24 },
  orders_per_hour: { min: 1, max: 20_000 },
  reoptimise_every_s: { min: 10, max: 3600 },
} as const;

/** What an absent shift setting means. */
export const SHIFT_DEFAULTS = {
  dispatch: 'reoptimise' as DispatchPolicy,
  reoptimise_every_s: 60,
  seed: 1,
};

const rate = z
  .number()
  .finite()
  .min(0, 'an hourly rate cannot be negative')
  .max(SHIFT_RANGES.orders_per_hour.max, `an hourly rate is at most ${SHIFT_RANGES.orders_per_hour.max} orders`);

/** A shift setting held to its range, the answer naming the field and the bound. */
function rangeOf(field: 'orders_per_hour' | 'reoptimise_every_s'): z.ZodNumber {
  const range = SHIFT_RANGES[field];
  return numberInRange(range, {
    min: `${field} must be at least ${range.min}`,
    max: `${field} must be at most ${range.max}`,
  });
}

const shiftSettingsObject = z
  .object({
    hours: numberInRange(SHIFT_RANGES.hours, {
      min: `a shift lasts at least ${SHIFT_RANGES.hours.min} h`,
      max: `a shift lasts at most ${SHIFT_RANGES.hours.max} h`,
    }),
    orders_per_hour: rangeOf('orders_per_hour').optional(),
    profile: z.array(rate).min(1).max(24, 'a profile holds at most 24 hourly rates').optional(),
    seed: z
      .number()
      .int()
      .min(0)
      .max(2 ** 31 - 1)
      .optional(),
    dispatch: z
      .enum(dispatchPolicyValues, { message: `dispatch must be one of ${dispatchPolicyValues.join(', ')}` })
      .optional(),
    reoptimise_every_s: rangeOf('reoptimise_every_s').optional(),
  })
  .strict();
type ShiftSettings = z.infer<typeof shiftSettingsObject>;

/** The message of a shift that names no rate: `orders_per_hour` or a `profile` is needed. */
export const SHIFT_NEEDS_A_RATE = 'a shift needs orders_per_hour or an hourly profile';

/** Whether a shift names how fast its orders come: a rate or an hourly profile. */
export function shiftHasRate(shift: Pick<ShiftSettings, 'orders_per_hour' | 'profile'>): boolean {
  return shift.orders_per_hour !== undefined || shift.profile !== undefined;
}

function checkProfile(shift: ShiftSettings, context: z.RefinementCtx): void {
  if (shift.profile?.every((hourly) => hourly === 0)) {
    context.addIssue({ code: 'custom', path: ['profile'], message: 'a profile needs orders in at least one hour' });
  }
  if (shift.profile !== undefined && shift.profile.length !== Math.ceil(shift.hours)) {
    context.addIssue({
      code: 'custom',
      path: ['profile'],
      message: `the profile needs one rate per started hour of the shift: ${Math.ceil(shift.hours)} for ${shift.hours} h, got ${shift.profile.length}`,
    });
  }
}

/**
 * `parameters.shift` of a solve: orders released over `hours` (a Poisson stream, seeded), each
 * drawing its pickup and dropoff from the task's pairs, at `orders_per_hour` or, with a
 * `profile`, at the rate of each hour in turn (one rate per started hour). A task whose pairs
 * carry `release_s` times releases them exactly then instead.
 */
export const shiftParametersSchema = shiftSettingsObject.superRefine((shift, context) => {
  if (!shiftHasRate(shift))
    context.addIssue({ code: 'custom', path: ['orders_per_hour'], message: SHIFT_NEEDS_A_RATE });
  checkProfile(shift, context);
});

/**
 * `parameters.shift` of an experiment: as a solve's, but the rate may be left out, since a rate
 * sweep's points each set their own (`experimentCreateSchema` asks for it in the other kinds).
 */
export const experimentShiftParametersSchema = shiftSettingsObject.superRefine(checkProfile);
export type ShiftParametersRecord = z.infer<typeof shiftParametersSchema>;

/**
 * The orders per hour a shift asks for on average: its `orders_per_hour`, or with a `profile`
 * (which the order stream follows instead) each hour's rate weighted by the part of that hour the
 * shift lasts. What a sweep's point names as its rate; the released orders are `stats.shift`'s.
 */
export function plannedOrdersPerHour(
  shift: Pick<ShiftParametersRecord, 'hours' | 'orders_per_hour' | 'profile'>,
): number {
  if (shift.profile === undefined) return shift.orders_per_hour ?? 0;
  const orders = shift.profile.reduce((sum, hourly, hour) => sum + hourly * Math.min(1, shift.hours - hour), 0);
  return orders / shift.hours;
}

/**
 * Shares of time, per activity kind (`activityKindValues`), adding up to 1. `stopped` and
 * `dock_queued` came later: a shift stored before them reads 0.
 */
export const activitySharesSchema = z.object({
  ...(Object.fromEntries(activityKindValues.map((kind) => [kind, z.number()])) as Record<
    Exclude<(typeof activityKindValues)[number], 'stopped' | 'dock_queued'>,
    z.ZodNumber
  >),
  stopped: z.number().default(0),
  dock_queued: z.number().default(0),
});
export type ActivitySharesRecord = z.infer<typeof activitySharesSchema>;

/**
 * A shift of robots with a model other than point, as its dispatcher saw it: it hands out orders
 * on the clock of its discrete run (robots at the model's top speed, keeping to the order it
 * planned through every cell), where robots are never late; the robots' real motion falls behind
 * that, and the dispatcher does not learn by how much.
 */
export const shiftDispatcherViewSchema = z.object({
  delivered: z.number().int(),
  throughput_per_h: z.number(),
  cycle_p50_s: z.number().nullable(),
  cycle_p95_s: z.number().nullable(),
  backlog_end: z.number().int(),
  backlog_trend: z.enum(['stable', 'growing']),
});
export type ShiftDispatcherViewRecord = z.infer<typeof shiftDispatcherViewSchema>;

/** The figures of a shift: `stats.shift` of a shift solve. Times in seconds from the shift's start. */
export const shiftStatsSchema = z.object({
  hours: z.number(),
  dispatch: z.enum(dispatchPolicyValues),
  /** Orders released per hour over the shift. */
  orders_per_hour: z.number(),
  released: z.number().int(),
  delivered: z.number().int(),
  /** Deliveries per hour after the first (warm-up) hour; over the whole shift when it is an hour or less. */
  throughput_per_h: z.number(),
  /** Release to dropoff, over the orders delivered (null when none was). */
  cycle_p50_s: z.number().nullable(),
  cycle_p95_s: z.number().nullable(),
  cycle_max_s: z.number().nullable(),
  /** Orders released and not yet delivered: the most at any time, and at the end. */
  backlog_max: z.number().int(),
  backlog_end: z.number().int(),
  /** `growing` when the backlog rises through the shift's second half by more than its noise; else `stable`. */
  backlog_trend: z.enum(['stable', 'growing']),
  /** Per started hour: orders released and delivered in it, and the backlog at its end. */
  by_hour: z.array(
    z.object({
      hour: z.number().int(),
      released: z.number().int(),
      delivered: z.number().int(),
      backlog_end: z.number().int(),
    }),
  ),
  /** Cycle times of the delivered orders in bins of `bin_s`: counts[k] holds [k * bin_s, (k + 1) * bin_s). */
  cycle_histogram: z.object({ bin_s: z.number(), counts: z.array(z.number().int()) }),
  /** Share of the shift each robot, and the fleet in all, spends on each activity. */
  utilisation: z.object({ total: activitySharesSchema, robots: z.record(z.string(), activitySharesSchema) }),
  /** Share of robot time not idle, in percent. */
  utilisation_pct: z.number(),
  /** 95th percentile of the wait for a free charger over the shift's charges (0 when none waited or none charged). */
  charger_queue_p95_s: z.number(),
  /** Battery (percent of a full charge) and metres driven per delivered order. */
  energy_per_order_pct: z.number().nullable(),
  distance_per_order_m: z.number().nullable(),
  /** Re-plans the dispatcher made (reoptimise). */
  replans: z.number().int(),
  /** With a robot model other than point: the same figures as the dispatcher saw them (absent: it saw the robots' own). */
  dispatcher_view: shiftDispatcherViewSchema.optional(),
});
export type ShiftStatsRecord = z.infer<typeof shiftStatsSchema>;

/**
 * Whether robots with a model fell behind their dispatcher: the backlog grew on the floor while
 * the dispatcher, on its own clock (`dispatcher_view`), saw it stable. Only then are the robots'
 * figures a pessimistic estimate of the fleet; slower cycles alone are their real motion.
 */
export function fellBehindDispatcher(
  shift: Pick<ShiftStatsRecord, 'backlog_trend' | 'dispatcher_view'> | null | undefined,
): boolean {
  return shift?.backlog_trend === 'growing' && shift.dispatcher_view?.backlog_trend === 'stable';
}
