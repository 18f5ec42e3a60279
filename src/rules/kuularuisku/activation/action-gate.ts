// K-2.4 the order of an activation's parts: which soldier-level command the activating unit may give
// now (move and shoot once each, in the chosen order; fast move without shooting; pinned: shoot only).
import type { KActivation, KState } from '../state';
import type { SoldierCommand } from './soldier-command';

/** The voluntary move modes of an activation (K-4.0, K-4.1, K-1.0c, K-6.1a charge, K-1.2 join). */
export type MoveMode = 'normal' | 'fast' | 'regroup' | 'charge' | 'join';

export type Gate = { ok: true; part: 'move' | 'shoot' | 'other'; mode?: MoveMode } | { ok: false; reason: string; rule: string };

const no = (reason: string, rule: string): Gate => ({ ok: false, reason, rule });

/** Did a figure of `unitId` among `ids` (the activation's movers or shooters) act? (A loop: asked at every random pick.) */
function anyOf(s: KState, ids: readonly string[], unitId: string): boolean {
  for (const id of ids) {
    const f = s.figures[id];
    if (f?.unitId === unitId || f?.homeUnitId === unitId) return true;
  }
  return false;
}

// Each action's move modes, the first the default (read only: shared, not made per call).
const MODES_ALL: readonly MoveMode[] = ['normal', 'charge', 'join'];
const MODES_NO_CHARGE: readonly MoveMode[] = ['normal', 'join'];
const MODES_FAST_CHARGE: readonly MoveMode[] = ['fast', 'charge', 'join'];
const MODES_FAST: readonly MoveMode[] = ['fast', 'join'];
const MODES_REGROUP: readonly MoveMode[] = ['regroup', 'join'];

/** Is the unit acting now: one of the activation's units, or a covering-fire half split from one (K-1.1a/b, K-AMB-2). */
export function activating(s: KState, a: KActivation, unitId: string): boolean {
  if (a.units.includes(unitId)) return true;
  const from = s.units[unitId]?.splitFrom;
  return !!from && s.house.splitActsOnOneCard && a.units.includes(from);
}

export function partOf(c: SoldierCommand): 'move' | 'shoot' | 'other' {
  return c.type === 'MOVE' ? 'move' : c.type === 'SHOOT' ? 'shoot' : 'other';
}

/** May the activating side give this soldier-level command now? (K-2.4a–c, K-4.1a, K-6.3, K-7.1c) */
export function actionGate(s: KState, c: SoldierCommand): Gate {
  const a = s.activation;
  if (!a) return no('no unit is activating: soldiers act only in their unit\'s activation', 'K-2.1b');
  const unitId = c.unitId ?? a.unitId;
  if (!activating(s, a, unitId)) return no(`${s.units[unitId]?.name ?? unitId} is not activating now (${s.units[a.unitId]?.name ?? a.unitId} is)`, 'K-2.0b');
  const side = s.units[a.unitId]?.side;
  if (c.side && c.side !== side) return no(`it is ${side}'s activation`, 'K-2.1b');
  const part = partOf(c);
  if (c.type === 'SPLIT' && !actionGate(s, { type: 'MOVE', unitId }).ok && !actionGate(s, { type: 'SHOOT', unitId }).ok) {
    // K-1.1a/b the covering-fire group stays and shoots while "the other part acts normally": once the
    // unit may neither move nor shoot any more this activation, no part is left to act or to cover.
    return no('the unit has done all its action: no part is left to act while a group covers it', 'K-1.1b');
  }
  if (part === 'other') return { ok: true, part };
  if (part === 'shoot' && !a.units.includes(unitId)) {
    // K-1.1b / K-AMB-2 the covering-fire half acts on its parent's card and can only shoot: once,
    // whatever its parent's action (covering a fast move is what the split is for).
    return a.supportShot?.includes(unitId) ? no('the covering-fire group has shot already this activation', 'K-5.1a') : { ok: true, part };
  }
  if (a.charged || a.phase === 'done') return no('the unit charged this activation: it can do nothing more', 'K-6.3b');
  const moved = anyOf(s, a.moved, unitId), shot = anyOf(s, a.shot, unitId);
  const action = a.action;
  if (!action) return no('choose the action first', 'K-2.4a');
  if (part === 'move') {
    if (moved) return no('the unit has moved already: no soldier may move again (all movers move in one go)', 'K-2.4c');
    let modes: readonly MoveMode[];
    switch (action) {
      case 'move-shoot':
        if (shot) return no('move, then shoot: the shooting is done, so the move part is over', 'K-2.4b');
        modes = MODES_ALL;
        break;
      case 'shoot-move':
        // K-AMB-11 house: a charge after shooting only when shootThenCharge is on.
        modes = shot && !s.house.shootThenCharge ? MODES_NO_CHARGE : MODES_ALL;
        break;
      case 'fast-move':
        // K-AMB-11 house: charging with a fast move only when fastCharge is on.
        modes = s.house.fastCharge ? MODES_FAST_CHARGE : MODES_FAST;
        break;
      case 'regroup':
        modes = MODES_REGROUP;
        break;
      case 'shoot':
        return no('the unit chose to shoot only', 'K-2.4a');
      default:
        return no(`a unit that must ${action} cannot move as it wishes`, action === 'rout' ? 'K-7.3d' : 'K-6.3a');
    }
    const asked = typeof c.mode === 'string' ? (c.mode as MoveMode) : undefined;
    if (asked === undefined) return { ok: true, part, mode: modes[0]! };
    if (modes.includes(asked)) return { ok: true, part, mode: asked };
    const rule = action === 'fast-move' || asked === 'fast' ? (asked === 'charge' ? 'K-AMB-11' : 'K-4.1a') : action === 'regroup' ? 'K-1.0c' : asked === 'charge' ? 'K-AMB-11' : 'K-2.4a';
    return no(`a ${asked} move is not part of "${action}" now`, rule);
  }
  if (shot) return no('the unit has shot already: no soldier may shoot again (all shooters fire in one go)', 'K-2.4c');
  switch (action) {
    case 'move-shoot':
    case 'shoot':
      return { ok: true, part };
    case 'shoot-move':
      return moved ? no('shoot, then move: the move is done, so the shooting part is over', 'K-2.4b') : { ok: true, part };
    case 'fast-move':
      return no('a fast-moving unit cannot shoot', 'K-4.1a');
    case 'regroup':
      return no('the unit must use this activation to move back into formation', 'K-1.0c');
    default:
      return no(`a unit that must ${action} cannot shoot`, action === 'rout' ? 'K-7.3d' : 'K-6.3a');
  }
}
