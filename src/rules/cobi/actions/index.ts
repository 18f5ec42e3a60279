// C-3.3c the activated unit's one action (hold, move, attack, hide, reload): its events, or the refusal
// naming why; a weapon that failed its reload test forces the reload first (C-3.3.3.2h).
import { tapeReading, type Command, type Dice, type Resolution, type SequenceCtx, type TableQueries } from '../../../core';
import type { Scenario } from '../../../scenario';
import { unitHeld, unitMoved } from '../events';
import { unitName } from '../scenario-data';
import type { CState } from '../state';
import { attackInfantry } from './attack-infantry';
import { hideUnit } from './hide';
import { checkMove, stepsOf } from './move';
import { mustReload, reloadUnit } from './reload';

type Ctx = SequenceCtx<Scenario, TableQueries> & { dice: Dice };

export function actCobi(s: CState, c: Command, ctx: Ctx): Resolution {
  const { scenario, table } = ctx;
  const unit = s.seq.unit;
  if (!unit) return { ok: false, reason: 'no unit is activated', rule: 'C-3.3a' };
  if (c.unitId !== undefined && c.unitId !== unit) return { ok: false, reason: `${unitName(scenario, unit)} is the unit activated`, rule: 'C-3.3a' };
  const name = unitName(scenario, unit);
  if (c.type !== 'RELOAD' && mustReload(s.table, scenario, unit)) return { ok: false, reason: `${name} must reload first: a weapon failed its reload test`, rule: 'C-3.3.3.2h' };
  const kind = s.table.units.find((u) => u.id === unit)?.type;
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
      // The attacking unit's kind picks the procedure: infantry here (C-3.3.3.2), vehicles with C-3.3.3.1.
      if (kind === 'vehicle') return { ok: false, reason: `${name}: vehicle attacks (C-3.3.3.1) are not played yet`, rule: 'C-3.3.3.1' };
      return attackInfantry(s, c, ctx);
    case 'HIDE':
      if (kind === 'vehicle') return { ok: false, reason: `${name}: vehicles camouflage instead (C-3.3.2b), not played yet`, rule: 'C-3.3.2b' };
      return hideUnit(s.table, scenario, table, unit);
    case 'RELOAD':
      return reloadUnit(s.table, scenario, ctx.dice, unit);
  }
  return { ok: false, reason: `unknown action ${c.type}`, rule: 'C-3.3c' };
}
