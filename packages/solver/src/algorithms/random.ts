import { createSeededRandom, type SeededRandom } from '@fleetlab/warehouse';

export { shuffleInPlace } from '@fleetlab/warehouse';

/** The solver's only source of randomness. */
export type Random = SeededRandom;

/** Mixes the seed first, so small seeds (1, 2, 3...) start far apart in the sequence. */
export function createRandom(seed: number): Random {
  return createSeededRandom(Math.floor(seed) ^ 0x9e3779b9);
}
