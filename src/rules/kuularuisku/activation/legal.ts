// The commands the rules themselves may list now: an owner's or a charged side's answer, a charge's
// step awaiting its roll, the actions a unit offered its card may choose, and in an activation the
// shots at valid targets and the scenario's special commands. The sequence's steps (the turn's start,
// the draw, readiness, pass, ready, a leader's command, the activation's and the turn's end) are the
// sequence machine's: the composed module lists them (src/flow) with these.
// Moves are not listed (a player proposes one, by a drag or its planner, and decide judges it).
import type { KState } from '../state';
import type { TableQueries } from '../../../core';
import type { Scenario } from '../../../scenario';
import { liveFigures } from '../table';
import { shootingCandidates } from '../visibility';
import { actionGate, activating } from './action-gate';
import type { FlowCommand } from './commands';
import { offerOptions, type OfferOptions } from './offer';
import { phaseOf } from './phase';
import type { SoldierCommand } from './soldier-command';
import { specialCommands } from '../special-play';
import { ownerAnswers } from './wound-choice';
import { isOwnerChoice } from '../flow-types';

export type KCommand = FlowCommand | SoldierCommand;

export function legalCommands(s: KState, ctx: { scenario: Scenario; table: TableQueries }): KCommand[] {
  const p = phaseOf(s);
  switch (p.kind) {
    case 'choice':
      if (isOwnerChoice(p.choice)) return ownerAnswers(s, p.choice) as KCommand[];
      return p.choice.kind === 'defensive-fire'
        ? [{ type: 'DEFENSIVE_FIRE', side: p.choice.side, fire: true }, { type: 'DEFENSIVE_FIRE', side: p.choice.side, fire: false }]
        : [{ type: 'GRENADES', side: p.choice.side, use: true }, { type: 'GRENADES', side: p.choice.side, use: false }];
    // A step of the rules' own (a charge's test); a forced step at the offer is the sequence's.
    case 'pending':
      return s.tableFlow.pending ? [{ type: 'RESOLVE', side: p.pending.side, step: p.pending.kind }] : [];
    case 'offer':
      return activateCommands(p.offer, offerOptions(s, p.offer, ctx.table));
    case 'activation':
      return [...activationShots(s, ctx.table), ...specialCommandsNow(s, p.side)];
    default:
      return [];
  }
}

/** The unit offered a card (K-2.1) and what it may do with it. */
export type Offer = Extract<ReturnType<typeof phaseOf>, { kind: 'offer' }>['offer'];

/** The offer's ACTIVATE commands, one per action and choice of leaders. */
export function activateCommands(o: Offer, opts: OfferOptions): KCommand[] {
  const out: KCommand[] = [];
  const leaderChoices = opts.leaders.length ? opts.leaders : [undefined];
  for (const action of opts.actions) {
    for (const leaders of leaderChoices) out.push({ type: 'ACTIVATE', side: o.side, unitId: o.unitId, action, ...(leaders ? { leaders } : {}) });
  }
  return out;
}

/** The activation's units and the covering-fire halves split from them during it (K-1.1). */
export function actingUnits(s: KState): string[] {
  const a = s.activation!;
  const out = [...a.units];
  // A split half acts on its parent's card only by house rule (activating): without it there is none to look for
  // (asked at every pick of an activation: no pass over every unit then).
  if (!s.house.splitActsOnOneCard) return out;
  for (const id in s.units) {
    const u = s.units[id]!;
    if (!a.units.includes(u.id) && activating(s, a, u.id)) out.push(u.id);
  }
  return out;
}

/** K-5.1a a unit's shots at the targets the rules find valid, given by the activating side. */
export function unitShots(s: KState, unitId: string, side: string, table: TableQueries): KCommand[] {
  const u = s.units[unitId];
  if (!u || !liveFigures(s, u).length) return [];
  return shootingCandidates(s, unitId, { table }).filter((o) => o.valid).map((o) => ({ type: 'SHOOT', side, unitId, targetId: o.targetId }));
}

/** The shots the activating units may make now (a leader joined to a unit acts with it, not apart). */
function activationShots(s: KState, table: TableQueries): KCommand[] {
  const side = s.units[s.activation!.unitId]!.side;
  const out: KCommand[] = [];
  for (const unitId of actingUnits(s)) {
    const u = s.units[unitId];
    if (!u || (u.kind === 'leader' && u.joinedTo)) continue;
    if (actionGate(s, { type: 'SHOOT', side, unitId }).ok) out.push(...unitShots(s, unitId, side, table));
  }
  return out;
}

/** Scenario special commands the activating side may give now (fire from off the table, a demolition charge): all legal. */
export function specialCommandsNow(s: KState, side: string): KCommand[] {
  if (!s.special) return [];
  return specialCommands(s, s.activation!.unitId).map((c) => ({ ...c, side }));
}
