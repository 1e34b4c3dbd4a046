// Spec §5/§9 rules of the environment form fields.

import { SOLVE_PARAMETER_RANGES } from '@fleetlab/warehouse';

export const GRID_SIZE_MIN = 5;
export const GRID_SIZE_MAX = 50;
/** Non-numeric width or height input falls back to this. */
const GRID_SIZE_FALLBACK = 10;
export const ROBOTS_PER_STATION_MIN = 1;
export const ROBOTS_PER_STATION_MAX = 10;
const ROBOTS_PER_STATION_FALLBACK = 1;

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/**
 * Width/height from the input text: whole cells 5..50 (or up to `max`: an imported map's own
 * size, which the field may crop but never grow past); non-numeric gives 10.
 */
export function gridSizeFromInput(text: string, max: number = GRID_SIZE_MAX): number {
  const value = Number.parseInt(text, 10);
  if (Number.isNaN(value)) return GRID_SIZE_FALLBACK;
  return clamp(value, GRID_SIZE_MIN, max);
}

/** Robots per station from the input text: 1..10; non-numeric gives the default 1. */
export function robotsPerStationFromInput(text: string): number {
  const value = Number.parseInt(text, 10);
  if (Number.isNaN(value)) return ROBOTS_PER_STATION_FALLBACK;
  return clamp(value, ROBOTS_PER_STATION_MIN, ROBOTS_PER_STATION_MAX);
}

/**
 * Chargers per station from the input text: 1..10 (the solve parameter's range); blank or
 * non-numeric gives null, one charger per drawn robot.
 */
export function chargersPerStationFromInput(text: string): number | null {
  const value = Number.parseInt(text, 10);
  if (Number.isNaN(value)) return null;
  return clamp(value, SOLVE_PARAMETER_RANGES.chargers.min, SOLVE_PARAMETER_RANGES.chargers.max);
}

/** True when the text is already a whole number inside the range (no correction needed). */
export function isWholeNumberInRange(text: string, min: number, max: number): boolean {
  if (!/^\s*\d+\s*$/.test(text)) return false;
  const value = Number(text);
  return value >= min && value <= max;
}
