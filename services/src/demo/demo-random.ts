/** The demo generator's deterministic randomness: the same seed gives the same data. */

export type Random = () => number;

/** mulberry32: small, fast and deterministic. */
export function prng(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const int = (r: Random, min: number, max: number): number => min + Math.floor(r() * (max - min + 1));
export const pick = <T>(r: Random, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;
export const chance = (r: Random, p: number): boolean => r() < p;

/** A random (version 4 shaped) UUID from the PRNG. */
export function uuid(r: Random): string {
  const hex = (): string =>
    Math.floor(r() * 0x100000000)
      .toString(16)
      .padStart(8, '0');
  const h = hex() + hex() + hex() + hex();
  const variant = '89ab'[Math.floor(r() * 4)];
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** A skewed whole number in [min, max]: small values are common, large ones rare. */
export function skewed(r: Random, min: number, max: number, power = 2.5): number {
  return min + Math.floor(r() ** power * (max - min + 1));
}

/** A Poisson-distributed count with mean `mean` (Knuth; means here are small). */
export function poisson(r: Random, mean: number): number {
  if (mean <= 0) return 0;
  const limit = Math.exp(-mean);
  let k = 0;
  let p = r();
  while (p > limit) {
    k += 1;
    p *= r();
  }
  return k;
}
