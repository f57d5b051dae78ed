/** A small seeded generator (mulberry32): the same seed yields the same demo content on every machine. */
export interface Prng {
  /** in [0, 1) */
  next(): number;
  /** integer in [min, max] */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /** `count` distinct items, in random order */
  sample<T>(items: readonly T[], count: number): T[];
  chance(probability: number): boolean;
  /** hex string of `bytes` random bytes */
  hex(bytes: number): string;
}

export const createPrng = (seed: number): Prng => {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: (items) => items[Math.floor(next() * items.length)]!,
    sample: (items, count) => {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j]!, copy[i]!];
      }
      return copy.slice(0, Math.min(count, copy.length));
    },
    chance: (probability) => next() < probability,
    hex: (bytes) => {
      let out = '';
      for (let i = 0; i < bytes; i++) out += int(0, 255).toString(16).padStart(2, '0');
      return out;
    },
  };
};
