/** Stored figures (metres, seconds, battery percent) keep two decimals; pages round again only to show them. */
export function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/** Times and positions of robot motion keep three decimals (the millisecond and the millimetre). */
export function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}
