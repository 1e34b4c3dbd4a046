import type { DemandProfile } from './task-generator.ts';

// Words planners use for skewed demand: a few fast-moving shelves take most orders.
const HOTSPOT_WORDS =
  /\b(hot[\s-]?spots?|hot|busy|busiest|peak|rush|fast[\s-]?(movers?|moving)|popular|best[\s-]?sellers?|skew(ed)?|pareto|80\s*\/\s*20)\b/i;
const UNIFORM_WORDS = /\b(uniform(ly)?|evenly|balanced|even (demand|spread|distribution))\b/i;

/**
 * The demand profile a text asks for, or null when it says nothing about demand. A word
 * for even demand wins over a hot-spot word ("evenly, not just the busy aisles").
 */
export function readProfileHint(text: string | null | undefined): DemandProfile | null {
  if (!text) return null;
  if (UNIFORM_WORDS.test(text)) return 'uniform';
  if (HOTSPOT_WORDS.test(text)) return 'hotspot';
  return null;
}

/**
 * The profile for a generation: the request's description decides first, then the
 * scenario's; without any hint demand is uniform.
 */
export function chooseDemandProfile(
  requestDescription: string | null | undefined,
  scenarioDescription: string | null | undefined,
): DemandProfile {
  return readProfileHint(requestDescription) ?? readProfileHint(scenarioDescription) ?? 'uniform';
}

/** Share of all orders taken by the hot pickups in the hot-spot profile. */
export const HOTSPOT_ORDER_SHARE = 0.8;
/** Share of the pickups that are hot. */
export const HOTSPOT_PICKUP_SHARE = 0.2;

/** Number of hot pickups among `pickupCount`: a fifth, at least one. */
export function hotPickupCount(pickupCount: number): number {
  return Math.max(1, Math.round(pickupCount * HOTSPOT_PICKUP_SHARE));
}
