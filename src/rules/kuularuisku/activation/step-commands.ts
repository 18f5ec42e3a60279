// The sequence's steps as a bare table reads them (its KSeq), with the rules' own commands in the order
// a player and the HUD list them: what a reader without the sequence machine (the random player, the
// HUD of a table alone) offers. In a played game the composed module lists the machine's steps (src/flow).
import type { TableQueries } from '../../../core';
import type { Scenario } from '../../../scenario';
import type { KReading, KState } from '../state';
import { legalCommands, otherOfferCommands, type KCommand } from './legal';
import { offerOptions } from './offer';
import { phaseOf } from './phase';
import { readyUnits } from './readiness';

/** Every command the side to act may give now at a bare table: the sequence's steps and the rules' own. */
export function tableCommands(s: KReading, ctx: { scenario: Scenario; table: TableQueries }): KCommand[] {
  const p = phaseOf(s);
  switch (p.kind) {
    case 'offer':
      return [...legalCommands(s, ctx), ...otherOfferCommands(p.offer, offerOptions(s, p.offer, ctx.table))];
    case 'activation':
      return [...legalCommands(s, ctx), { type: 'END_ACTIVATION', side: p.side }];
    default:
      return [...stepCommands(s), ...legalCommands(s, ctx)];
  }
}

/** The sequence's step outside an offer and an activation; any player may take the turn's steps (they carry the first side). */
function stepCommands(s: KReading): KCommand[] {
  const p = phaseOf(s);
  switch (p.kind) {
    case 'between-turns':
      return [{ type: 'BEGIN_TURN', side: s.sides[0]!.id }];
    case 'draw':
      return [{ type: 'DRAW_CARD', side: s.sides[0]!.id }];
    case 'turn-end':
      return [{ type: 'END_TURN', side: s.sides[0]!.id }];
    // The forced step at the offer (K-7.1f pinned test, rout, melee round): the sequence's.
    case 'pending':
      return s.tableFlow.pending ? [] : [{ type: 'RESOLVE', side: p.pending.side, step: p.pending.kind }];
    case 'window':
      return [{ type: 'READINESS', side: p.side, unitId: null }, ...readyUnits(s, p.side).map((unitId): KCommand => ({ type: 'READINESS', side: p.side, unitId }))];
    default:
      return [];
  }
}
