// A pure test over a unit's soldiers asked in a better order: the soldier who failed it at the last try
// first. A unit shifted a little less each try mostly fails again at the same soldier (the same wall,
// the same friend in the way), so one query answers instead of one per soldier before him.

/**
 * Which of the soldiers 0 … n-1 fails the pure test `fails`: soldier `first` when he does, else the
 * lowest index that does, else -1. Whether any fails is the same as asking them in order (the test
 * reads nothing that the asking changes); with `first` 0 it is exactly the in-order answer.
 */
export function failingSoldier(n: number, first: number, fails: (i: number) => boolean): number {
  if (first < n && fails(first)) return first;
  for (let i = 0; i < n; i++) if (i !== first && fails(i)) return i;
  return -1;
}
