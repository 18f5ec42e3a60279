// F6 the charge sequence between the players' decisions: target test (K-7.2a) or defensive fire
// (K-6.2, the defender's choice), charger morale (K-6.2e), the melee's start with grenades (K-6.6,
// each side's choice) and its first round (K-6.1b). The rule outcomes come from the rules engine (charge.ts, melee.ts).
import { chargerMustTest } from '../charge';
import { fev, type KChargeChoice, type KGameEvent, type KMedicChoice, type KPending, type KTakeOverChoice, type KWoundsChoice } from './flow-state';
import { Steps } from '../context';
import type { KEvent } from '../events';
import { acceptAllocation, acceptMedic, acceptTakeOver, askDefensiveFireOwner, askMedic, askMeleeOwner } from './wound-choice';
import type { FlowCtx } from './flow-ctx';
import { chargedTargetTest, chargerMorale, defensiveFireAsking, defensiveFireRefusal, finishDefensiveFire, resumeDefensiveFire } from '../charge';
import type { MedicAwaiting } from '../shooting';
import { grenadeSides, meleeRoundAsking, meleeStart, resumeMeleeRound, resumeMeleeTests, throwGrenades } from '../melee';

const sideName = (acc: Steps<KGameEvent>, side: string) => acc.state.sides.find((x) => x.id === side)?.name ?? side;

/** F6 CHARGE_MOVE done (a MOVE gave CHARGE_DECLARED): what comes next for this charge. */
export function startChargeSequence(acc: Steps<KGameEvent>, chargerId: string, targetId: string, ctx: FlowCtx): void {
  const s = acc.state;
  const target = s.units[targetId];
  const charger = s.units[chargerId];
  if (!target || !charger) return;
  const retreating = target.status === 'routing' || (s.house.fellBackCountsAsRetreating && target.fellBackTurn === s.seq.round);
  if (target.status === 'pinned' || retreating) {
    acc.push(fev('STEP_PENDING', 'K-7.2a', `${target.name} is ${target.status === 'pinned' ? 'pinned' : 'retreating'}: it cannot fire and must test morale or surrender`, {
      pending: { kind: 'charge-target-test', side: target.side, unitId: targetId, chargerId, targetId },
    }));
    return;
  }
  const refusal = defensiveFireRefusal(s, chargerId, targetId);
  if (!refusal) {
    acc.push(fev('CHOICE_PENDING', 'K-6.2a', `${target.name} may fire defensive fire at ${charger.name}`, {
      choice: { kind: 'defensive-fire', side: target.side, unitId: targetId, chargerId, targetId },
    }));
    return;
  }
  meleeBegins(acc, chargerId, targetId, ctx);
}

/** F6 MELEE_START: lock the units, then grenades (each side that may) or the first round. */
function meleeBegins(acc: Steps<KGameEvent>, chargerId: string, targetId: string, ctx: FlowCtx): void {
  const started = meleeStart(acc.state, chargerId, targetId);
  acc.push(...started);
  const meleeId = acc.state.units[chargerId]?.meleeId;
  if (!meleeId) return;
  const sides = grenadeSides(acc.state, meleeId);
  if (sides.length) {
    const [first, ...rest] = sides;
    acc.push(fev('CHOICE_PENDING', 'K-6.6a', `${sideName(acc, first!)} may throw grenades as the melee begins`, {
      choice: { kind: 'grenades', side: first!, unitId: chargerId, chargerId, targetId, meleeId, nextSides: rest, throwing: [] },
    }));
    return;
  }
  firstRound(acc, chargerId, targetId, meleeId);
}

function firstRound(acc: Steps<KGameEvent>, chargerId: string, targetId: string, meleeId: string): void {
  const side = acc.state.units[chargerId]!.side;
  acc.push(fev('STEP_PENDING', 'K-6.1b', 'The melee is fought at once', { pending: { kind: 'melee-start', side, unitId: chargerId, meleeId, chargerId, targetId } }));
}

/**
 * A player's F6 decision (the phase check has made sure it is the one due). K-6.6a/c both sides choose
 * grenades at the same moment: `by`, a side still to choose, may answer before the one asked first.
 */
export function resolveChoice(acc: Steps<KGameEvent>, choice: KChargeChoice, yes: boolean, ctx: FlowCtx, by: string = choice.side): void {
  const s = acc.state;
  if (choice.kind === 'defensive-fire') {
    acc.push(fev('CHOICE_MADE', 'K-6.2a', `${s.units[choice.unitId]!.name} ${yes ? 'fires defensive fire' : 'holds its fire'}`, { kind: choice.kind, side: choice.side, yes }));
    if (!yes) {
      meleeBegins(acc, choice.chargerId, choice.targetId, ctx);
      return;
    }
    const fire = defensiveFireAsking(acc.state, choice.chargerId, choice.targetId, ctx, { ownerAllocates: true });
    acc.push(...fire.events);
    // K-6.2d the charger's owner allocates the wounds: the charge goes on after his answer.
    if (fire.awaiting) askDefensiveFireOwner(acc, fire.awaiting, choice.chargerId, choice.targetId);
    else afterDefensiveFire(acc, choice.chargerId, choice.targetId, fire.events, ctx);
    return;
  }
  // K-6.6 grenades (the sides that may throw, asked one after the other).
  const throwing = [...(choice.throwing ?? [])];
  const side = by === choice.side || choice.nextSides?.includes(by) ? by : choice.side;
  acc.push(fev('CHOICE_MADE', 'K-6.6a', `${sideName(acc, side)} ${yes ? 'throws grenades' : 'keeps its grenades'}`, { kind: choice.kind, side, yes }));
  if (yes) {
    acc.push(...throwGrenades(acc.state, choice.meleeId!, side));
    throwing.push(side);
  }
  const [next, ...rest] = [choice.side, ...(choice.nextSides ?? [])].filter((x) => x !== side);
  if (next) {
    acc.push(fev('CHOICE_PENDING', 'K-6.6a', `${sideName(acc, next)} may throw grenades as the melee begins`, { choice: { ...choice, side: next, nextSides: rest, throwing } }));
    return;
  }
  firstRound(acc, choice.chargerId, choice.targetId, choice.meleeId!);
}

/**
 * K-6.2e after defensive fire: the charger's morale test (wound tests, or K-AMB-12 a machine gun), else
 * the melee begins. `fire`: the fire's events, or `true` when its wound tests were taken over several
 * commands (an owner's word asked in them: there were wound tests).
 */
function afterDefensiveFire(acc: Steps<KGameEvent>, chargerId: string, targetId: string, fire: readonly KEvent[] | true, ctx: FlowCtx): void {
  const charger = acc.state.units[chargerId];
  if (!charger || (charger.status !== 'normal' && charger.status !== 'pinned')) return;
  // K-6.2e wound tests (and, K-AMB-12 house, fire from a machine gun) call for the charger's test.
  if (fire === true || chargerMustTest(acc.state, chargerId, fire)) {
    acc.push(fev('STEP_PENDING', 'K-6.2e', `${charger.name} came under defensive fire: it must pass a morale test to press the charge`, {
      pending: { kind: 'charger-morale', side: charger.side, unitId: chargerId, chargerId, targetId },
    }));
    return;
  }
  meleeBegins(acc, chargerId, targetId, ctx);
}

/** K-6.4 a round of melee in the flow: K-6.4d it stops for the owner of a side hit who has a real choice. */
export function meleeRoundStep(acc: Steps<KGameEvent>, meleeId: string, ctx: FlowCtx): void {
  const r = meleeRoundAsking(acc.state, meleeId, ctx, { ownerAllocates: true });
  acc.push(...r.events);
  if (r.awaiting) askMeleeOwner(acc, r.awaiting);
}

/**
 * The owner's ALLOCATE_WOUNDS after defensive fire (K-6.2d: then K-6.2e, the melee) or in a melee round
 * (K-6.4d: then the other side's wounds, which may ask, and the round's outcome K-6.4e–i).
 */
export function decideChargeAllocation(acc: Steps<KGameEvent>, choice: KWoundsChoice, raw: unknown, ctx: FlowCtx): { ok: true } | { ok: false; reason: string; rule: string } {
  const took = acceptAllocation(acc, choice, raw);
  if (!took.ok) return took;
  if (choice.after?.kind === 'defensive-fire') {
    const st = new Steps(acc.state);
    const { chargerId, targetId } = choice.after;
    const paused = finishDefensiveFire(st, { chargerId, targetId, machineGun: choice.machineGun }, choice.eligible, choice.wounds, ctx, { allocation: took.chosen, text: took.text, askOwner: true });
    acc.push(...st.events);
    // K-SKL-8 / K-5.5h the tests stopped for the charger's owner: the charge goes on after his word.
    if (paused) askMedic(acc, paused);
    else afterDefensiveFire(acc, chargerId, targetId, st.events, ctx);
    return { ok: true };
  }
  if (choice.after?.kind === 'melee') {
    const r = resumeMeleeRound(acc.state, choice.after.round, took.chosen, ctx, took.text);
    acc.push(...r.events);
    if (r.awaiting) askMeleeOwner(acc, r.awaiting);
  }
  return { ok: true };
}

/**
 * K-SKL-8 the owner's word on his medic's re-roll, or K-5.5h on who takes over a fallen soldier's
 * weapon, in the wound tests of defensive fire (then the rest of them, K-6.2e, the melee) or of a melee
 * round (then the rest of the round's wounds, which may ask again, and its outcome K-6.4e–i).
 */
export function decideChargeTests(acc: Steps<KGameEvent>, choice: KMedicChoice | KTakeOverChoice, answer: unknown, ctx: FlowCtx): { ok: true } | { ok: false; reason: string; rule: string } {
  const took = choice.kind === 'medic' ? acceptMedic(acc, choice, answer) : acceptTakeOver(acc, choice, answer);
  if (!took.ok) return took;
  const word = answer as boolean | string | null;
  const paused: MedicAwaiting = { ...choice, kind: 'medic' };
  const after = choice.after;
  if (after?.kind === 'defensive-fire') {
    const st = new Steps(acc.state);
    const more = resumeDefensiveFire(st, paused, word, ctx);
    acc.push(...st.events);
    if (more) askMedic(acc, more);
    else afterDefensiveFire(acc, after.chargerId, after.targetId, true, ctx);
    return { ok: true };
  }
  if (after?.kind === 'melee') {
    const r = resumeMeleeTests(acc.state, { ...paused, after }, word, ctx);
    acc.push(...r.events);
    if (r.awaiting) askMeleeOwner(acc, r.awaiting);
  }
  return { ok: true };
}

/** K-6.1b a charge's first round is fought at once, in the charger's activation (here, or the cards exchange's first step). */
export const firstRoundFought = (): KGameEvent => fev('STEP_DONE', 'K-6.1b', 'Melee round', { kind: 'melee-start' });

/** F6 forced steps: K-7.2a target test, K-6.2e charger morale, the first melee round (the rules' own: a played game fights it as the cards exchange). */
export function resolveMeleeStep(acc: Steps<KGameEvent>, p: KPending, ctx: FlowCtx): void {
  const chargerId = p.chargerId!;
  const targetId = p.targetId!;
  switch (p.kind) {
    case 'charge-target-test': {
      acc.push(fev('STEP_DONE', 'K-7.2a', `${acc.state.units[targetId]!.name} tests morale as it is charged`, { kind: p.kind }));
      acc.push(...chargedTargetTest(acc.state, chargerId, targetId, ctx));
      const t = acc.state.units[targetId];
      // K-7.2c a failure: it surrenders and the charge has nothing left to fight.
      if (!t || t.status === 'surrendered' || t.status === 'destroyed' || t.status === 'withdrawn') return;
      meleeBegins(acc, chargerId, targetId, ctx);
      return;
    }
    case 'charger-morale': {
      acc.push(fev('STEP_DONE', 'K-6.2e', `${acc.state.units[chargerId]!.name} tests morale under defensive fire`, { kind: p.kind }));
      const before = acc.events.length;
      acc.push(...chargerMorale(acc.state, chargerId, ctx));
      if (acc.events.slice(before).some((e) => e.type === 'CHARGE_COLLAPSED')) return;
      meleeBegins(acc, chargerId, targetId, ctx);
      return;
    }
    default: {
      acc.push(firstRoundFought());
      if (p.meleeId && acc.state.melees[p.meleeId]) meleeRoundStep(acc, p.meleeId, ctx);
    }
  }
}
