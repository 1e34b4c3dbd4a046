/** Stored figures (metres, seconds, battery percent) keep two decimals; pages round again only to show them. */
export function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
