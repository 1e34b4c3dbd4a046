import { describe, expect, it } from 'vitest';
import { morningShift, twoShelfWarehouse } from './generation-fixtures.ts';
import { scenarioWithEnvironmentFinder } from './scenario-lookup.ts';

const OWNER = 1;
const storedScenario = { ...morningShift, environment_id: twoShelfWarehouse.id };
const find = scenarioWithEnvironmentFinder({
  scenarios: { get: async (userId, id) => (userId === OWNER && id === storedScenario.id ? storedScenario : null) },
  environments: {
    get: async (userId, id) => (userId === OWNER && id === twoShelfWarehouse.id ? twoShelfWarehouse : null),
  },
});

describe('scenarioWithEnvironmentFinder', () => {
  it("returns the caller's scenario with its environment", async () => {
    expect(await find(OWNER, 3)).toEqual({ scenario: storedScenario, environment: twoShelfWarehouse });
  });

  it('returns null for an unknown scenario and for another user', async () => {
    expect(await find(OWNER, 99)).toBeNull();
    expect(await find(2, 3)).toBeNull();
  });
});
