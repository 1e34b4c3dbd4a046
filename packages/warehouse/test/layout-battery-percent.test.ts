import { describe, expect, it } from 'vitest';
import { batteryPercent } from '../src/layout/battery-percent.ts';

describe('batteryPercent', () => {
  it('scales the capacity by the share of range left', () => {
    expect(batteryPercent(0, 1000, 100)).toBe(100);
    expect(batteryPercent(250, 1000, 100)).toBe(75);
    expect(batteryPercent(500, 1000, 80)).toBe(40);
    expect(batteryPercent(1000, 1000, 100)).toBe(0);
  });

  it('clamps at 0 past the range and at the capacity below 0 distance', () => {
    expect(batteryPercent(1200, 1000, 100)).toBe(0);
    expect(batteryPercent(-50, 1000, 100)).toBe(100);
  });

  it('treats no range as full until the robot moves, empty after', () => {
    expect(batteryPercent(0, 0, 100)).toBe(100);
    expect(batteryPercent(1, 0, 100)).toBe(0);
  });

  it('never goes below 0 for a capacity below 0', () => {
    expect(batteryPercent(10, 100, -5)).toBe(0);
  });
});
