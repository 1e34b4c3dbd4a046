import { describe, expect, it } from 'vitest';
import { gridSizeFromInput, isWholeNumberInRange, robotsPerStationFromInput } from './editor-form-rules.ts';

describe('environment form rules (spec §5)', () => {
  it('reads width and height as 5..50, non-numeric falling back to 10', () => {
    expect(gridSizeFromInput('20')).toBe(20);
    expect(gridSizeFromInput('abc')).toBe(10);
    expect(gridSizeFromInput('')).toBe(10);
    expect(gridSizeFromInput('3')).toBe(5);
    expect(gridSizeFromInput('75')).toBe(50);
    expect(gridSizeFromInput('12.8')).toBe(12);
  });

  it('reads robots per station as 1..10, default 1', () => {
    expect(robotsPerStationFromInput('4')).toBe(4);
    expect(robotsPerStationFromInput('')).toBe(1);
    expect(robotsPerStationFromInput('0')).toBe(1);
    expect(robotsPerStationFromInput('11')).toBe(10);
  });

  it('tells a finished in-range number from one still being typed', () => {
    expect(isWholeNumberInRange('25', 5, 50)).toBe(true);
    expect(isWholeNumberInRange('2', 5, 50)).toBe(false);
    expect(isWholeNumberInRange('2.5', 1, 10)).toBe(false);
    expect(isWholeNumberInRange('', 1, 10)).toBe(false);
  });
});
