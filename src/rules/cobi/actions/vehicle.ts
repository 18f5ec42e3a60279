// C-3.3c an activated vehicle's one action: hold, move (vehicle-move.ts), attack an enemy vehicle
// (attack-vehicle.ts) or reload. After a failed reload test the reload action is the only one
// (C-3.3.3.1j, C-AMB-5 house: the whole activation); after a jam the crew may reload or act otherwise.
// The legal list offers the paths a player most often drives — straight on, turned 45° or 90° either
// way, about-face, straight back — at full and half length, and each enemy vehicle the gun can hit.
import { facingOffset, type Command, type Dice, type Resolution, type TableQueries, type Vec2 } from '../../../core';
import type { Scenario } from '../../../scenario';
import { DEFAULT_HOUSE } from '../house';
import { unitName } from '../scenario-data';
import type { CState, CVehicle } from '../state';
import { turnCost } from '../vehicle/movement';
import { cardOf } from '../vehicle-table';
import { attackWithVehicle, checkTarget, enemyVehicles, gunRefusal, reloadAction } from './attack-vehicle';
import { legsOf, measureVehiclePath, type LegRequest } from './vehicle-move';

type Refusal = { ok: false; reason: string; rule: string };
const no = (reason: string, rule: string): Refusal => ({ ok: false, reason, rule });
const mm = (v: number) => Math.round(v * 10) / 10;

/** C-3.3c the vehicle's action: its events, or the refusal naming why. */
export function actVehicle(s: CState, v: CVehicle, c: Command, scenario: Scenario, table: TableQueries, dice: Dice): Resolution {
  const name = unitName(scenario, v.unit);
  if (v.gun === 'needs-reload' && c.type !== 'RELOAD') return no(`${name} must reload this activation, instead of any other action`, 'C-3.3.3.1j');
  switch (c.type) {
    case 'HOLD':
      return { ok: true, events: [{ type: 'UNIT_HELD', rule: 'C-3.3c', unit: v.unit, text: `${name} hold` }] };
    case 'MOVE': {
      const legs = legsOf(c.legs);
      if (!legs) return no('a vehicle\'s move needs "legs": [{ to: [x, z], facing? }]', 'C-3.3.1a');
      const path = measureVehiclePath(scenario, table, s.table, v, legs, c.reverse === true);
      if (!path.ok) return path;
      // "turn 90° (10 cm), 6 cm forward, paved road (+10 cm)": a drive's part is its own length.
      const parts = path.cost.parts.map((p) => (/ cm (forward|back)$/.test(p.what) ? `${mm(p.cm)} cm ${p.what.split(' ').pop()}` : `${p.what} (${p.cm < 0 ? '+' : ''}${mm(Math.abs(p.cm))} cm)`)).join(', ');
      return {
        ok: true, events: [{
          type: 'VEHICLE_MOVED', rule: 'C-3.3.1a', vehicle: v.id, unit: v.unit, to: [path.at[0], path.at[1]], facing: mm(path.facing), spent: path.cost.spent, left: path.cost.left,
          text: `${name} ${c.reverse === true ? 'reverse' : 'move'}: ${parts}; ${mm(path.cost.spent)} of ${mm(path.cost.allowance)} cm, ${mm(path.cost.left)} cm left`,
        }],
      };
    }
    case 'ATTACK':
      return attackWithVehicle(s, v, c, scenario, table, dice);
    case 'RELOAD':
      return reloadAction(scenario, v, dice);
    case 'HIDE':
      return no(`${name}: a vehicle's crew camouflage it instead (C-3.3.2b), not played yet`, 'C-3.3.2b');
  }
  return no(`unknown action ${c.type}`, 'C-3.3c');
}

/** The point up to `length` cm ahead of `at` on `heading`, the offset cut to the millimetre towards `at` (never longer). */
function ahead(at: Vec2, heading: number, length: number): Vec2 {
  const [dx, dz] = facingOffset(heading, length, 0);
  const cut = (v: number) => Math.trunc(Math.round(v * 1e6) / 1e5) / 10;
  return [Math.round((at[0] + cut(dx)) * 1000) / 1000, Math.round((at[1] + cut(dz)) * 1000) / 1000];
}

/** The offered paths: turned by `turn` (0 straight on), then on for the full cm left and for half; straight back in full and half. */
function candidatePaths(v: CVehicle): Array<{ legs: LegRequest[]; reverse?: true }> {
  const card = cardOf(v);
  const out: Array<{ legs: LegRequest[]; reverse?: true }> = [];
  for (const turn of [0, 45, -45, 90, -90, 180]) {
    const heading = (((v.facing + turn) % 360) + 360) % 360;
    const left = card.move - turnCost(turn, card.turn, DEFAULT_HOUSE.turnCost);
    // A turn on the spot first, then the drive: the same cost as driving straight to the point.
    for (const length of [left, left / 2]) if (length >= 1) out.push({ legs: [{ to: ahead(v.at, heading, length) }] });
  }
  for (const length of [card.reverse, card.reverse / 2]) if (length >= 1) out.push({ legs: [{ to: ahead(v.at, (v.facing + 180) % 360, length) }], reverse: true });
  return out;
}

/** The actions the activated vehicle may take now, each with its side (only those the rules take). */
export function vehicleActions(s: CState, v: CVehicle, side: string, scenario: Scenario, table: TableQueries): Command[] {
  const unitId = v.unit;
  if (v.gun === 'needs-reload') return [{ type: 'RELOAD', side, unitId }];
  const out: Command[] = [{ type: 'HOLD', side, unitId }];
  if (v.gun === 'jammed') out.push({ type: 'RELOAD', side, unitId });
  if (!gunRefusal(scenario, v)) {
    for (const target of enemyVehicles(s.table, v.side)) {
      if (!checkTarget(scenario, table, s.table, v, target).refusal) out.push({ type: 'ATTACK', side, unitId, target: target.unit });
    }
  }
  for (const p of candidatePaths(v)) {
    if (measureVehiclePath(scenario, table, s.table, v, p.legs, p.reverse === true).ok) {
      out.push({ type: 'MOVE', side, unitId, legs: p.legs.map((l) => ({ to: [l.to[0], l.to[1]] })), ...(p.reverse ? { reverse: true } : {}) });
    }
  }
  return out;
}
