import { objectiveNameValues, type ObjectiveName, type ObjectiveValues } from '@fleetlab/warehouse';
import { describe, expect, it } from 'vitest';
import { localCostWeights } from '../../src/routes/insertion-table.ts';
import { ObjectiveScale } from '../../src/plan/objective.ts';
import type { Problem } from '../../src/problem/problem.ts';

/** The greedy plan's measures, the divisors of the scale. */
const reference: ObjectiveValues = {
  completion_time: 100,
  distance_traveled: 200,
  energy_usage: 25,
  balanced_workload: 40,
  cost_efficiency: 300,
};

/**
 * A plan whose measures are a different multiple of the reference for every objective, so a
 * weight read under another objective's name gives another score. 1000 m per charge and a
 * capacity of 100 make 500 m worth 50 battery units.
 */
const plan = { latest: 150, travelled: 500, earliest: 130, busy: 900, maxDistance: 1000, capacity: 100 };
const planValues: ObjectiveValues = {
  completion_time: 150,
  distance_traveled: 500,
  energy_usage: 50,
  balanced_workload: 20,
  cost_efficiency: 900,
};
const singleObjectiveScores: Record<ObjectiveName, number> = {
  completion_time: 1.5,
  distance_traveled: 2.5,
  energy_usage: 2,
  balanced_workload: 0.5,
  cost_efficiency: 3,
};

const scoreOfPlan = (scale: ObjectiveScale) =>
  scale.scoreOf(plan.latest, plan.travelled, plan.earliest, plan.busy, plan.maxDistance, plan.capacity);

describe('ObjectiveScale reads every weight by its objective name', () => {
  for (const name of objectiveNameValues) {
    it(`${name} alone scores the plan's ${name} over the reference's`, () => {
      const scale = new ObjectiveScale({ [name]: 100 }, reference);
      expect(scale.weights[name]).toBe(1);
      expect(scale.score(planValues)).toBeCloseTo(singleObjectiveScores[name], 12);
      expect(scoreOfPlan(scale)).toBeCloseTo(singleObjectiveScores[name], 12);
    });
  }

  it('distance only and energy only give different scores on the same plan', () => {
    const distanceOnly = new ObjectiveScale({ distance_traveled: 100 }, reference);
    const energyOnly = new ObjectiveScale({ energy_usage: 100 }, reference);
    expect(scoreOfPlan(distanceOnly)).toBeCloseTo(2.5, 12);
    expect(scoreOfPlan(energyOnly)).toBeCloseTo(2, 12);
  });

  it('mixes weights as shares of their total, whatever order the weights are listed in', () => {
    // 50% completion, 25% energy, 25% distance: 0.5 * 1.5 + 0.25 * 2 + 0.25 * 2.5.
    const spec = new ObjectiveScale({ completion_time: 50, energy_usage: 25, distance_traveled: 25 }, reference);
    const reordered = new ObjectiveScale({ distance_traveled: 25, energy_usage: 25, completion_time: 50 }, reference);
    expect(spec.score(planValues)).toBeCloseTo(1.875, 12);
    expect(scoreOfPlan(spec)).toBe(scoreOfPlan(reordered));
    expect(spec.completionOnly).toBe(false);
  });

  it('falls back to completion time alone when nothing weighs', () => {
    const scale = new ObjectiveScale({}, reference);
    expect(scale.completionOnly).toBe(true);
    expect(scoreOfPlan(scale)).toBeCloseTo(1.5, 12);
  });

  it('prices a robot taking a delivery by name too: energy-only counts the extra metres in battery units', () => {
    const problem = { params: { battery_capacity: plan.capacity }, maxDistance: plan.maxDistance } as Problem;
    const costOf = (weights: Partial<Record<ObjectiveName, number>>) => {
      const scale = new ObjectiveScale(weights, reference);
      return localCostWeights(problem, scale.weights, scale.divisors)(130, 100, 40);
    };
    // New finish 130 s, old finish 100 s, 40 extra metres (4 battery units).
    expect(costOf({ energy_usage: 100 })).toBeCloseTo(4 / 25, 12);
    expect(costOf({ distance_traveled: 100 })).toBeCloseTo(40 / 200, 12);
    expect(costOf({ completion_time: 100 })).toBeCloseTo(130 / 100, 12);
    expect(costOf({ balanced_workload: 100 })).toBeCloseTo(130 / 40, 12);
    expect(costOf({ cost_efficiency: 100 })).toBeCloseTo(30 / 300, 12);
  });
});
