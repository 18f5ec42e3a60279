// Distances as the play HUD shows them, in the ruleset module's measure: one function so every label
// (targets, moves, templates) reads the same, "12.3 cm" or "4.8″", formatted as the tools' lengths are
// (formatLength). Table lengths are cm everywhere in the model.
import { cmToInches, formatLength } from './units';

/** A ruleset module's unit of measure for its players. */
export type Measure = 'cm' | 'inch';

/** A table length (cm) in the unit of `measure`, unrounded. */
export function inMeasure(cm: number, measure: Measure = 'cm'): number {
  return measure === 'inch' ? cmToInches(cm) : cm;
}

/** A table length (cm) as a player reads it: tenths, "12.3 cm" or "4.8″" (absent measure: cm). */
export function formatDistance(cm: number, measure: Measure = 'cm'): string {
  // A hair under zero reads as 0.0, not -0.0.
  return formatLength(Math.abs(cm) < 0.05 ? 0 : cm, measure === 'inch' ? 'in' : 'cm');
}
