import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSeededRandom, seedFromText, shuffled } from '../src/random/seeded-random.ts';

describe('createSeededRandom', () => {
  it('gives the mulberry32 sequence of its seed', () => {
    const random = createSeededRandom(1);
    expect([random.next(), random.next(), random.next()].map((value) => value.toFixed(10))).toEqual([
      '0.6270739406',
      '0.0027357212',
      '0.5274470400',
    ]);
  });

  it('repeats itself for the same seed and stays in range', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 1, max: 1000 }), (seed, n) => {
        const first = createSeededRandom(seed);
        const second = createSeededRandom(seed);
        for (let draw = 0; draw < 20; draw++) {
          const value = first.int(n);
          expect(second.int(n)).toBe(value);
          expect(value).toBeGreaterThanOrEqual(0);
          expect(value).toBeLessThan(n);
        }
      }),
    );
  });
});

describe('seedFromText and shuffled', () => {
  it('hashes text with FNV-1a', () => {
    expect(seedFromText('')).toBe(0x811c9dc5);
    expect(seedFromText('a')).toBe(0xe40c292c);
  });

  it('shuffles a copy into a permutation, leaving the input alone', () => {
    const items = ['P1', 'P2', 'P3', 'P4', 'P5'];
    const result = shuffled(items, createSeededRandom(7));
    expect(items).toEqual(['P1', 'P2', 'P3', 'P4', 'P5']);
    expect([...result].sort()).toEqual(items);
  });
});
