import { createSeededRandom, SHIFT_DEFAULTS, type ShiftParametersRecord } from '@fleetlab/warehouse';
import { SimulationError } from '../errors.ts';

/** One order of a shift: a pair of the task's demand mix, released at `releaseS` seconds from the shift's start. */
export interface ReleasedOrder {
  /** `O1`, `O2`, ... in order of release. */
  id: string;
  pickup: string;
  dropoff: string;
  releaseS: number;
}

const SECONDS_PER_HOUR = 3600;

/**
 * The orders a shift releases before its end, in order of release, with ids O1, O2, ...:
 * - with `releaseS` (a task's `release_s`, one time per pair), each pair exactly at its time
 *   (ties in the task's order); pairs released at or after the shift's end are not released;
 * - otherwise a Poisson stream, seeded by the shift's `seed`: the rate of each hour (the
 *   `profile`'s, or `orders_per_hour` throughout), exponential gaps between releases (drawn again
 *   from the start of the next hour when a gap runs past the end of an hour, which the process's
 *   lack of memory allows), and each order's pair drawn uniformly from the task's pairs, so the
 *   pairs are the demand mix. Each order draws its gap, then its pair; times are kept to the
 *   hundredth of a second.
 */
export function releaseOrders(
  pairs: readonly (readonly [string, string])[],
  shift: ShiftParametersRecord,
  releaseS?: readonly number[],
): ReleasedOrder[] {
  if (pairs.length === 0)
    throw new SimulationError("A shift draws its orders from the task's pairs, but the task has none");
  const endS = shift.hours * SECONDS_PER_HOUR;
  const released: { pair: readonly [string, string]; releaseS: number }[] = [];
  if (releaseS) {
    if (releaseS.length !== pairs.length)
      throw new SimulationError(`release_s needs one time per pair: ${pairs.length} pairs, ${releaseS.length} times`);
    releaseS.forEach((time, k) => {
      if (!(Number.isFinite(time) && time >= 0))
        throw new SimulationError(
          `release_s of pair ${k + 1} must be a number of seconds >= 0, got ${JSON.stringify(time)}`,
        );
      if (time < endS) released.push({ pair: pairs[k], releaseS: time });
    });
    // Array sort is stable: equal times keep the task's order.
    released.sort((a, b) => a.releaseS - b.releaseS);
  } else {
    const random = createSeededRandom(shift.seed ?? SHIFT_DEFAULTS.seed);
    const hourly = shift.profile ?? [shift.orders_per_hour ?? 0];
    const rateOfHour = (hour: number) => (shift.profile ? hourly[hour] : hourly[0]) ?? 0;
    let time = 0;
    while (time < endS) {
      const hour = Math.floor(time / SECONDS_PER_HOUR);
      const hourEnd = Math.min(endS, (hour + 1) * SECONDS_PER_HOUR);
      const perSecond = rateOfHour(hour) / SECONDS_PER_HOUR;
      if (perSecond <= 0) {
        time = hourEnd;
        continue;
      }
      const gap = -Math.log(1 - random.next()) / perSecond;
      if (time + gap >= hourEnd) {
        time = hourEnd;
        continue;
      }
      time += gap;
      const pair = pairs[random.int(pairs.length)];
      // Times are kept to the hundredth of a second, as records keep them.
      const at = Math.round(time * 100) / 100;
      if (at < endS) released.push({ pair, releaseS: at });
    }
  }
  return released.map(({ pair, releaseS: time }, k) => ({
    id: `O${k + 1}`,
    pickup: pair[0],
    dropoff: pair[1],
    releaseS: time,
  }));
}
