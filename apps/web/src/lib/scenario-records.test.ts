import { MAX_TASKS_PER_BATCH } from '@fleetlab/warehouse';
import { describe, expect, it } from 'vitest';
import { RUSH_ORDERS } from '../test/fixtures.ts';
import { taskCopyBatches } from './scenario-records.ts';

describe('taskCopyBatches', () => {
  it('copies every task onto the new scenario, in lists no longer than one batch may be', () => {
    const tasks = Array.from({ length: MAX_TASKS_PER_BATCH + 1 }, (_, index) => ({ ...RUSH_ORDERS, id: index + 1 }));
    const batches = taskCopyBatches(tasks, 40);
    expect(batches.map((batch) => batch.length)).toEqual([MAX_TASKS_PER_BATCH, 1]);
    expect(batches[1]).toEqual([
      {
        name: 'Rush orders',
        description: 'Two deliveries',
        task_type: 'pickup_delivery',
        scenario_id: 40,
        details: RUSH_ORDERS.details,
      },
    ]);
    expect(taskCopyBatches([], 40)).toEqual([]);
  });
});
