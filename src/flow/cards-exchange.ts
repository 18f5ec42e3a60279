// The cards model's close-combat exchange (CardsProgram.exchange): its steps resolved in order, each
// marked on its first event so the machine moves into it (sequence-machines.ts); where it starts (a
// forced step, or a command inside an activation the program names), how it goes on after an owner's
// last answer, how it ends, and what it awaits in the program's words.
import type { Command, Dice, GameEvent } from '../core';
import type { Decision } from '../game';
import type { Scenario } from '../scenario';
import { cardsDecision, folded, forcedResolved, nameOf, theirEvents, type Ctx, type Program, type State } from './cards-fold';
import { EXCHANGE_FIELD, type SequenceMachine } from './sequence-machines';

/**
 * The exchange's steps from `from` on: each whose guard holds on the state the ones before left is
 * resolved, its first event marked with its name (the machine moves to it as it is folded); they stop
 * where a decision holds the exchange or a step ended it.
 */
function exchangeSteps(p: Program, machine: SequenceMachine, s: State, from: number, ctx: Ctx & { dice: Dice }): Decision<GameEvent> {
  const steps = p.exchange!.steps;
  const out: GameEvent[] = [];
  let t = s;
  for (let i = from; i < steps.length; i++) {
    const step = steps[i]!;
    if (!step.due(t)) continue;
    const r = step.resolve(t, ctx);
    if (!r.ok) return r.rule ? { ok: false, reason: r.reason, rule: r.rule } : { ok: false, reason: r.reason };
    if (!r.events.length) throw new Error(`the exchange's step ${step.name} was due but logged nothing`);
    const [first, ...rest] = r.events;
    const marked = theirEvents([{ ...first!, [EXCHANGE_FIELD]: step.name }, ...rest]);
    out.push(...marked);
    t = folded(p, machine, t, marked);
    if (t.seq.step !== 'exchange' || cardsDecision(p, t, ctx.scenario)) break;
  }
  return { ok: true, events: out };
}

/** Does this command start the exchange: the forced step it is resolved, or a command of an activation the program's `opens` names (a charge's first round)? */
export function exchangeStarts(p: Program, s: State, c: Command, inActivation: boolean): boolean {
  const x = p.exchange;
  if (!x) return false;
  return inActivation ? !!x.opens?.(s, c) : s.seq.step === 'forced' && s.seq.forced === x.forced;
}

/** The exchange from its first step: its events, ended by `close` (the closing step's event when no decision holds it). */
export function exchangeFromStart(p: Program, machine: SequenceMachine, s: State, ctx: Ctx & { dice: Dice }, close: (events: GameEvent[]) => GameEvent[]): Decision<GameEvent> {
  const x = exchangeSteps(p, machine, s, 0, ctx);
  return x.ok ? { ok: true, events: close(x.events) } : x;
}

/**
 * An exchange held by a decision, its last answer given (`after`: the state the answer left): its
 * steps after the one that raised it, ended by `close`; when none is due, its end: the forced step
 * resolved (the unit goes on, or its activation is spent).
 */
export function exchangeGoesOn(p: Program, machine: SequenceMachine, after: State, events: GameEvent[], ctx: Ctx & { dice: Dice }, close: (events: GameEvent[]) => GameEvent[]): GameEvent[] {
  const seq = after.seq;
  const at = p.exchange!.steps.findIndex((x) => x.name === seq.exchange);
  const more = exchangeSteps(p, machine, after, at + 1, ctx);
  if (!more.ok) throw new Error(`the exchange's step after ${seq.exchange} refused on the state its answer left: ${more.reason}`);
  if (more.events.length) return close([...events, ...more.events]);
  return [...events, forcedResolved(p, seq.forced!, seq.unit!, p.forcedGoesOn?.(after, seq.forced!) ?? false, ctx.scenario)];
}

/** What the exchange awaits at its step, in the program's words (`awaiting`), else the model's. */
export function exchangeAwaited(p: Program, s: State, scenario: Scenario): { reason: string; rule: string } {
  const seq = s.seq;
  const rule = p.exchange?.steps.find((x) => x.name === seq.exchange)?.rule ?? p.rule.activate;
  const words = p.exchange?.awaiting?.(s);
  return { reason: words ?? `${seq.unit ? nameOf(scenario, seq.unit) : 'the unit'}'s ${seq.forced} is at its ${seq.exchange}`, rule };
}
