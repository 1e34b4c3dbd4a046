import { describe, expect, it } from 'vitest';
import { ACTIVITY_BREAKDOWN_ORDER, ACTIVITY_LABELS, activityKindValues } from '../src/index.ts';

describe('activity labels', () => {
  it('label every activity kind once, in the breakdown order: moving, time lost, stopped, charging, handling, idle', () => {
    expect([...ACTIVITY_BREAKDOWN_ORDER].sort()).toEqual([...activityKindValues].sort());
    expect(ACTIVITY_BREAKDOWN_ORDER.map((kind) => ACTIVITY_LABELS[kind])).toEqual([
      'Driving loaded',
      'Driving empty',
      'Waiting in traffic',
      'Queued at a charger',
      'Queued at a dock',
      'Stopped: delays and breakdowns',
      'Charging',
      'Handling',
      'Idle',
    ]);
  });
});
