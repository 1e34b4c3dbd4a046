import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BuiltinTaskGenerator, defaultSeedFor } from './builtin-generator.ts';
import { chooseDemandProfile, hotPickupCount, readProfileHint } from './demand-profile.ts';
import { generationRequest, singleAisleWarehouse, twoShelfWarehouse } from './generation-fixtures.ts';
import { createSeededRandom, seedFromText } from '@fleetlab/warehouse';

const generator = new BuiltinTaskGenerator();
const pickupIds = new Set(twoShelfWarehouse.elements.pickups!.map((pickup) => pickup.id));
const dropoffIds = new Set(twoShelfWarehouse.elements.dropoffs!.map((dropoff) => dropoff.id));

describe('seeded random source', () => {
  it('repeats the same sequence for the same seed', () => {
    const first = createSeededRandom(42);
    const second = createSeededRandom(42);
    const a = Array.from({ length: 5 }, () => first.next());
    const b = Array.from({ length: 5 }, () => second.next());
    expect(a).toEqual(b);
    expect(a.every((value) => value >= 0 && value < 1)).toBe(true);
  });

  it('hashes text with FNV-1a', () => {
    expect(seedFromText('')).toBe(0x811c9dc5);
    expect(seedFromText('a')).toBe(0xe40c292c);
  });
});

describe('demand profile from descriptions', () => {
  it.each([
    ['Peak season: fast movers near the door', 'hotspot'],
    ['busy Monday', 'hotspot'],
    ['A few hot shelves', 'hotspot'],
    ['80/20 demand', 'hotspot'],
    ['Orders spread evenly, not just the busy aisles', 'uniform'],
    ['uniform demand', 'uniform'],
    ['Restock run', null],
    ['', null],
  ] as const)('reads %j as %s', (text, expected) => {
    expect(readProfileHint(text)).toBe(expected);
  });

  it('lets the request description decide before the scenario description', () => {
    expect(chooseDemandProfile('evenly spread', 'peak hours')).toBe('uniform');
    expect(chooseDemandProfile('restock', 'peak hours')).toBe('hotspot');
    expect(chooseDemandProfile(undefined, undefined)).toBe('uniform');
  });

  it('makes a fifth of the pickups hot, at least one', () => {
    expect([1, 4, 5, 10, 12, 100].map(hotPickupCount)).toEqual([1, 1, 1, 2, 2, 20]);
  });
});

describe('BuiltinTaskGenerator', () => {
  it('never draws a pair no robot can deliver: each pickup goes only to its servable dropoffs', async () => {
    const servableDropoffs = new Map([
      ['P1', ['D2']],
      ['P10', ['D1', 'D2']],
    ]);
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 2 ** 31 }),
        fc.integer({ min: 1, max: 40 }),
        async (seed, numTasks) => {
          const { pairs } = await generator.generate(generationRequest({ numTasks, seed, servableDropoffs }));
          expect(pairs).toHaveLength(numTasks);
          for (const [pickup, dropoff] of pairs) expect(servableDropoffs.get(pickup)).toContain(dropoff);
        },
      ),
    );
  });

  it('produces exactly the same pairs for the same seed', async () => {
    const result = await generator.generate(generationRequest({ numTasks: 6, seed: 1234 }));
    expect(result.generator).toEqual({ kind: 'builtin', profile: 'uniform' });
    expect(result.details).toEqual({ seed: 1234, profile: 'uniform' });
    expect(result.pairs).toEqual([
      ['P1', 'D2'],
      ['P10', 'D2'],
      ['P1', 'D1'],
      ['P2', 'D2'],
      ['P4', 'D1'],
      ['P6', 'D1'],
    ]);
  });

  it('derives the default seed from the request so the same preview repeats', async () => {
    const request = generationRequest({ numTasks: 20, description: 'weekday' });
    const first = await generator.generate(request);
    const second = await generator.generate(request);
    expect(first.pairs).toEqual(second.pairs);
    expect(first.details.seed).toBe(defaultSeedFor(request));
    const other = await generator.generate(generationRequest({ numTasks: 20, description: 'weekend' }));
    expect(other.details.seed).not.toBe(first.details.seed);
  });

  it('answers P1 -> D1 every time in a one-pickup, one-dropoff layout', async () => {
    const result = await generator.generate(generationRequest({ environment: singleAisleWarehouse, numTasks: 3 }));
    expect(result.pairs).toEqual([
      ['P1', 'D1'],
      ['P1', 'D1'],
      ['P1', 'D1'],
    ]);
  });

  it('draws every pair from the environment, with exactly num_tasks pairs (any seed, any count)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 0xffffffff }),
        fc.integer({ min: 1, max: 1000 }),
        fc.constantFrom('uniform' as const, 'hotspot' as const),
        async (seed, numTasks, profile) => {
          const result = await generator.generate(generationRequest({ seed, numTasks, profile }));
          expect(result.pairs).toHaveLength(numTasks);
          for (const [pickup, dropoff] of result.pairs) {
            expect(pickupIds.has(pickup)).toBe(true);
            expect(dropoffIds.has(dropoff)).toBe(true);
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('sends at least 70% of 1,000 orders to the top fifth of the pickups in the hot-spot profile', async () => {
    const result = await generator.generate(
      generationRequest({ numTasks: 1000, description: 'Peak season with fast movers', seed: 99 }),
    );
    expect(result.generator).toEqual({ kind: 'builtin', profile: 'hotspot' });
    const counts = new Map<string, number>();
    for (const [pickup] of result.pairs) counts.set(pickup, (counts.get(pickup) ?? 0) + 1);
    const topFifth = [...counts.values()].sort((a, b) => b - a).slice(0, hotPickupCount(pickupIds.size));
    const share = topFifth.reduce((sum, count) => sum + count, 0) / 1000;
    expect(share).toBeGreaterThanOrEqual(0.7);
    // The hot pickups named in the details are exactly the busiest ones.
    const hot = result.details.hot_pickups as string[];
    expect(hot).toHaveLength(2);
    const busiest = [...counts.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 2)
      .map(([id]) => id);
    expect(new Set(busiest)).toEqual(new Set(hot));
  });

  it('keeps the hot fifth at 70% or more of 1,000 orders for any seed', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 0xffffffff }), async (seed) => {
        const result = await generator.generate(generationRequest({ numTasks: 1000, profile: 'hotspot', seed }));
        const counts = new Map<string, number>();
        for (const [pickup] of result.pairs) counts.set(pickup, (counts.get(pickup) ?? 0) + 1);
        const topFifth = [...counts.values()].sort((a, b) => b - a).slice(0, 2);
        expect(topFifth.reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(700);
      }),
      { numRuns: 20 },
    );
  });

  it('repeats itself exactly for any seed', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 0xffffffff }), async (seed) => {
        const request = generationRequest({ numTasks: 50, profile: 'hotspot', seed });
        expect((await generator.generate(request)).pairs).toEqual((await generator.generate(request)).pairs);
      }),
      { numRuns: 20 },
    );
  });

  it('spreads uniform demand: no fifth of the pickups takes more than 35% of 1,000 orders', async () => {
    const result = await generator.generate(generationRequest({ numTasks: 1000, seed: 99 }));
    const counts = new Map<string, number>();
    for (const [pickup] of result.pairs) counts.set(pickup, (counts.get(pickup) ?? 0) + 1);
    const topFifth = [...counts.values()].sort((a, b) => b - a).slice(0, 2);
    expect(topFifth.reduce((sum, count) => sum + count, 0) / 1000).toBeLessThan(0.35);
  });

  it('lets an explicit profile override the description', async () => {
    const result = await generator.generate(
      generationRequest({ description: 'peak hours', profile: 'uniform', seed: 1 }),
    );
    expect(result.generator.profile).toBe('uniform');
  });
});
