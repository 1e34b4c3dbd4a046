import { describe, expect, it } from 'vitest';
import { DEFAULT_MOTION_SETTINGS } from './motion-model.ts';
import { buildReplay } from './player-state.ts';
import { TRAFFIC_EXECUTION, TRAFFIC_FLOOR, TRAFFIC_PARAMETERS } from './traffic-replay.fixture.ts';
import { trafficEase } from './traffic-replay.ts';

const inputs = {
  environment: TRAFFIC_FLOOR,
  results: null,
  parameters: TRAFFIC_PARAMETERS,
  execution: TRAFFIC_EXECUTION,
};

describe('the replay the player builds', () => {
  it('eases the execution for the sliders in traffic mode, as the player does', () => {
    const replay = buildReplay(inputs, 'traffic');
    expect(replay.mode).toBe('traffic');
    if (replay.mode !== 'traffic') return;
    expect(replay.ease).toBe(
      trafficEase(replay.model.stepSeconds, DEFAULT_MOTION_SETTINGS.maxSpeed, DEFAULT_MOTION_SETTINGS.acceleration),
    );
    const faster = buildReplay(inputs, 'traffic', { maxSpeed: 3, acceleration: 3 });
    expect(faster.mode === 'traffic' && faster.ease).toBe(trafficEase(replay.model.stepSeconds, 3, 3));
  });

  it('plays the plan when traffic is asked for but the solve has no execution', () => {
    expect(buildReplay({ ...inputs, execution: null }, 'traffic').mode).toBe('planned');
    expect(buildReplay(inputs, 'planned').mode).toBe('planned');
  });
});
