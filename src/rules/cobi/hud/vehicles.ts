// COBI's vehicles as the play HUD shows them: each a unit of one hull figure drawn from the game state
// (where it stands, its hull and turret headings, its condition and marks, C-3.3.3.1q), the vehicle's
// actions as buttons ("Turn 45° right, forward 18 cm", "Fire at Sherman", "Reload (+2)"), its targets
// with the range, cover and the refusal where it may not fire, and the owner's hit-location choice.
import { angleBetween, bearing, formatDistance, hypot, type Command, type PendingDecision, type PlayAction, type PlayTarget, type PlayUnit, type TableQueries } from '../../../core';
import type { Scenario } from '../../../scenario';
import { checkTarget, enemyVehicles, gunRefusal } from '../actions/attack-vehicle';
import { unitName } from '../scenario-data';
import { vehicleOf, type CState, type CVehicle } from '../state';
import { relativeAngle } from '../vehicle/aspect';
import { cardOf } from '../vehicle-table';

/** C-3.3.3.1q the vehicle's condition as a word, and its marks for the card. */
export function vehicleCondition(v: CVehicle): string {
  if (v.wreck) return 'wreck';
  if (v.crew <= 0) return 'crew lost';
  return v.marks.length ? v.marks.join(', ') : 'intact';
}

/** The vehicle as a play unit: one hull figure, drawn where the game has it (a wreck stays drawn, its turret off: C-3.3.3.1q). */
export function vehicleUnit(s: CState, v: CVehicle, scenario: Scenario): PlayUnit {
  const card = cardOf(v);
  const acted = s.seq.acted.includes(v.unit);
  const status = [s.seq.unit === v.unit ? 'acting' : acted ? 'activated' : '', v.gun === 'loaded' ? '' : v.gun === 'jammed' ? 'gun jammed' : 'must reload', ...v.marks, v.wreck ? 'wreck' : ''].filter(Boolean);
  return {
    id: v.unit, side: v.side, name: unitName(scenario, v.unit), kind: 'vehicle', status,
    strength: { now: v.crew, start: card.crew },
    figures: [{
      id: v.id, unitId: v.unit, side: v.side, at: [v.at[0], v.at[1]], floor: 0, facing: v.facing, condition: vehicleCondition(v),
      weapon: card.name, hull: { length: v.hull.length, width: v.hull.width, height: v.hull.height, running: 'tracks', turret: card.turret && !v.wreck }, turretFacing: v.turret,
    }],
    activated: acted,
  };
}

const side = (turn: number) => (turn > 0 ? 'right' : 'left');

/** A vehicle MOVE as its button reads: "Forward 28 cm", "Turn 45° right, forward 18 cm", "Reverse 10 cm". */
function vehicleMoveAction(v: CVehicle, c: Command): PlayAction | undefined {
  const legs = c.legs as Array<{ to: [number, number]; facing?: number }> | undefined;
  const first = legs?.[0];
  if (!first) return undefined;
  const length = hypot(first.to[0] - v.at[0], first.to[1] - v.at[1]);
  if (c.reverse === true) return { id: `vmove:back:${length.toFixed(1)}`, label: `Reverse ${formatDistance(length)}`, rule: 'C-3.3.1a', hint: 'Straight back, CARD-2', command: c };
  const turn = Math.round(relativeAngle(bearing(v.at, first.to) - v.facing));
  const turnText = Math.abs(turn) < 1 ? '' : Math.abs(turn) >= 179 ? 'About-face, ' : `Turn ${Math.abs(turn)}° ${side(turn)}, `;
  const label = `${turnText}${turnText ? 'forward' : 'Forward'} ${formatDistance(length)}`;
  return { id: `vmove:${turn}:${length.toFixed(1)}`, label, rule: turn ? 'C-3.3.1b' : 'C-3.3.1a', command: c };
}

/** The buttons of a vehicle's actions (undefined for a command that is not one). */
export function vehicleActionOf(s: CState, c: Command, scenario: Scenario): PlayAction | undefined {
  const v = typeof c.unitId === 'string' ? vehicleOf(s.table, c.unitId) : undefined;
  if (c.type === 'CHOOSE_LOCATION') return { id: `location:${String(c.location)}`, label: `Hit on the ${String(c.location)}`, rule: 'C-3.3.3.1m', command: c };
  if (!v) return undefined;
  switch (c.type) {
    case 'HOLD': return { id: 'hold', label: 'Hold', rule: 'C-3.3c', hint: 'The vehicle does nothing this round', command: c };
    case 'MOVE': return vehicleMoveAction(v, c);
    case 'ATTACK': return { id: `fire:${String(c.target)}`, label: `Fire at ${unitName(scenario, String(c.target))}`, rule: 'C-3.3.3.1', command: c };
    case 'RELOAD': return { id: 'reload', label: 'Reload (+2)', rule: v.gun === 'jammed' ? 'C-3.3.3.1i' : 'C-3.3.3.1j', command: c };
    default: return undefined;
  }
}

/** The hit-location choice's options as buttons, with what each would do (the default first). */
export function decisionActions(d: PendingDecision): PlayAction[] {
  return d.options.map((o) => ({ id: `location:${String(o.command.location)}`, label: o.label, rule: d.rule, command: o.command }));
}

/** The active vehicle's targets: every enemy vehicle with its range and cover, and why the gun may not fire where it may not. */
export function vehicleTargets(s: CState, scenario: Scenario, table: TableQueries, legal: readonly Command[]): PlayTarget[] {
  const v = s.seq.unit ? vehicleOf(s.table, s.seq.unit) : undefined;
  if (!v || s.seq.step !== 'activation') return [];
  const gun = gunRefusal(scenario, v);
  return enemyVehicles(s.table, v.side).map((target) => {
    const check = checkTarget(scenario, table, s.table, v, target);
    const command = legal.find((c) => c.type === 'ATTACK' && c.target === target.unit);
    const refusal = gun ?? check.refusal;
    const sight = check.sight;
    const notes = sight.clear ? [`${angleBetween(bearing(target.at, v.at), target.facing) <= 30 ? 'facing the gun' : 'seen from the side or behind'}`, `aim point: ${sight.point}`] : [];
    return {
      unitId: target.unit, name: unitName(scenario, target.unit), side: target.side,
      distance: sight.clear ? sight.range : hypot(target.at[0] - v.at[0], target.at[1] - v.at[1]),
      visible: sight.clear ? 1 : 0, total: 1,
      cover: sight.clear ? (sight.cover ? `${sight.cover} cover (${sight.coverBy})` : 'open') : 'not seen',
      ...(command && !refusal ? { command } : {}),
      ...(refusal ? { refusal: { reason: refusal.reason, rule: refusal.rule } } : {}),
      notes,
    };
  });
}
