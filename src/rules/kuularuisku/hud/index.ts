// Kuularuisku for the play HUD: pure readings of the game state into the ruleset-neutral play model
// (PlayView & co., defined once in src/core/play-view-types.ts), and the MOVE command a drag builds.
import type { KReading, KState } from '../state';
import type { Command, PlayFigureMove, TableQueries } from '../../../core';
import { contactReach, inContact } from '../contact';
import { baseOf } from '../table';
import { describePlay, type DescribeCtx } from './describe';
import { logLines } from './log';
import { moveModeNow } from './move-offer';
import { rulesPanel } from './rules-panel';

/** The play model under its former HUD names (engine.ts re-exports these for tests): the core types themselves. */
export type { PlayView as HudView, PlayLogLine as HudLogLine, PlayRuleEntry as HudRuleEntry, PlayFigureMove as HudFigureMove } from '../../../core';
export { describePlay, describeUnits, describeActions, activeUnitOf, type DescribeCtx } from './describe';
export { actionFor } from './actions';
export { activationExtras } from './extras';
export { moveOffer, moveModeNow } from './move-offer';
export { splitOffer } from './split-offer';
export { reachOutline, reachAlong, reachesOnFloor, floorReach, REACH_RAYS, FLOOR_CELL, type ReachInput } from './reach';
export { targetsFor, coverWords, mayShootNow } from './targets';
export { logLines, eventSide, type LoggedEvent } from './log';
export { rulesPanel, loadRuleIndex, RULE_INDEX, type RuleIndex } from './rules-panel';

/**
 * The MOVE command for the active unit's drag (K-2.4 mode from the action gate). `charge` names an
 * enemy unit: the same move as a charge at it (K-6.1a). Undefined when no unit may move now.
 */
export function moveCommand(s: KState, moves: readonly PlayFigureMove[], charge?: string): Command | undefined {
  const a = s.activation;
  if (!a) return undefined;
  const unitId = a.unitId;
  const u = s.units[unitId];
  if (!u) return undefined;
  const mode = charge ? 'charge' : moveModeNow(s, unitId) ?? 'normal';
  return {
    type: 'MOVE', side: u.side, unitId, mode,
    moves: moves.map((m) => ({ figureId: m.figureId, to: [m.to[0], m.to[1]], ...(m.floor !== undefined ? { floor: m.floor } : {}) })),
    ...(charge ? { targetId: charge } : {}),
  };
}

/**
 * K-6.1a the enemy unit a drag would touch (base to base within the house contact tolerance, in plan
 * and at about the same height level): the move is then a charge at it. With the table, contact is the
 * rules' own test (contact.ts: also across a fence, house contactAcrossObstacle). Undefined when none.
 */
export function contactedEnemy(s: KState, moves: readonly PlayFigureMove[], table?: TableQueries): string | undefined {
  const side = s.activation ? s.units[s.activation.unitId]?.side : undefined;
  if (!side) return undefined;
  const tol = (table ? contactReach(s.house) : s.house.contactTolerance) + 0.05;
  let best: { unitId: string; gap: number } | undefined;
  for (const m of moves) {
    const f = s.figures[m.figureId];
    if (!f) continue;
    for (const g of Object.values(s.figures)) {
      if (g.side === side || g.removed || g.condition === 'dead' || g.evacuation) continue;
      const gapNow = Math.hypot(g.at[0] - m.to[0], g.at[1] - m.to[1]) - f.baseRadius - g.baseRadius;
      if (gapNow > tol || (best && gapNow >= best.gap)) continue;
      if (table && gapNow > s.house.contactTolerance + 0.05) {
        const floor = m.floor ?? 0;
        if (!inContact(table, { ...baseOf(table, f, m.to, floor), floor }, { ...baseOf(table, g), floor: g.floor }, s.house)) continue;
      }
      best = { unitId: g.unitId, gap: gapNow };
    }
  }
  return best?.unitId;
}

/**
 * K-6.1a a move into contact is a charge: a drag the rules refused for touching an enemy, as the same
 * move declared as a charge at the unit it touches. Undefined when the refusal was for another reason.
 */
export function dragAsCharge(s: KReading, moves: readonly PlayFigureMove[], refusal: { reason: string; rule?: string }, table?: TableQueries): Command | undefined {
  if (refusal.rule !== 'K-6.1a') return undefined;
  const target = contactedEnemy(s, moves, table);
  return target ? moveCommand(s, moves, target) : undefined;
}

/** The play HUD's describer for Kuularuisku (the module's `hud`). */
export const kuularuiskuHud = {
  describe: (state: KReading, ctx: DescribeCtx) => describePlay(state, ctx),
  log: logLines,
  rules: (state?: KState) => rulesPanel(state?.house),
  moveCommand,
  contactedEnemy,
  dragAsCharge,
};

export type KuularuiskuHud = typeof kuularuiskuHud;
