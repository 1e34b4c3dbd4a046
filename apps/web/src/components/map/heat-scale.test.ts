import { describe, expect, it } from 'vitest';
import { heatColour, heatGradientCss, heatLegendTicks, heatLevel, heatShade, shadeColour } from './heat-scale.ts';

describe('heat scale', () => {
  it('places a cell by the square root of its share of the worst cell', () => {
    expect(heatLevel(0, 100)).toBe(0);
    expect(heatLevel(1, 100)).toBe(0.1);
    expect(heatLevel(25, 100)).toBe(0.5);
    expect(heatLevel(100, 100)).toBe(1);
    expect(heatLevel(400, 100)).toBe(1);
    expect(heatLevel(5, 0)).toBe(0);
  });

  it('runs from deep purple to light pink through its five stops, interpolating between them', () => {
    expect(heatColour(0)).toBe('rgb(88, 28, 135)');
    expect(heatColour(0.25)).toBe('rgb(147, 51, 234)');
    expect(heatColour(0.5)).toBe('rgb(219, 39, 119)');
    expect(heatColour(1)).toBe('rgb(253, 164, 175)');
    // Half way between the first two stops: (117.5, 39.5, 184.5), rounded.
    expect(heatColour(0.125)).toBe('rgb(118, 40, 185)');
    // Half way between the last two: (248.5, 113.5, 134.5).
    expect(heatColour(0.875)).toBe('rgb(249, 114, 135)');
    expect(heatColour(-1)).toBe('rgb(88, 28, 135)');
    expect(heatColour(2)).toBe('rgb(253, 164, 175)');
  });

  it('draws cells in 16 shades, each the colour at the middle of its band; cells without waiting in none', () => {
    expect(heatShade(0, 100)).toBe(-1);
    expect(heatShade(1, 100)).toBe(1);
    expect(heatShade(25, 100)).toBe(8);
    expect(heatShade(100, 100)).toBe(15);
    // Shade 0 is the colour at 1/32, an eighth of the way to the second stop: (95.375, 30.875, 147.375).
    expect(shadeColour(0)).toBe('rgb(95, 31, 147)');
    expect(shadeColour(15)).toBe(heatColour(31 / 32));
  });

  it('labels the legend with the seconds at five evenly spaced places on the scale', () => {
    expect(heatLegendTicks(160)).toEqual([
      { level: 0, seconds: 0 },
      { level: 0.25, seconds: 10 },
      { level: 0.5, seconds: 40 },
      { level: 0.75, seconds: 90 },
      { level: 1, seconds: 160 },
    ]);
    expect(heatGradientCss()).toBe(
      'linear-gradient(to right, rgb(88, 28, 135) 0%, rgb(147, 51, 234) 25%, rgb(219, 39, 119) 50%, rgb(244, 63, 94) 75%, rgb(253, 164, 175) 100%)',
    );
  });
});
