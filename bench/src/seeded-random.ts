/** A seeded generator of numbers in [0, 1): the same seed gives the same numbers, so a run can be repeated. */
export function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}
