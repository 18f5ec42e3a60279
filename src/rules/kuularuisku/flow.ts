// How the flow machines (src/flow) read a Kuularuisku game: the F1 stage, the F2/F4 step and K-2.4
// parts of the activation, the F6 step of a charge, and what a step's events led to — pure readings of
// the rules' own phase (activation/phase.ts); nothing here decides a rule — plus the names of its steps
// and the commands each takes, from which the machines build their states.
import type { ActivationStage, FlowAdapter, FlowSteps, GameEvent, TurnStage } from '../../core';
import { phaseOf, sideToAct } from './activation/phase';
import type { KGameState } from './activation/flow-state';
import { isOwnerChoice } from './flow-types';

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

/**
 * A reading kept for the last state it was asked of: after each command the machines' guards ask the
 * same state for its stage once per guard of a state's `always` list (states are never changed in place).
 */
function lastRead<T>(read: (s: KGameState) => T): (s: KGameState) => T {
  let last: KGameState | undefined;
  let value!: T;
  return (s) => {
    if (s !== last) {
      value = read(s);
      last = s;
    }
    return value;
  };
}

/** The machines' states for Kuularuisku's steps, and the commands each step takes. */
export const K_FLOW_STEPS: FlowSteps = {
  // F1 TURN_START (K-2.1b): the next turn's deck is shuffled.
  beginTurn: ['BEGIN_TURN'],
  // K-5.5a / K-SKL-8 / K-5.5h the owners' words on the wounds of a preparation barrage before turn 1.
  turnStartChoices: ['ALLOCATE_WOUNDS', 'MEDIC_REROLL', 'TAKE_OVER'],
  // F1 DRAW_CARD: a card names the unit (or leader) offered its activation.
  pick: ['DRAW_CARD'],
  // F3 BETWEEN_ACTIVATIONS (K-2.3b): ready units may be used.
  window: ['READINESS'],
  windowState: 'readiness',
  // F1 DECK_EMPTY → END_OF_TURN_EVACUATION (K-5.6e) → TURN_END.
  endTurn: ['END_TURN'],
  // K-5.6e the owners' words on the end-of-turn moves of those heading to the rear (K-5.6d an escort heading back).
  turnEndChoices: ['EVACUATION_MOVE', 'ESCORT_RETURN'],
  resolve: ['RESOLVE'],
  // F2.5 readiness or one K-2.4 action; F4 a leader's command; passing the card.
  choose: ['READY', 'ACTIVATE', 'COMMAND', 'PASS'],
  // F2.5 the unit; F4 a leader's card; F2.3 failed: still pinned, it may only shoot (K-7.1c); F2.4 K-1.0c out of formation: it must move back.
  choosers: ['unit', 'leader', 'pinned', 'regroup'],
  forced: {
    // F2.1 K-6.3a in melee: fight a round (the melee machine), then end.
    melee: 'melee',
    // F2.2 K-7.3d routing: forced fast move toward its own edge, rally check.
    rout: 'routing',
    // F2.3 K-7.1f pinned: morale test at the start of its activation.
    'pinned-test': 'pinnedTest',
  },
  // F6 charge → target test (pinned/retreating, K-7.2) or defensive fire (K-6.2) → charger morale (K-6.2e)
  // → grenades (K-6.6) → the round (K-6.4) → loser morale → fall back / destroyed / continues.
  melee: [
    // K-7.2a a pinned or retreating target tests morale: fail → it surrenders (K-7.2c).
    { name: 'targetTest', kind: 'test', commands: ['RESOLVE'], ends: { surrendered: 'surrendered' } },
    // K-6.2a the defender chooses to fire or not (K-6.2b–d).
    { name: 'defensiveFire', kind: 'choice', commands: ['DEFENSIVE_FIRE'] },
    // K-6.2e the charger took wound tests: a failed test collapses the charge (it is back where it started).
    { name: 'chargerMorale', kind: 'test', commands: ['RESOLVE'], ends: { collapsed: 'collapsed' } },
    // K-6.6a each side with grenades chooses as the melee begins.
    { name: 'grenades', kind: 'choice', commands: ['GRENADES'] },
    // K-6.4a–d both sides roll at once; K-6.4e/i the side with more hits tests morale: K-6.4g it falls back
    // 10 cm or, unable to, is destroyed; equal hits or a held test: the melee continues (K-6.5a).
    // K-6.2d / K-6.4d the owner of the unit hit by defensive fire, or of a side hit in a round, allocates its wounds.
    { name: 'allocate', kind: 'choice', commands: ['ALLOCATE_WOUNDS'] },
    // K-SKL-8 / K-5.5h in those wound tests the owner says whether his medic re-rolls a die, and who takes over a fallen soldier's weapon.
    { name: 'medic', kind: 'choice', commands: ['MEDIC_REROLL'] },
    { name: 'takeOver', kind: 'choice', commands: ['TAKE_OVER'] },
    { name: 'round', kind: 'round', commands: ['RESOLVE'], ends: { 'loser-fell-back': 'fallBack', 'loser-destroyed': 'destroyed' } },
  ],
};

export const kuularuiskuFlow: FlowAdapter<KGameState> = {
  activationModel: 'cards',
  meleeModel: 'locked-rounds',
  steps: K_FLOW_STEPS,

  turnStage: lastRead((s): TurnStage => {
    const p = phaseOf(s);
    switch (p.kind) {
      // K-5.6e an owner's word on an end-of-turn move: the turn is ending; before the turn opens (a barrage's wounds): it is beginning.
      case 'choice': return p.choice.kind === 'evacuation' || p.choice.kind === 'escort' ? 'turn-end' : s.seq.turnOpen ? 'activation' : 'between-turns';
      case 'over': return 'over';
      case 'between-turns': return 'between-turns';
      case 'draw': return 'pick';
      case 'window': return 'window';
      case 'turn-end': return 'turn-end';
      default: return 'activation';
    }
  }),

  activationStage: lastRead((s): ActivationStage => {
    const p = phaseOf(s);
    switch (p.kind) {
      case 'pending': {
        const k = p.pending.kind;
        if (k === 'melee-round') return { kind: 'forced', step: 'melee' };
        if (F6_STEPS.has(k)) return { kind: 'melee' };
        return { kind: 'forced', step: k };
      }
      case 'choice':
        if (p.choice.kind === 'evacuation' || p.choice.kind === 'escort' || !s.seq.turnOpen) return { kind: 'none' };
        // K-5.5a / K-SKL-8 the target's owner deciding in a shot: the shooter's activation goes on after his answer.
        // K-6.2d / K-6.4d the owner deciding in a charge or a melee round (allocation, medic, take-over): still the melee's stage.
        if (isOwnerChoice(p.choice) && !('after' in p.choice && p.choice.after) && s.activation) return actingStage(s.activation);
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
  }),

  meleeStage: lastRead((s): string => {
    const p = phaseOf(s);
    if (p.kind === 'choice') {
      const c = p.choice;
      if (c.kind === 'wounds') return c.after ? 'allocate' : 'none';
      if (c.kind === 'medic') return c.after ? 'medic' : 'none';
      if (c.kind === 'take-over') return c.after ? 'takeOver' : 'none';
      return c.kind === 'defensive-fire' ? 'defensiveFire' : c.kind === 'grenades' ? 'grenades' : 'none';
    }
    if (p.kind !== 'pending') return 'none';
    switch (p.pending.kind) {
      case 'charge-target-test': return 'targetTest';
      case 'charger-morale': return 'chargerMorale';
      case 'melee-start':
      case 'melee-round':
        return 'round';
      default: return 'none';
    }
  }),

  sideToAct(s) {
    return sideToAct(phaseOf(s));
  },

  activationEnded(events) {
    return events.some((e) => e.type === 'ACTIVATION_ENDED' || e.type === 'READINESS_ENTERED' || e.type === 'OFFER_LAPSED');
  },

  meleeOutcome(events: readonly GameEvent[]): string {
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
    // A round stopped for an owner's allocation (K-6.4d) ends in the answer's events.
    const fought = i >= 0 || events.some((e) => e.type === 'MELEE_ROUND');
    if (i < 0) return { fought, loserTested: false };
    return { fought, loserTested: !!events[i]!.loser && events.slice(i + 1).some((e) => e.type === 'MORALE_TEST') };
  },
};
