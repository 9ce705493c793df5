/**
 * Deterministic randomness from a seed (mulberry32), for what the tests and benches generate:
 * the same seed gives the same pages, histories and model slips on every run and machine.
 */

/** A generator of numbers in [0, 1) from `seed`. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
