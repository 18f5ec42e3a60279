// The target owner's choices in a shot, asked of the side not acting: K-5.5a he allocates the wounds
// (checked by the spreading rule, K-5.5b; asked only when he has a real choice), then K-SKL-8 for each
// wound test his medic could re-roll he says whether the medic does; the rest of the shooting follows.
import type { Command, PendingDecision } from '../../../core';
import { Steps, type KCtx } from '../context';
import type { KBarrageAt, WoundResult } from '../flow-types';
import { finishShooting, resumeShooting, type MedicAwaiting, type ShotAwaiting, type WoundsAwaiting } from '../shooting';
import { meleeDefaultAllocation, type MeleeAwaiting } from '../melee';
import { allocationText, nameInUnit, sideName, soldierName } from '../soldier-names';
import type { KState } from '../state';
import { allocationChoices, allocationRefusal, defaultTaker, medicWants, takeOverMates, woundResult } from '../wounds';
import { weaponById } from '../data';
import { askDive, diveDecision } from './dive-choice';
import { escortDecision, evacuationDecision } from './evacuation-choice';
import { fev, type KGameEvent, type KMedicChoice, type KOwnerChoice, type KTakeOverChoice, type KWoundsChoice } from './flow-state';

const cap = (t: string) => t.charAt(0).toUpperCase() + t.slice(1);
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "Reds (owner of 2nd Squad)": who decides, by name. */
export function ownerOf(s: KState, c: { side: string; unitId: string }): string {
  return `${sideName(s, c.side)} (owner of ${s.units[c.unitId]?.name ?? 'the unit hit'})`;
}

/** The shot stops for the target's owner: K-5.1b whether his lone leader dives, K-5.5a where the wounds fall, or K-SKL-8 whether the medic re-rolls. */
export function askOwner(acc: Steps<KGameEvent>, w: ShotAwaiting): void {
  if (w.kind === 'medic') {
    askMedic(acc, w);
    return;
  }
  if (w.kind === 'dive') {
    askDive(acc, w);
    return;
  }
  askAllocation(acc, { kind: 'wounds', side: acc.state.units[w.unitId]!.side, unitId: w.unitId, shooterId: w.shooterId, eligible: w.eligible, wounds: w.wounds, machineGun: w.machineGun, ...(w.offTable ? { offTable: w.offTable } : {}) });
}

/** K-6.2d defensive fire stops for the charger's owner to allocate its wounds (K-5.5a/b), or in its wound tests for his word (K-SKL-8, K-5.5h). */
export function askDefensiveFireOwner(acc: Steps<KGameEvent>, w: WoundsAwaiting | MedicAwaiting, chargerId: string, targetId: string): void {
  if (w.kind === 'medic') {
    askMedic(acc, w);
    return;
  }
  askAllocation(acc, { kind: 'wounds', side: acc.state.units[w.unitId]!.side, unitId: w.unitId, shooterId: w.shooterId, eligible: w.eligible, wounds: w.wounds, machineGun: w.machineGun, after: { kind: 'defensive-fire', chargerId, targetId } });
}

/** K-6.4d a melee round stops for the owner of the side hit to allocate its wounds among his soldiers there, or in his wound tests for his word (K-SKL-8, K-5.5h). */
export function askMeleeOwner(acc: Steps<KGameEvent>, w: MeleeAwaiting): void {
  if (w.kind === 'medic') {
    askMedic(acc, w);
    return;
  }
  askAllocation(acc, { kind: 'wounds', side: w.side, unitId: w.unitId, shooterId: w.shooterId, eligible: w.eligible, wounds: w.wounds, machineGun: false, after: { kind: 'melee', round: w.round } });
}

/** K-5.5a the preparation barrage before turn 1 stops for the owner of a unit it hit: where the wounds fall, or his word in their tests (K-SKL-8, K-5.5h). */
export function askBarrageOwner(acc: Steps<KGameEvent>, w: WoundsAwaiting | MedicAwaiting, barrage: KBarrageAt): void {
  if (w.kind === 'medic') {
    askMedic(acc, w, barrage);
    return;
  }
  askAllocation(acc, { kind: 'wounds', side: acc.state.units[w.unitId]!.side, unitId: w.unitId, shooterId: w.shooterId, eligible: w.eligible, wounds: w.wounds, machineGun: w.machineGun, barrage });
}

/** The rule each kind of allocation cites: K-5.5a a shot, K-6.2d defensive fire, K-6.4d a melee round. */
export const allocationRule = (c: KWoundsChoice): string => (c.after?.kind === 'defensive-fire' ? 'K-6.2d' : c.after?.kind === 'melee' ? 'K-6.4d' : 'K-5.5a');

/** Who is hit, by name: the unit (a shot, defensive fire) or, in a melee, the side's units there. */
function hitName(s: KState, c: KWoundsChoice): string {
  if (c.after?.kind !== 'melee') return s.units[c.unitId]?.name ?? 'the unit hit';
  const units = c.after.round.order[c.after.round.at]?.units ?? [c.unitId];
  return units.map((id) => s.units[id]?.name ?? 'the unit hit').join(' and ');
}

/** Where the wounds came from, as the question and the log say it (nothing for a shot). */
const woundsFrom = (c: KWoundsChoice): string => (c.after?.kind === 'defensive-fire' ? ' from defensive fire' : c.after?.kind === 'melee' ? ' in the melee' : c.barrage ? ' from the preparation fire' : '');

function askAllocation(acc: Steps<KGameEvent>, choice: KWoundsChoice): void {
  const s = acc.state;
  const from = woundsFrom(choice);
  acc.push(fev('CHOICE_PENDING', allocationRule(choice), `${plural(choice.wounds, 'wound')}${from} on ${hitName(s, choice)}: for ${ownerOf(s, choice)} to allocate`, { choice }));
}

/** An ALLOCATE_WOUNDS answer's allocation, read from the command: soldier id → wounds, or why not. */
function readAllocation(v: unknown): Record<string, number> | string {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return 'ALLOCATE_WOUNDS needs "allocation": { soldier id: number of wounds }';
  for (const [id, n] of Object.entries(v as Record<string, unknown>)) {
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 0) return `ALLOCATE_WOUNDS "allocation.${id}" must be a whole number of wounds, not ${JSON.stringify(n)}`;
  }
  return v as Record<string, number>;
}

/**
 * K-5.5a/b the owner's answer checked against the spreading rule (refused with the reason); when it
 * stands, the log line naming who chose, and the allocation with its line for the wound tests.
 */
export function acceptAllocation(acc: Steps<KGameEvent>, choice: KWoundsChoice, raw: unknown): { ok: true; chosen: Record<string, number>; text: string } | { ok: false; reason: string; rule: string } {
  const s = acc.state;
  const allocation = readAllocation(raw);
  if (typeof allocation === 'string') return { ok: false, reason: allocation, rule: allocationRule(choice) };
  const bad = allocationRefusal(s, choice.eligible, choice.wounds, allocation);
  if (bad) return { ok: false, reason: bad.reason, rule: bad.rule };
  const chosen = Object.fromEntries(Object.entries(allocation).filter(([, n]) => n));
  acc.push(fev('CHOICE_MADE', allocationRule(choice), `${ownerOf(s, choice)} allocated ${plural(choice.wounds, 'wound')}`, { kind: 'wounds', side: choice.side, yes: true }));
  return { ok: true, chosen, text: `${ownerOf(s, choice)} put ${choice.wounds === 1 ? 'the wound' : 'the wounds'} on ${allocationText(s, chosen)}` };
}

/**
 * K-5.5a/b the owner's answer in a shot: checked against the spreading rule (refused with the reason),
 * then the wound tests, the morale after fire and the medics' duties of the shot (K-5.5c–h, K-7.1).
 */
export function decideAllocation(acc: Steps<KGameEvent>, choice: KWoundsChoice, raw: unknown, ctx: KCtx): { ok: true } | { ok: false; reason: string; rule: string } {
  const took = acceptAllocation(acc, choice, raw);
  if (!took.ok) return took;
  const st = new Steps(acc.state);
  const rest = finishShooting(st, choice, ctx, { allocation: took.chosen, text: took.text, askOwner: true });
  if (rest && 'ok' in rest) return rest;
  acc.push(...st.events);
  if (rest) askMedic(acc, rest, choice.barrage);
  return { ok: true };
}

/** The soldier whose wound test waits, his die and what it reads (K-5.5c). */
function medicAsk(s: KState, c: MedicAwaiting): { figureId: string; value: number; result: WoundResult } {
  const figureId = Object.entries(c.allocation).filter(([, n]) => n)[c.cursor.entry]![0];
  const value = c.cursor.pending!;
  return { figureId, value, result: woundResult(value, s.house) };
}

const RESULT_WORDS: Record<WoundResult, string> = { dead: 'killed outright', serious: 'seriously wounded', light: 'lightly wounded', healthy: 'unhurt', scratch: 'just a scratch' };

/** K-SKL-8 the tests stop at a die the medic could re-roll, or K-5.5h at a fallen soldier's special weapon: the owner is asked. */
export function askMedic(acc: Steps<KGameEvent>, m: MedicAwaiting, barrage?: KBarrageAt): void {
  const s = acc.state;
  const side = s.units[m.unitId]?.side ?? s.figures[Object.keys(m.allocation)[0]!]!.side;
  const base = { side, unitId: m.unitId, shooterId: m.shooterId, machineGun: m.machineGun, allocation: m.allocation, cursor: m.cursor, ...(m.after ? { after: m.after } : {}), ...(barrage ? { barrage } : {}) };
  if (m.cursor.takeOver !== undefined) {
    askTakeOver(acc, { kind: 'take-over', ...base });
    return;
  }
  const choice: KMedicChoice = { kind: 'medic', ...base };
  const a = medicAsk(s, m);
  acc.push(fev('CHOICE_PENDING', 'K-SKL-8', `${soldierName(s, a.figureId)} rolled ${a.value} on his wound test (${RESULT_WORDS[a.result]}): for ${ownerOf(s, choice)} to say whether ${medicName(s, m)} re-rolls it`, { choice }));
}

const medicName = (s: KState, m: MedicAwaiting) => (m.cursor.medicId ? soldierName(s, m.cursor.medicId) : 'the medic');

type Answer = { ok: true } | { ok: false; reason: string; rule: string };

/** K-SKL-8 the owner's word on the medic's re-roll, checked and logged (who chose what). */
export function acceptMedic(acc: Steps<KGameEvent>, choice: KMedicChoice, reroll: unknown): Answer {
  if (typeof reroll !== 'boolean') return { ok: false, reason: 'MEDIC_REROLL needs "reroll": true (the medic re-rolls the wound test) or false (the result stands)', rule: 'K-SKL-8' };
  const s = acc.state;
  const a = medicAsk(s, { ...choice, kind: 'medic' });
  acc.push(fev('CHOICE_MADE', 'K-SKL-8', `${ownerOf(s, choice)} ${reroll ? `had ${medicName(s, { ...choice, kind: 'medic' })} re-roll` : 'kept'} the wound test of ${soldierName(s, a.figureId)}`, { kind: 'medic', side: choice.side, yes: reroll }));
  return { ok: true };
}

/** K-SKL-8 the owner's word on the medic's re-roll in a shot; the wound tests go on (and may ask again), then the rest of the shooting. */
export function decideMedic(acc: Steps<KGameEvent>, choice: KMedicChoice, reroll: unknown, ctx: KCtx): Answer {
  const took = acceptMedic(acc, choice, reroll);
  if (!took.ok) return took;
  const st = new Steps(acc.state);
  const more = resumeShooting(st, { ...choice, kind: 'medic' }, reroll as boolean, ctx);
  acc.push(...st.events);
  if (more) askMedic(acc, more, choice.barrage);
  return { ok: true };
}

/** K-SKL-8 the pending re-roll as the neutral play model's decision: the book's default word first (re-roll the worse results). */
export function medicDecision(s: KState, c: KMedicChoice): PendingDecision {
  const m: MedicAwaiting = { ...c, kind: 'medic' };
  const a = medicAsk(s, m);
  const yes = { label: `${medicName(s, m)} re-rolls it`, command: { type: 'MEDIC_REROLL', side: c.side, reroll: true } };
  const no = { label: `Keep ${a.value} (${RESULT_WORDS[a.result]})`, command: { type: 'MEDIC_REROLL', side: c.side, reroll: false } };
  const first = medicWants(a.result) ? [yes, no] : [no, yes];
  return {
    side: c.side, kind: 'medic-reroll', rule: 'K-SKL-8',
    label: `${soldierName(s, a.figureId)} rolled ${a.value} on his wound test: ${RESULT_WORDS[a.result]}. Does ${medicName(s, m)} re-roll it? The second result stands.`,
    options: first.map((o, i) => ({ ...o, label: `${i === 0 ? 'Default: ' : ''}${o.label}` })),
  };
}

/** K-5.5h the fallen soldier and his special weapon's name. */
function takeOverAsk(s: KState, c: KTakeOverChoice): { figureId: string; weapon: string } {
  const figureId = c.cursor.takeOver!;
  const w = s.figures[figureId]?.weapon;
  return { figureId, weapon: (w && weaponById(w)?.name) ?? 'special weapon' };
}

function askTakeOver(acc: Steps<KGameEvent>, c: KTakeOverChoice): void {
  const s = acc.state;
  const a = takeOverAsk(s, c);
  acc.push(fev('CHOICE_PENDING', 'K-5.5h', `${soldierName(s, a.figureId)} fell with the ${a.weapon}: for ${ownerOf(s, c)} to say who takes it over`, { choice: c }));
}

/** K-5.5h the owner's word on the fallen soldier's weapon (a soldier of the unit, or null: nobody), checked and logged. */
export function acceptTakeOver(acc: Steps<KGameEvent>, choice: KTakeOverChoice, figureId: unknown): Answer {
  const s = acc.state;
  const a = takeOverAsk(s, choice);
  const mates = takeOverMates(s, a.figureId);
  if (figureId !== null && (typeof figureId !== 'string' || !mates.some((f) => f.id === figureId))) {
    return { ok: false, rule: 'K-5.5h', reason: `TAKE_OVER needs "figureId": a soldier of ${s.units[choice.unitId]?.name ?? 'the unit'} able to take the ${a.weapon} over (${mates.map((f) => soldierName(s, f.id)).join(' or ')}, as the decision's answers give them), or null to leave it` };
  }
  const what = figureId === null ? `left the ${a.weapon} of ${soldierName(s, a.figureId)} on the table` : `had ${soldierName(s, figureId)} take over the ${a.weapon} of ${soldierName(s, a.figureId)}`;
  acc.push(fev('CHOICE_MADE', 'K-5.5h', `${ownerOf(s, choice)} ${what}`, { kind: 'take-over', side: choice.side, yes: figureId !== null }));
  return { ok: true };
}

/** K-5.5h the owner's word on the fallen soldier's weapon in a shot; the wound tests go on, then the rest of the shooting. */
export function decideTakeOver(acc: Steps<KGameEvent>, choice: KTakeOverChoice, figureId: unknown, ctx: KCtx): Answer {
  const took = acceptTakeOver(acc, choice, figureId);
  if (!took.ok) return took;
  const st = new Steps(acc.state);
  const more = resumeShooting(st, { ...choice, kind: 'medic' }, figureId as string | null, ctx);
  acc.push(...st.events);
  if (more) askMedic(acc, more, choice.barrage);
  return { ok: true };
}

/** K-5.5h the pending take-over as the neutral play model's decision: the book's default first (the loader, else the fittest rifleman). */
export function takeOverDecision(s: KState, c: KTakeOverChoice): PendingDecision {
  const a = takeOverAsk(s, c);
  const mates = takeOverMates(s, a.figureId);
  const first = defaultTaker(s, a.figureId);
  const leave = { label: 'Nobody: leave it on the table', command: { type: 'TAKE_OVER', side: c.side, figureId: null } };
  const takers = mates.map((f) => ({ label: `${cap(nameInUnit(s, f.id))} takes it over`, command: { type: 'TAKE_OVER', side: c.side, figureId: f.id } }));
  const ordered = first ? [takers[mates.indexOf(first)]!, ...takers.filter((_, i) => mates[i] !== first), leave] : [leave, ...takers];
  return {
    side: c.side, kind: 'mg-take-over', rule: 'K-5.5h',
    label: `${soldierName(s, a.figureId)} fell with the ${a.weapon}: who of ${s.units[c.unitId]?.name ?? 'his unit'} takes it over?`,
    options: ordered.map((o, i) => ({ ...o, label: `${i === 0 ? 'Default: ' : ''}${o.label}` })),
  };
}

/** The command answering with this allocation. */
const answer = (c: KWoundsChoice, allocation: Record<string, number>): Command => ({ type: 'ALLOCATE_WOUNDS', side: c.side, allocation });

/** K-5.5a the pending allocation as the neutral play model's decision: the book's default first (spread, key soldiers last). */
export function woundDecision(s: KState, c: KWoundsChoice, max = 12): PendingDecision {
  // K-6.4d the melee's default spreads over all the side's units there (what the round did before it asked).
  const first = c.after?.kind === 'melee' ? meleeDefaultAllocation(s, c.after.round.order[c.after.round.at]!.units, c.wounds) : undefined;
  const { options, count } = allocationChoices(s, c.eligible, c.wounds, max, ...(first ? [first] : []));
  const from = woundsFrom(c);
  const oneUnit = c.after?.kind !== 'melee' || c.after.round.order[c.after.round.at]!.units.length === 1;
  return {
    side: c.side, kind: 'wound-allocation', rule: allocationRule(c),
    label: `${plural(c.wounds, 'wound')}${from} on ${hitName(s, c)}: who takes ${c.wounds === 1 ? 'it' : 'them'}?`,
    // The question names the unit: the answers name its soldiers alone.
    options: options.map((a, i) => ({ label: `${i === 0 ? 'Default: ' : ''}${allocationText(s, a, oneUnit ? { within: c.unitId } : {})}`, command: answer(c, a) })),
    ...(count > options.length ? { more: count - options.length } : {}),
  };
}

/** The owner's decision now (K-5.5a allocation, K-SKL-8 re-roll, K-5.5h a fallen MG's taker, K-5.1b a targeted leader's dive, K-5.6e an evacuation move, K-5.6d an escort heading back). */
export function ownerDecision(s: KState, c: KOwnerChoice): PendingDecision {
  // It carries the unit it is about, so the view brings that unit into view without reading the question.
  return { ...decisionOf(s, c), unitId: c.unitId };
}

function decisionOf(s: KState, c: KOwnerChoice): PendingDecision {
  switch (c.kind) {
    case 'wounds': return woundDecision(s, c);
    case 'medic': return medicDecision(s, c);
    case 'take-over': return takeOverDecision(s, c);
    case 'dive': return diveDecision(s, c);
    case 'evacuation': return evacuationDecision(s, c);
    case 'escort': return escortDecision(s, c);
  }
}

/** The legal answers (as many as the decision lists). */
export function ownerAnswers(s: KState, c: KOwnerChoice): Command[] {
  return ownerDecision(s, c).options.map((o) => o.command);
}
