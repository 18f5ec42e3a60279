// C-3.3c the activated unit's one action (hold, move, attack, hide, reload; a vehicle's in vehicle.ts),
// and in a vehicle's joint activation with a squad (C-3.3a) each one's: its events, or the refusal
// naming why; a weapon that failed its reload test forces the reload first (C-3.3.3.2h).
import { tapeReading, type Command, type Dice, type Resolution, type SequenceCtx, type TableQueries } from '../../../core';
import type { Scenario } from '../../../scenario';
import { unitHeld, unitMoved } from '../events';
import { unitName } from '../scenario-data';
import { vehicleOf, type CState } from '../state';
import { actionTaken, openUnits } from '../sequence/together';
import { attackInfantry } from './attack-infantry';
import { hideUnit } from './hide';
import { actVehicle } from './vehicle';
import { checkMove, stepsOf } from './move';
import { mustReload, reloadUnit } from './reload';

type Ctx = SequenceCtx<Scenario, TableQueries> & { dice: Dice };

export function actCobi(s: CState, c: Command, ctx: Ctx): Resolution {
  const { scenario } = ctx;
  if (!s.seq.unit) return { ok: false, reason: 'no unit is activated', rule: 'C-3.3a' };
  // C-3.3a the unit acting: the one activated, or the unit activated with it (C-AMB-3).
  const open = openUnits(s);
  const unit = typeof c.unitId === 'string' && open.some((o) => o.unit === c.unitId) ? c.unitId : open.length === 1 ? open[0]!.unit : s.seq.unit;
  if (c.unitId !== undefined && c.unitId !== unit) {
    const acting = open.length > 1 ? `${open.map((o) => unitName(scenario, o.unit)).join(' and ')} are the units acting` : `${unitName(scenario, unit)} is the unit activated`;
    return { ok: false, reason: acting, rule: 'C-3.3a' };
  }
  const only = open.find((o) => o.unit === unit)?.only;
  if (only && c.type !== only && c.type !== 'HOLD') return { ok: false, reason: `${unitName(scenario, unit)} act with the unit beside them: ${only} or hold (house vehicleWithSquad: same-action)`, rule: 'C-AMB-3' };
  const r = actUnit(s, unit, c, ctx);
  return r.ok ? { ok: true, events: [...r.events, ...actionTaken(s, unit, c.type, unitName(scenario, unit))] } : r;
}

/** One unit's action: a vehicle's (vehicle.ts), or a squad's hold, move, attack, hide or reload. */
function actUnit(s: CState, unit: string, c: Command, ctx: Ctx): Resolution {
  const { scenario, table } = ctx;
  const name = unitName(scenario, unit);
  const vehicle = vehicleOf(s.table, unit);
  // The acting unit's kind picks the procedure: a vehicle's (vehicle.ts), or a squad's below.
  if (vehicle) return actVehicle(s, vehicle, c, scenario, table, ctx.dice);
  if (c.type !== 'RELOAD' && mustReload(s.table, scenario, unit)) return { ok: false, reason: `${name} must reload first: a weapon failed its reload test`, rule: 'C-3.3.3.2h' };
  switch (c.type) {
    case 'HOLD':
      return { ok: true, events: [unitHeld(unit, `${name} hold`)] };
    case 'MOVE': {
      const steps = stepsOf(c.moves);
      if (!steps) return { ok: false, reason: 'a move needs "moves": [{ figureId, to: [x, z] }]', rule: 'C-3.3.1e' };
      const r = checkMove(s.table, unit, steps, scenario, table);
      if (!r.ok) return r;
      const longest = Math.max(...r.steps.map((m) => tapeReading(m.cm)));
      return { ok: true, events: [unitMoved(unit, r.steps, `${name} move up to ${longest.toFixed(1)} cm`)] };
    }
    case 'ATTACK':
      // C-3.3.3.2 the squad's attack (a squad acting with a vehicle, C-3.3a, fires as the unit acting).
      return attackInfantry(unit === s.seq.unit ? s : { ...s, seq: { ...s.seq, unit } }, c, ctx);
    case 'HIDE':
      return hideUnit(s.table, scenario, table, unit);
    case 'RELOAD':
      return reloadUnit(s.table, scenario, ctx.dice, unit);
  }
  return { ok: false, reason: `unknown action ${c.type}`, rule: 'C-3.3c' };
}
