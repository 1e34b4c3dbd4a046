import { describe, expect, it } from 'vitest';
import { RecordingCanvasContext } from '../map-drawing/test-support/recording-canvas-context.ts';
import { buildPlayerScene, createFrameMemory, overlapsPlacedBox, playerViewFor, renderFrame } from './render-player.ts';
import { createFleetStates, type ReplayModel } from './robot-state.ts';

const robot = (robotId: string) => ({
  robotId,
  stepCount: 0,
  deliveryCount: 0,
  xs: new Float64Array(0),
  ys: new Float64Array(0),
});

describe('robot ids on the player map', () => {
  it('finds a box overlapping one already placed, and none touching only at an edge', () => {
    const boxes = Float64Array.from([0, 0, 10, 10, 20, 0, 30, 10]);
    expect(overlapsPlacedBox(boxes, 2, 5, 5, 15, 15)).toBe(true);
    expect(overlapsPlacedBox(boxes, 2, 10, 0, 20, 10)).toBe(false);
    // Only the first `count` boxes are placed this frame.
    expect(overlapsPlacedBox(boxes, 1, 22, 2, 28, 8)).toBe(false);
  });

  it('draws each id once where it fits: robots on one spot show one id, robots sharing a station cell none', () => {
    const model: ReplayModel = { robots: ['R1_1', 'R1_2', 'R1_3', 'R2_1'].map(robot), endTime: 10 };
    const scene = buildPlayerScene({ dimensions: { width: 8, height: 6 } }, model);
    const view = playerViewFor({ width: 8, height: 6 }, 40, 1);
    const states = createFleetStates(model);
    // R1_1 and R1_2 stand on the same spot; R1_3 is drawn smaller in its station's cell; R2_1 is alone.
    Object.assign(states[0], { x: 2.5, y: 2.5 });
    Object.assign(states[1], { x: 2.5, y: 2.5 });
    Object.assign(states[2], { x: 0.5, y: 0.5, scale: 0.6 });
    Object.assign(states[3], { x: 6.5, y: 4.5 });
    const ctx = new RecordingCanvasContext(null);
    renderFrame(
      ctx as unknown as CanvasRenderingContext2D,
      null,
      scene,
      view,
      model,
      states,
      { selectedRobot: -1, showLabels: true, cellBound: false },
      createFrameMemory(4),
    );
    expect(ctx.calls.filter((call) => call.method === 'fillText').map((call) => call.args[0])).toEqual(['1_1', '2_1']);
  });
});
