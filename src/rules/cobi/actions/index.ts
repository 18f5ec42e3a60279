// C-3.3c the activated unit's one action (so far: hold, or move; a vehicle's in vehicle.ts): its events, or the refusal naming why.
import { tapeReading, type Command, type Dice, type Resolution, type SequenceCtx, type TableQueries } from '../../../core';
import type { Scenario } from '../../../scenario';
import { unitHeld, unitMoved } from '../events';
import { unitName } from '../scenario-data';
import { vehicleOf, type CState } from '../state';
import { actVehicle } from './vehicle';
import { checkMove, stepsOf } from './move';

type Ctx = SequenceCtx<Scenario, TableQueries> & { dice: Dice };

export function actCobi(s: CState, c: Command, ctx: Ctx): Resolution {
  const { scenario, table } = ctx;
  const unit = s.seq.unit;
  if (!unit) return { ok: false, reason: 'no unit is activated', rule: 'C-3.3a' };
  if (c.unitId !== undefined && c.unitId !== unit) return { ok: false, reason: `${unitName(scenario, unit)} is the unit activated`, rule: 'C-3.3a' };
  const name = unitName(scenario, unit);
  const vehicle = vehicleOf(s.table, unit);
  if (vehicle) return actVehicle(s, vehicle, c, scenario, table, ctx.dice);
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
  }
  return { ok: false, reason: `unknown action ${c.type}`, rule: 'C-3.3c' };
}
