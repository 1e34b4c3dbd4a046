import type { GenerationEnvironment, GenerationScenario, TaskGenerationRequest } from './task-generator.ts';

// Small named layouts shared by the generator and route tests.

/** Two shelves S1 and S2 with five pickups each (P1-P5 on S1, P6-P10 on S2) and two dropoffs. */
export const twoShelfWarehouse: GenerationEnvironment = {
  id: 7,
  name: 'Two-shelf warehouse',
  elements: {
    pickups: Array.from({ length: 10 }, (_, index) => ({
      id: `P${index + 1}`,
      position: [2.5 + (index % 5), index < 5 ? 2.5 : 5.5],
      shelf_id: index < 5 ? 'S1' : 'S2',
      side: index < 5 ? 'top' : 'bottom',
    })),
    dropoffs: [
      { id: 'D1', position: [0.5, 9.5] },
      { id: 'D2', position: [9.5, 9.5] },
    ],
  },
};

/** One pickup, one dropoff: every generator can only answer P1 -> D1. */
export const singleAisleWarehouse: GenerationEnvironment = {
  id: 8,
  name: 'Single aisle',
  elements: {
    pickups: [{ id: 'P1', position: [1.5, 1.5], shelf_id: 'S1', side: 'right' }],
    dropoffs: [{ id: 'D1', position: [4.5, 4.5] }],
  },
};

export const morningShift: GenerationScenario = { id: 3, name: 'Morning shift', description: 'Regular weekday orders' };

export function generationRequest(overrides: Partial<TaskGenerationRequest> = {}): TaskGenerationRequest {
  return { scenario: morningShift, environment: twoShelfWarehouse, numTasks: 5, ...overrides };
}
