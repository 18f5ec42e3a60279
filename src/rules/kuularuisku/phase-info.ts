// Where a Kuularuisku game stands, in the neutral words of a ruleset module's `phase`: the side to
// act, what the game awaits (the rules' own phase kind) and a label a player reads (names, not ids).
import type { KGameState } from './activation/flow-state';
import type { PendingDecision } from '../../core';
import { phaseOf, sideToAct } from './activation/phase';
import { ownerDecision } from './activation/wound-choice';
import { isOwnerChoice } from './flow-types';

const STEP_WORDS: Record<string, string> = {
  'pinned-test': 'test the pinned unit\'s morale (K-7.1f)',
  rout: 'move the routing unit (K-7.3d)',
  'melee-round': 'fight a round of melee (K-6.5a)',
  'charge-target-test': 'test the charged unit\'s morale (K-7.2a)',
  'charger-morale': 'test the charger\'s morale (K-6.2e)',
  'melee-start': 'fight the melee (K-6.4)',
};

/** The neutral phase description of a Kuularuisku state. */
export function kuularuiskuPhase(s: KGameState): { side: string | undefined; awaiting: string; label: string; decision?: PendingDecision } {
  const p = phaseOf(s);
  const side = sideToAct(p);
  const sideName = (id: string | undefined) => s.sides.find((x) => x.id === id)?.name ?? id ?? '';
  const unitName = (id: string) => s.units[id]?.name ?? id;
  const turn = `Turn ${s.seq.round}`;
  switch (p.kind) {
    case 'over': return { side, awaiting: 'over', label: `Game over: ${p.result.text}` };
    case 'between-turns': return { side, awaiting: 'between-turns', label: p.turn === 0 ? 'The game is about to begin' : `${turn} is over: begin the next turn` };
    case 'draw': return { side, awaiting: 'draw', label: `${turn}: draw a card (${p.left} left)` };
    case 'offer': return { side, awaiting: 'offer', label: `${turn}: ${sideName(side)} — ${unitName(p.offer.unitId)} chooses its activation` };
    case 'activation': return { side, awaiting: 'activation', label: `${turn}: ${sideName(side)} — ${unitName(p.activation.unitId)} is acting` };
    case 'pending': return { side, awaiting: 'pending', label: `${turn}: ${sideName(side)} — ${STEP_WORDS[p.pending.kind] ?? p.pending.kind}` };
    case 'choice':
      // K-5.5a / K-SKL-8 an owner's choice in a shot: the decision itself, with its answers.
      if (isOwnerChoice(p.choice)) {
        const decision = ownerDecision(s, p.choice);
        return { side, awaiting: 'choice', label: `${turn}: ${sideName(side)} — ${decision.label}`, decision };
      }
      return { side, awaiting: 'choice', label: `${turn}: ${sideName(side)} — ${p.choice.kind === 'defensive-fire' ? 'fire at the chargers or hold (K-6.2a)' : 'throw grenades or not (K-6.6a)'}` };
    case 'window': return { side, awaiting: 'window', label: `${turn}: ${sideName(side)} — use a ready unit or let the next card be drawn (K-2.3b)` };
    case 'turn-end': return { side, awaiting: 'turn-end', label: `${turn}: the deck is empty — end the turn` };
  }
}
