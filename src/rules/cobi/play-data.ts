// The data a scenario plays with (shipped weapons and house values, its `rules` on top), read once per
// scenario object: the rules ask it for every candidate attack. Validation has already reported any
// issue, so the data is taken as it comes back.
import type { Scenario } from '../../scenario';
import { cobiData, type CobiData } from './data';
import type { Weapon } from './weapons';

const MEMO = new WeakMap<Scenario, CobiData>();

export function playData(scenario: Scenario): CobiData {
  let d = MEMO.get(scenario);
  if (!d) MEMO.set(scenario, (d = cobiData(scenario.rules).data));
  return d;
}

/** C-4.2 a weapon by id (the scenario's, else the shipped one). */
export function weaponOf(scenario: Scenario, id: string): Weapon | undefined {
  return playData(scenario).weapons.get(id);
}
