// Who may send a command now, read from the phase: the side whose unit's card was drawn acts (K-2.1b),
// the charged unit's owner decides on defensive fire (K-6.2a), each side with ready units declares in a
// readiness window (K-2.3b) and each side with grenades chooses (K-6.6a), in any order; anyone may
// shuffle, draw a card or end the turn.
import type { Command } from '../../../core';
import type { KGameState, KPendingKind, OfferVia } from './flow-state';
import { phaseOf, type KPhase } from './phase';

/** The game layer's ActingSides, met structurally (rules never import the game layer). */
export interface KActingSides {
  sides: readonly string[];
  awaiting?: string;
  rule?: string;
  anySide?: boolean;
}

/** What each forced step waits for (no unit names: a refusal may reach the side a unit is hidden from). */
const STEP_WAITS: Record<KPendingKind, { awaiting: string; rule: string }> = {
  'pinned-test': { awaiting: 'the start-of-activation morale test of their pinned unit', rule: 'K-7.1f' },
  rout: { awaiting: 'the rout of their routing unit', rule: 'K-7.3d' },
  'melee-round': { awaiting: 'a round of their unit\'s melee', rule: 'K-6.3a' },
  'charge-target-test': { awaiting: 'the morale test of their charged unit', rule: 'K-7.2a' },
  'charger-morale': { awaiting: 'the morale test of their unit charging under defensive fire', rule: 'K-6.2e' },
  'melee-start': { awaiting: 'the first round of their charge\'s melee', rule: 'K-6.1b' },
};

const OFFER_WAITS: Record<OfferVia, { awaiting: string; rule: string }> = {
  card: { awaiting: 'the action of their unit whose card was drawn', rule: 'K-2.1b' },
  command: { awaiting: 'the action of the unit their leader commanded', rule: 'K-2.2a' },
  readiness: { awaiting: 'the action of their unit out of readiness', rule: 'K-2.3b' },
};

/** Every side, for the steps any player may take (one list per state's sides record). */
const everySide = new WeakMap<object, readonly string[]>();

function allSides(s: KGameState): readonly string[] {
  let ids = everySide.get(s.sides);
  if (!ids) everySide.set(s.sides, (ids = s.sides.map((x) => x.id)));
  return ids;
}

/**
 * The sides that may send `command` now. Today every command of a moment has the same senders;
 * the command is asked for so that an owner's decision in the middle of the other side's
 * activation can name its own side for its answer alone.
 */
export function actingSides(s: KGameState, _command: Command, p: KPhase = phaseOf(s)): KActingSides {
  switch (p.kind) {
    case 'choice':
      if (p.choice.kind === 'wounds') {
        const after = p.choice.after?.kind;
        if (after === 'defensive-fire') return { sides: [p.choice.side], awaiting: 'where the wounds of the defensive fire at their charging unit fall', rule: 'K-6.2d' };
        if (after === 'melee') return { sides: [p.choice.side], awaiting: 'where the wounds of the melee round on their soldiers fall', rule: 'K-6.4d' };
        return { sides: [p.choice.side], awaiting: p.choice.barrage ? 'where the wounds of the preparation fire on their unit fall' : 'where the wounds of the shot at their unit fall', rule: 'K-5.5a' };
      }
      if (p.choice.kind === 'medic') return { sides: [p.choice.side], awaiting: 'their word on their medic re-rolling a wound test', rule: 'K-SKL-8' };
      if (p.choice.kind === 'evacuation') return { sides: [p.choice.side], awaiting: 'their word on the end-of-turn move of their wounded heading to the rear', rule: 'K-5.6e' };
      if (p.choice.kind === 'escort') return { sides: [p.choice.side], awaiting: 'their word on where their escort heads back to as the turn ends', rule: 'K-5.6d' };
      if (p.choice.kind === 'dive') return { sides: [p.choice.side], awaiting: 'their word on their targeted leader diving into a unit near him', rule: 'K-5.1b' };
      if (p.choice.kind === 'take-over') return { sides: [p.choice.side], awaiting: 'their word on who takes over the special weapon of their fallen soldier', rule: 'K-5.5h' };
      return p.choice.kind === 'defensive-fire'
        ? { sides: [p.choice.side], awaiting: 'the defensive fire decision of their charged unit', rule: 'K-6.2a' }
        // K-6.6a/c both sides choose as the melee begins: any side still to choose may answer first.
        : { sides: [p.choice.side, ...(p.choice.nextSides ?? [])], awaiting: 'their choice whether to throw grenades as the melee begins', rule: 'K-6.6a' };
    case 'pending':
      return { sides: [p.pending.side], ...STEP_WAITS[p.pending.kind] };
    case 'activation':
      return { sides: [p.side], awaiting: 'the activation of their unit', rule: 'K-2.1b' };
    case 'offer':
      return { sides: [p.offer.side], ...OFFER_WAITS[p.offer.via] };
    case 'window':
      // K-2.3b/c both players say at the same moment whether they use a ready unit: either may go first.
      return { sides: p.readyWindow.pending, awaiting: 'their word on using a ready unit between activations', rule: 'K-2.3b' };
    default:
      // The game's start, a card draw, the end of a turn (and a game over: the rules say so).
      return { sides: allSides(s), anySide: true };
  }
}
