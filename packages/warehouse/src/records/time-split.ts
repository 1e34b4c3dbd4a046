import { z } from 'zod';

/**
 * Where a time split was measured: the run on the shared floor (every part, `executedTimeSplit`),
 * or the plan (each robot alone; its waiting: the plan's charger and dock queues). The field
 * keeps the name it had when only the waiting came from the run.
 */
export const timeSplitWaitingFromValues = ['execution', 'plan'] as const;

/**
 * Where a solve's robot time goes, in robot-seconds summed over the fleet (a solve's
 * `stats.time_split`; the robot-model comparison shows it per model). When the plan ran on the
 * shared floor, every part is the run's (`waiting_from: 'execution'`): the robots' driving,
 * handling and charging activities, of the driving the motion's ramps and turns, and the run's
 * blocked and queued time. Otherwise the plan's: its legs as driven (each leg's own walk, split
 * by the clock's formulas; the part of a leg its rounding up to the floor's clock adds, under one
 * tick, counts as driving), handling and charges, and its charger and dock queues.
 */
export const timeSplitSchema = z.object({
  /** At top speed (a point robot's whole drive). */
  driving_s: z.number(),
  /** Accelerating from standstill and braking to standstill. */
  ramps_s: z.number(),
  /** Turning in place. */
  turning_s: z.number(),
  /** At pickups and dropoffs. */
  handling_s: z.number(),
  /** On a charger. */
  charging_s: z.number(),
  /** Standing with work left: blocked or queued for a charger (`waiting_from` says whose figure). */
  waiting_s: z.number(),
  waiting_from: z.enum(timeSplitWaitingFromValues),
});
export type TimeSplitRecord = z.infer<typeof timeSplitSchema>;

/** The parts of a time split, in the order pages show them, with their labels. */
export const TIME_SPLIT_PARTS = [
  { key: 'driving_s', label: 'Driving at speed' },
  { key: 'ramps_s', label: 'Accelerating and braking' },
  { key: 'turning_s', label: 'Turning' },
  { key: 'handling_s', label: 'Handling' },
  { key: 'charging_s', label: 'Charging' },
  { key: 'waiting_s', label: 'Waiting' },
] as const satisfies readonly { key: keyof TimeSplitRecord; label: string }[];
