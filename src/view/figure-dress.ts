// How a unit's figures are painted: the unit's uniform over its side's, over the table default
// (an olive coat and a peaked cap). Drawn only; the rules never read it.
import type { Scenario } from '../scenario';
import type { Headgear } from './figure-geometry';
import { PALETTE } from './palette';

export interface Dress {
  colour: string;
  headgear: Headgear;
}

export const DEFAULT_DRESS: Dress = { colour: PALETTE.figureCoat, headgear: 'peaked-cap' };

/** Every unit's dress by unit id; a unit not in the scenario gets the default. */
export function unitDress(scenario: Scenario): (unitId: string) => Dress {
  const bySide = new Map(scenario.sides.map((s) => [s.id, s.uniform] as const));
  const byUnit = new Map<string, Dress>();
  for (const u of scenario.units ?? []) {
    const side = bySide.get(u.side); // the side's uniform
    byUnit.set(u.id, {
      colour: u.uniform?.colour ?? side?.colour ?? DEFAULT_DRESS.colour,
      headgear: u.uniform?.headgear ?? side?.headgear ?? DEFAULT_DRESS.headgear,
    });
  }
  return (unitId) => byUnit.get(unitId) ?? DEFAULT_DRESS;
}
