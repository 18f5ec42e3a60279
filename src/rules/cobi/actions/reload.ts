// C-3.3.3.2h / C-3.3.3.2b the reload action: each figure of the squad whose weapon needs reloading or
// is jammed tests its reload range at +2 (C-AMB-6: at least the low end); a failure leaves it so, to be
// repeated (C-GAP-7). A failed reload test forces the action: the squad does nothing else (C-3.3.3.2h);
// a jam only allows it (C-AMB-5 house jamReload "may"; option jam-forces-reload).
import type { Dice, GameEvent, Resolution } from '../../../core';
import type { Scenario } from '../../../scenario';
import { reloadTested } from '../events';
import { playData, weaponOf } from '../play-data';
import { figureName, unitName } from '../scenario-data';
import { unitFigures, type CFigure, type CTable } from '../state';

/** C-3.3.3.2h the reload action's bonus. */
export const RELOAD_BONUS = 2;

const reloadable = (f: CFigure) => f.weaponState === 'needs-reload' || f.weaponState === 'jammed';

/** The unit's figures whose weapons a reload action would test. */
export const toReload = (t: CTable, unit: string): CFigure[] => unitFigures(t, unit).filter(reloadable);

/** C-3.3.3.2h / C-AMB-5 must the unit reload before anything else? */
export function mustReload(t: CTable, scenario: Scenario, unit: string): boolean {
  const jamForces = playData(scenario).house.jamReload === 'must';
  return unitFigures(t, unit).some((f) => f.weaponState === 'needs-reload' || (jamForces && f.weaponState === 'jammed'));
}

/** C-3.3.3.2h the RELOAD action: a test at +2 for each weapon that needs it. */
export function reloadUnit(t: CTable, scenario: Scenario, dice: Dice, unit: string): Resolution {
  const figures = toReload(t, unit);
  if (!figures.length) return { ok: false, reason: `${unitName(scenario, unit)} has no weapon to reload`, rule: 'C-3.3.3.2h' };
  const events: GameEvent[] = [];
  for (const f of figures) {
    const w = weaponOf(scenario, f.weapon);
    const need = w?.reload?.[0] ?? 1;
    const who = figureName(scenario, unit, f.id);
    const roll = dice.roll(6, `${who}: reload action (${need}–6, +${RELOAD_BONUS})`, 'C-3.3.3.2h');
    const loaded = roll + RELOAD_BONUS >= need;
    events.push(reloadTested(f.id, roll, RELOAD_BONUS, need, loaded, 'C-3.3.3.2h', `${who} reloads: ${roll} + ${RELOAD_BONUS} ${loaded ? `≥ ${need}: loaded` : `< ${need}: not yet (again next activation)`}`));
  }
  return { ok: true, events };
}
