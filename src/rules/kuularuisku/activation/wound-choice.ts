// K-5.5a the target's owner allocates the wounds of a shot: the game waits for his answer (a choice
// asked of the side not acting), checks it by the spreading rule (K-5.5b), then the wound tests and the
// rest of the shooting follow. Asked only when he has a real choice (shooting.ts ownerAllocates).
import type { Command, PendingDecision } from '../../../core';
import { Steps, type KCtx } from '../context';
import { finishShooting, type WoundsAwaiting } from '../shooting';
import { allocationText, sideName } from '../soldier-names';
import type { KState } from '../state';
import { allocationChoices, allocationRefusal } from '../wounds';
import { fev, type KGameEvent, type KWoundsChoice } from './flow-state';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "Reds (owner of 2nd Squad)": who decides, by name. */
export function ownerOf(s: KState, c: { side: string; unitId: string }): string {
  return `${sideName(s, c.side)} (owner of ${s.units[c.unitId]?.name ?? 'the unit hit'})`;
}

/** K-5.5a the shot stops after its cover test: the target's owner is asked where the wounds fall. */
export function askAllocation(acc: Steps<KGameEvent>, w: WoundsAwaiting): void {
  const s = acc.state;
  const unit = s.units[w.unitId]!;
  const choice: KWoundsChoice = { kind: 'wounds', side: unit.side, unitId: w.unitId, shooterId: w.shooterId, eligible: w.eligible, wounds: w.wounds, machineGun: w.machineGun };
  acc.push(fev('CHOICE_PENDING', 'K-5.5a', `${plural(w.wounds, 'wound')} on ${unit.name}: for ${ownerOf(s, choice)} to allocate`, { choice }));
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
 * K-5.5a/b the owner's answer: checked against the spreading rule (refused with the reason), then the
 * wound tests, the morale after fire and the medics' duties of the shot (K-5.5c–h, K-7.1).
 */
export function decideAllocation(acc: Steps<KGameEvent>, choice: KWoundsChoice, raw: unknown, ctx: KCtx): { ok: true } | { ok: false; reason: string; rule: string } {
  const s = acc.state;
  const allocation = readAllocation(raw);
  if (typeof allocation === 'string') return { ok: false, reason: allocation, rule: 'K-5.5a' };
  const bad = allocationRefusal(s, choice.eligible, choice.wounds, allocation);
  if (bad) return { ok: false, reason: bad.reason, rule: bad.rule };
  const chosen = Object.fromEntries(Object.entries(allocation).filter(([, n]) => n));
  acc.push(fev('CHOICE_MADE', 'K-5.5a', `${ownerOf(s, choice)} allocated ${plural(choice.wounds, 'wound')}`, { kind: 'wounds', side: choice.side, yes: true }));
  const text = `${ownerOf(s, choice)} put ${choice.wounds === 1 ? 'the wound' : 'the wounds'} on ${allocationText(s, chosen)}`;
  const st = new Steps(acc.state);
  const refused = finishShooting(st, choice, ctx, { allocation: chosen, text });
  if (refused) return refused;
  acc.push(...st.events);
  return { ok: true };
}

/** The command answering with this allocation. */
const answer = (c: KWoundsChoice, allocation: Record<string, number>): Command => ({ type: 'ALLOCATE_WOUNDS', side: c.side, allocation });

/** K-5.5a the pending allocation as the neutral play model's decision: the book's default first (spread, key soldiers last). */
export function woundDecision(s: KState, c: KWoundsChoice, max = 12): PendingDecision {
  const { options, count } = allocationChoices(s, c.eligible, c.wounds, max);
  const unit = s.units[c.unitId]?.name ?? 'the unit hit';
  return {
    side: c.side, kind: 'wound-allocation', rule: 'K-5.5a',
    label: `${plural(c.wounds, 'wound')} on ${unit}: who takes ${c.wounds === 1 ? 'it' : 'them'}?`,
    // The question names the unit: the answers name its soldiers alone.
    options: options.map((a, i) => ({ label: `${i === 0 ? 'Default: ' : ''}${allocationText(s, a, { within: c.unitId })}`, command: answer(c, a) })),
    ...(count > options.length ? { more: count - options.length } : {}),
  };
}

/** The legal answers (as many as the decision lists). */
export function allocationCommands(s: KState, c: KWoundsChoice): Command[] {
  return woundDecision(s, c).options.map((o) => o.command);
}
