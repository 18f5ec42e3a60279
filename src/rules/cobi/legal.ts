// The actions the activated unit may take now, each with its side: hold, and the moves the rules accept
// of the whole squad the same way along one of the eight compass points, at the full 15 cm and at half
// (C-3.3.1e); an attack on each enemy unit the squad can fire at (C-3.3.3.2); hiding when allowed
// (C-3.3.2d); reloading (C-3.3.3.2h: only that while a weapon failed its reload test). A player may
// send any other move; the rules measure it.
import type { Command, TableQueries, Vec2 } from '../../core';
import type { Scenario } from '../../scenario';
import { planAttack } from './actions/attack-infantry';
import { hideRefusal } from './actions/hide';
import { INFANTRY_MOVE, checkMove } from './actions/move';
import { mustReload, toReload } from './actions/reload';
import { vehicleActions } from './actions/vehicle';
import { openUnits } from './sequence/together';
import { unitFigures, vehicleOf, type CState } from './state';

const COMPASS = [0, 45, 90, 135, 180, 225, 270, 315];

/** The squad's figures each moved `length` cm along `bearing` (degrees, 0 = north), to the millimetre. */
export function squadStep(s: CState, unit: string, bearing: number, length: number): Array<{ figureId: string; to: Vec2 }> {
  const r = (bearing * Math.PI) / 180;
  const [dx, dz] = [length * Math.sin(r), length * Math.cos(r)];
  const mm = (v: number) => Math.round(v * 10) / 10;
  return unitFigures(s.table, unit).map((f) => ({ figureId: f.id, to: [mm(f.at[0] + dx), mm(f.at[1] + dz)] }));
}

export function cobiActions(s: CState, scenario: Scenario, table: TableQueries): Command[] {
  const { unit, side } = s.seq;
  if (s.seq.step !== 'activation' || !unit || !side) return [];
  // C-3.3a the units acting (a vehicle and the squad beside it each act once; C-AMB-3 the second as the first did, or holds).
  return openUnits(s).flatMap((o) => unitActions(s, o.unit, side, scenario, table).filter((c) => !o.only || c.type === o.only || c.type === 'HOLD'));
}

function unitActions(s: CState, unit: string, side: string, scenario: Scenario, table: TableQueries): Command[] {
  const vehicle = vehicleOf(s.table, unit);
  if (vehicle) return vehicleActions(s, vehicle, side, scenario, table);
  if (mustReload(s.table, scenario, unit)) return [{ type: 'RELOAD', side, unitId: unit }];
  const out: Command[] = [{ type: 'HOLD', side, unitId: unit }];
  for (const length of [INFANTRY_MOVE, INFANTRY_MOVE / 2]) {
    for (const bearing of COMPASS) {
      const moves = squadStep(s, unit, bearing, length);
      // Only those the rules take (a full move up a slope or into a wood is refused; the half may be taken).
      if (checkMove(s.table, unit, moves, scenario, table).ok) out.push({ type: 'MOVE', side, unitId: unit, moves });
    }
  }
  out.push(...attackCommands(s, scenario, table, unit));
  if (!hideRefusal(s.table, scenario, table, unit)) out.push({ type: 'HIDE', side, unitId: unit });
  if (toReload(s.table, unit).length) out.push({ type: 'RELOAD', side, unitId: unit });
  return out;
}

/** C-3.3.3.2a an ATTACK on each enemy unit the activated infantry squad (or the squad acting with a vehicle, C-3.3a) can fire at now. */
export function attackCommands(s: CState, scenario: Scenario, table: TableQueries, unit: string | null = s.seq.unit): Command[] {
  const { side } = s.seq;
  const own = s.table.units.find((u) => u.id === unit);
  if (!unit || !side || !own || own.type === 'vehicle') return [];
  return s.table.units
    .filter((u) => u.side !== own.side && planAttack(s.table, scenario, table, unit, u.id).ok)
    .map((u) => ({ type: 'ATTACK', side, unitId: unit, target: u.id }));
}
