// Length units: the world is in centimetres; Shturm players read inches (1" = 2.54 cm).

export const CM_PER_INCH = 2.54;
export type LengthUnit = 'cm' | 'in';

export const cmToInches = (cm: number): number => cm / CM_PER_INCH;
export const inchesToCm = (inches: number): number => inches * CM_PER_INCH;

/** Format a centimetre length in the unit players of a scenario read. */
export function formatLength(cm: number, unit: LengthUnit, digits = 1): string {
  return unit === 'in' ? `${cmToInches(cm).toFixed(digits)}″` : `${cm.toFixed(digits)} cm`;
}
