// C-3.3.3.2d the range modifier: the distance between shooter and target against the weapon's bands
// (weapons.json; the book's bands are lost, C-GAP-9: house bands meet its two data points, a pistol at
// 44 cm −2 and the Panther's gun at 50 cm 0).
import type { RangeBand } from '../weapons';

export type RangeModifier = { inRange: true; mod: number; band: number } | { inRange: false; reason: string };

/** The modifier at `distance` cm: the first band whose upTo reaches it (inclusive); past the last closed band, out of range. */
export function rangeModifier(bands: readonly RangeBand[], distance: number): RangeModifier {
  for (const [i, b] of bands.entries()) {
    if (b.upTo === null || distance <= b.upTo + 1e-9) return { inRange: true, mod: b.mod, band: i };
  }
  const last = bands[bands.length - 1];
  return { inRange: false, reason: last ? `${Math.round(distance * 10) / 10} cm is beyond the weapon's ${last.upTo} cm` : 'the weapon is not fired on its own' };
}
