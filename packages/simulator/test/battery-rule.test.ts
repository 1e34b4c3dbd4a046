import { describe, expect, it } from 'vitest';
import { chargeSoonerMargin, detourMargin, fitsCharge } from '../src/execution/battery-rule.ts';

// A straight corridor: cell k is k metres from cell 0, the home station.
const corridor = (from: number, to: number) => Math.abs(from - to);

describe('the battery rule of robots that can charge sooner, worked out by hand', () => {
  it('keeps nothing back for a robot that has driven its plan exactly, as one alone on the floor', () => {
    expect(chargeSoonerMargin(200, 1, 0)).toBe(0);
    expect(chargeSoonerMargin(200, 0.98, 0)).toBe(0);
    // The old rule agrees: no detours, no margin.
    expect(detourMargin(150, 1, 0)).toBe(0);
  });

  it('keeps twice its detours so far on the whole delivery and home, and the old replay margins on top', () => {
    // 200 m needed at a day's detour rate of 1.25: 50 m expected, twice that: 100 m.
    expect(chargeSoonerMargin(200, 1.25, 0)).toBe(100);
    // 80 m at 1.125: 2 x 10 = 20 m.
    expect(chargeSoonerMargin(80, 1.125, 0)).toBe(20);
    // Each replay adds 20% of the need plus 10 m, doubled at each: 100 + 40 + 10, then 100 + 80 + 20.
    expect(chargeSoonerMargin(200, 1.25, 1)).toBe(150);
    expect(chargeSoonerMargin(200, 1.25, 2)).toBe(200);
  });

  it('decides a delivery on it: a robot at cell 100 with 700 m used, pickup at 150, dropoff at 50', () => {
    // Need: 50 m to the pickup, 100 m to the dropoff, 50 m home = 200 m.
    const item = { pickupCell: 150, dropoffCell: 50 };
    const fits = (used: number, rate: number, sooner: boolean) =>
      fitsCharge(corridor, 100, 0, used, 1000, item, rate, 0, sooner);
    // At rate 1.25: 700 + 200 + 100 = 1000 <= 1000, goes; with 701 m used it charges first.
    expect(fits(700, 1.25, true)).toBe(true);
    expect(fits(701, 1.25, true)).toBe(false);
    // The old rule keeps only the expected detour on the legs (0.25 x 150 = 37.5 -> 38 m): 701 + 200 + 38 fits.
    expect(fits(701, 1.25, false)).toBe(true);
    // Just charged, a delivery within a charge goes whatever the margin.
    expect(fitsCharge(corridor, 100, 0, 0, 210, item, 1.5, 0, true)).toBe(true);
  });
});
