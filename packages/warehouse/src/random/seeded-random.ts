/**
 * The one seeded pseudo-random source of Fleetlab (the solver's searches and the built-in task
 * generator): same seed, same sequence, on every machine.
 */
export interface SeededRandom {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform integer in [0, n). */
  int(n: number): number;
}

/** mulberry32: tiny, fast and well spread, which is all these uses need. */
export function createSeededRandom(seed: number): SeededRandom {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (n: number) => Math.floor(next() * n) };
}

/** A 32-bit seed from text (FNV-1a), so the same text always gives the same sequence. */
export function seedFromText(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Fisher-Yates shuffle in place. */
export function shuffleInPlace<T>(items: T[], random: SeededRandom): T[] {
  for (let index = items.length - 1; index > 0; index--) {
    const other = random.int(index + 1);
    const held = items[index];
    items[index] = items[other];
    items[other] = held;
  }
  return items;
}

/** Fisher-Yates shuffle of a copy. */
export function shuffled<T>(items: readonly T[], random: SeededRandom): T[] {
  return shuffleInPlace([...items], random);
}
