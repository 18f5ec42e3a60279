// How the machines read a Kuularuisku game: the F1 stage, the F2/F4 step and K-2.4 parts of the
// activation, the F6 step of a charge, and what a step's events led to. Pure readings of the rules'
// own phase (activation/phase.ts); nothing here decides a rule.
import type { GameEvent } from '../../game';
import { phaseOf, sideToAct, type KGameState } from '../../rules';
import type { ActivationStage, FlowAdapter, MeleeOutcome, MeleeStage, TurnStage } from '../types';

/** K-2.4 each action's parts in order. */
const PARTS: Record<string, readonly string[]> = {
  'move-shoot': ['move', 'shoot'],
  'shoot-move': ['shoot', 'move'],
  'fast-move': ['move'],
  shoot: ['shoot'],
  regroup: ['move'],
  special: [],
  melee: [],
  rout: [],
};

/** K-2.4b parts done, from the activation's phase (a part skipped counts as done). */
function partsDone(action: string, phase: string): number {
  const parts = PARTS[action] ?? [];
  if (phase === 'done') return parts.length;
  if (phase === 'none') return 0;
  if (parts.length === 1) return 1;
  if (phase === 'moved-then-shooting' || phase === 'shot-then-moving') return 2;
  // One part happened: if it was the first part, one is done; if it was the second, the first was skipped.
  const happened = phase === 'moving' ? 'move' : 'shoot';
  return parts[0] === happened ? 1 : 2;
}

/** K-2.4 the acting unit's action and how many of its parts are done. */
function actingStage(a: NonNullable<KGameState['activation']>): ActivationStage {
  const action = a.action ?? 'none';
  const parts = PARTS[action] ?? [];
  return { kind: 'acting', action, parts, done: a.charged ? parts.length : partsDone(action, a.phase) };
}

const F6_STEPS = new Set(['charge-target-test', 'charger-morale', 'melee-start']);

export const kuularuiskuAdapter: FlowAdapter<KGameState> = {
  activationModel: 'cards',
  meleeModel: 'locked-rounds',

  turnStage(s): TurnStage {
    switch (phaseOf(s).kind) {
      case 'over': return 'over';
      case 'between-turns': return 'between-turns';
      case 'draw': return 'pick';
      case 'window': return 'window';
      case 'turn-end': return 'turn-end';
      default: return 'activation';
    }
  },

  activationStage(s): ActivationStage {
    const p = phaseOf(s);
    switch (p.kind) {
      case 'pending': {
        const k = p.pending.kind;
        if (k === 'melee-round') return { kind: 'forced', step: 'melee' };
        if (F6_STEPS.has(k)) return { kind: 'melee' };
        return { kind: 'forced', step: k };
      }
      case 'choice':
        // K-5.5a / K-SKL-8 the target's owner deciding in a shot: the shooter's activation goes on after his answer.
        if ((p.choice.kind === 'wounds' || p.choice.kind === 'medic') && s.activation) return actingStage(s.activation);
        return { kind: 'melee' };
      case 'offer': {
        const o = p.offer;
        const u = s.units[o.unitId];
        const chooser = o.pinnedFailed ? 'pinned' : o.mustRegroup ? 'regroup' : u?.kind === 'leader' ? 'leader' : 'unit';
        return { kind: 'choosing', chooser };
      }
      case 'activation':
        return actingStage(p.activation);
      default:
        return { kind: 'none' };
    }
  },

  meleeStage(s): MeleeStage {
    const p = phaseOf(s);
    if (p.kind === 'choice') return p.choice.kind === 'defensive-fire' ? 'defensive-fire' : p.choice.kind === 'grenades' ? 'grenades' : 'none';
    if (p.kind !== 'pending') return 'none';
    switch (p.pending.kind) {
      case 'charge-target-test': return 'target-test';
      case 'charger-morale': return 'charger-morale';
      case 'melee-start':
      case 'melee-round':
        return 'round';
      default: return 'none';
    }
  },

  sideToAct(s) {
    return sideToAct(phaseOf(s));
  },

  activationEnded(events) {
    return events.some((e) => e.type === 'ACTIVATION_ENDED' || e.type === 'READINESS_ENTERED' || e.type === 'OFFER_LAPSED');
  },

  meleeOutcome(events: readonly GameEvent[]): MeleeOutcome {
    if (events.some((e) => e.type === 'UNIT_SURRENDERED')) return 'surrendered';
    if (events.some((e) => e.type === 'CHARGE_COLLAPSED')) return 'collapsed';
    const i = events.findIndex((e) => e.type === 'MELEE_DECIDED');
    if (i < 0) return 'none';
    if (!events[i]!.loser) return 'even';
    const after = events.slice(i + 1);
    if (after.some((e) => e.type === 'UNIT_DESTROYED')) return 'loser-destroyed';
    if (after.some((e) => e.type === 'FIGURES_MOVED' && e.mode === 'fall-back')) return 'loser-fell-back';
    return 'loser-held';
  },

  meleeRoundFought(events) {
    const i = events.findIndex((e) => e.type === 'MELEE_DECIDED');
    const fought = events.some((e) => e.type === 'MELEE_ROUND');
    if (i < 0) return { fought, loserTested: false };
    return { fought, loserTested: !!events[i]!.loser && events.slice(i + 1).some((e) => e.type === 'MORALE_TEST') };
  },
};
