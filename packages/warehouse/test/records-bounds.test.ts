import { describe, expect, it } from 'vitest';
import { BOUNDS, uncountedBy } from '../src/index.ts';

describe('what a bound cannot count, of what the plan has', () => {
  it('names every part while the plan is not known', () => {
    expect(uncountedBy('fleet_work')).toBe('charger queues, whole charges per robot and uneven work');
    expect(uncountedBy('charger_turns')).toBe("which robot recharges when and the docks' queues");
  });

  it('leaves out charging where the plan recharges nowhere, and each queue where none formed', () => {
    expect(uncountedBy('fleet_work', { recharges: 0, charger_queue_s: 0 })).toBe('uneven work');
    expect(uncountedBy('fleet_work', { recharges: 4, charger_queue_s: 0 })).toBe(
      'whole charges per robot and uneven work',
    );
    expect(uncountedBy('fleet_work', { recharges: 4, charger_queue_s: 30 })).toBe(
      'charger queues, whole charges per robot and uneven work',
    );
    expect(uncountedBy('charger_turns', { recharges: 4, dock_queue_s: 0 })).toBe('which robot recharges when');
    expect(uncountedBy('charger_turns', { recharges: 0, dock_queue_s: 12 })).toBe("the docks' queues");
    expect(uncountedBy('dock_capacity', { recharges: 0 })).toBe("the robots' driving between the docks");
    expect(uncountedBy('whole_charges', { recharges: 3, charger_queue_s: 0 })).toBe(
      'the charge left unused when a robot recharges',
    );
    expect(uncountedBy('whole_charges', { recharges: 0, charger_queue_s: 0 })).toBeUndefined();
    expect(uncountedBy('drive_items_lp', { recharges: 0 })).toBe(
      'which robot takes which delivery (a linear programme splits them)',
    );
  });

  it('is nothing for a proven optimum or a name that is no bound, and the queues for a queue-free optimum', () => {
    expect(uncountedBy('proven_optimum')).toBeUndefined();
    expect(uncountedBy('no_such_bound')).toBeUndefined();
    expect(uncountedBy('queue_free_optimum', { recharges: 2, charger_queue_s: 40, dock_queue_s: 3 })).toBe(
      "charger queues and the docks' queues",
    );
    expect(uncountedBy('queue_free_optimum', { recharges: 2, charger_queue_s: 40, dock_queue_s: 0 })).toBe(
      'charger queues',
    );
  });

  it('has words for every bound of the list', () => {
    for (const bound of BOUNDS) expect(uncountedBy(bound.name)).toMatch(/\S/);
  });
});
