// The card-driven model composed into the game layer's Ruleset (sequenced.ts calls these): what each
// step of the cards machine takes and resolves with the ruleset's pure functions, the legal commands
// of each step, who may act, and the refusal that says what the step awaits.
import type { CardsEventRole, CardsProgram, Command, Dice, GameEvent, TableQueries } from '../core';
import type { ActingSides, Decision } from '../game';
import type { Scenario } from '../scenario';
import { cardsDecision, cardsOf, eventsOf, folded, forcedResolved, isTheirs, nameOf, sideName, theirEvents, theirs, type Ctx, type Program, type State } from './cards-fold';
import { exchangeAwaited, exchangeFromStart, exchangeGoesOn, exchangeStarts } from './cards-exchange';
import { mayUse, rolesNow, snapshotOf, stepped, type CommandRole, type SequenceMachine } from './sequence-machines';

export { cardsDecision, foldEvent } from './cards-fold';

/** The activate commands of the unit offered (the program's variants, else the one). */
function activateOptionsOf(p: Program, s: State, ctx: Ctx): Command[] {
  const cp = p as CardsProgram<unknown, Scenario, TableQueries>;
  return cp.activateOptions?.(s, ctx) ?? [{ type: cp.commands.activate, side: s.seq.side!, unitId: s.seq.unit! }];
}

/** The same command, field for field (a command's fields in any order). */
function sameCommand(a: Command, b: Command): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) if (JSON.stringify(a[k]) !== JSON.stringify(b[k])) return false;
  return true;
}

/** The fields of a leader's command (the program's, else the machine's `unitId` and `target`). */
const commandFieldsOf = (p: Program) => (p as CardsProgram<unknown, unknown, unknown>).commandFields ?? { unit: 'unitId', target: 'target' };

/** The cards fields of a new game's sequence (before the first turn). */
export const CARDS_START = { deck: [], drawn: [], via: null, by: null, forced: null, ready: [], readiness: null, queue: [], taken: [] } as const;

/** The command roles of a cards program, by its words. */
export function cardsRoleOf(p: Program, type: string): CommandRole | undefined {
  const c = p.commands;
  for (const role of ['begin', 'draw', 'resolve', 'activate', 'pass', 'ready', 'command', 'declare', 'end', 'endActivation'] as const) if (c[role] === type) return role;
  if (p.rules.answerTypes?.includes(type)) return 'answer';
  return p.rules.actionTypes.includes(type) ? 'action' : undefined;
}

/** The ready units of a side that may still use their readiness now. */
function readyOf(p: Program, s: State, side: string): string[] {
  const seq = cardsOf(s);
  return seq.ready.filter((u) => p.sideOf(s.table, u) === side && mayUse(p as CardsProgram<unknown, unknown, unknown>, { table: s.table, acted: seq.acted }, u));
}

/** The units the offered unit may command now, measured on the battlefield (none for a unit itself commanded). */
function commandableNow(p: Program, s: State, queries: TableQueries): string[] {
  const seq = cardsOf(s);
  if (!seq.unit || seq.via === 'command') return [];
  return p.commandable(s, seq.unit, queries).filter((u) => !seq.acted.includes(u) && p.units(s.table, p.sideOf(s.table, u)).includes(u));
}

/**
 * The events, and the closing event of the step they leave the machine in when no decision is open
 * after them (a decision holds it back until its last answer): the acted event when the activation is
 * over (the rules' guard), a forced step's end, the deal of a turn opening, the end of a turn closing.
 */
function withClosing(p: Program, machine: SequenceMachine, s: State, events: GameEvent[], ctx: Ctx & { dice: Dice }): GameEvent[] {
  const { scenario } = ctx;
  const E = eventsOf(p);
  const after = folded(p, machine, s, events);
  if (cardsDecision(p, after, scenario)) return events;
  const seq = after.seq;
  const unit = seq.unit;
  if (seq.step === 'activation' && unit && p.activationOver(after, unit)) return [...events, { type: E.acted, rule: p.rule.activate, unit, text: `${nameOf(scenario, unit)}: activation over` }];
  if (seq.step === 'forced' && unit) return [...events, forcedResolved(p, seq.forced!, unit, p.forcedGoesOn?.(after, seq.forced!) ?? false, scenario)];
  // An exchange held by a decision: its steps after the one that raised it, then its end (steps always move it on: this ends).
  if (seq.step === 'exchange' && unit) return exchangeGoesOn(p, machine, after, events, ctx, (more) => withClosing(p, machine, s, more, ctx));
  if (seq.step === 'opening') return [...events, dealt(p, after, ctx)];
  if (seq.step === 'closing') return [...events, closed(p, after)];
  return events;
}

/** A turn dealt: the new deck (the turn opens). */
function dealt(p: Program, s: State, ctx: Ctx & { dice: Dice }): GameEvent {
  const r = p.deal(s, ctx);
  return { type: eventsOf(p).begin, rule: p.rule.begin, round: s.seq.round + 1, deck: r.deck, text: r.text };
}

const closed = (p: Program, s: State): GameEvent => ({ type: eventsOf(p).end, rule: p.rule.end, round: s.seq.round, text: `${p.roundWord} ${s.seq.round} ends` });

/** The fields of its events the cards machine reads: a program's dress leaves them as they are. */
const MACHINE_FIELDS = ['type', 'round', 'deck', 'card', 'unit', 'units', 'goesOn', 'queue', 'side', 'action'] as const;
const ROLES = new WeakMap<object, Map<string, CardsEventRole>>();
function roleOfEvent(p: Program): Map<string, CardsEventRole> {
  let roles = ROLES.get(p);
  if (!roles) ROLES.set(p, (roles = new Map(Object.entries(eventsOf(p)).map(([role, type]) => [type, role as CardsEventRole]))));
  return roles;
}

/** A machine event in the program's words: its fields added (the machine's own kept), and the lines before it. */
function dressed(p: Program, role: CardsEventRole, e: GameEvent, s: State, ctx: Ctx, command: Command): { event: GameEvent; before: GameEvent[] } {
  const d = p.dress?.(role, e, s, ctx, command);
  if (!d) return { event: e, before: [] };
  const own = Object.fromEntries(MACHINE_FIELDS.filter((k) => k in e).map((k) => [k, e[k]]));
  return { event: d.fields ? ({ ...e, ...d.fields, ...own } as GameEvent) : e, before: d.before ?? [] };
}

/**
 * The step's events in the program's words: each machine event dressed with its fields and text, and
 * the table lines it logs before and after it (dress, follow), in order, each folded as it comes.
 */
function inProgramWords(p: Program, machine: SequenceMachine, s: State, events: GameEvent[], ctx: Ctx, command: Command): GameEvent[] {
  if (!p.dress && !p.follow) return events;
  const roles = roleOfEvent(p);
  const out: GameEvent[] = [];
  let t = s;
  const push = (e: GameEvent) => {
    out.push(e);
    t = folded(p, machine, t, [e]);
  };
  for (const e of events) {
    const role = isTheirs(e) ? undefined : roles.get(e.type);
    if (!role) {
      push(e);
      continue;
    }
    const d = dressed(p, role, e, t, ctx, command);
    for (const line of d.before) push(line);
    const prev = t;
    push(d.event);
    for (const line of p.follow?.(role, e, t, prev, ctx, command) ?? []) push(line);
  }
  return out;
}

/**
 * A command judged: while a decision is open only its answers are taken (any other is refused naming
 * it); else the machine's step must take the command's role, then it is resolved.
 */
export function cardsDecide(p: Program, machine: SequenceMachine, s: State, c: Command, role: CommandRole, ctx: Ctx & { dice: Dice }): Decision<GameEvent> {
  const { scenario } = ctx;
  const open = cardsDecision(p, s, scenario);
  if (open && role !== 'answer') return { ok: false, reason: `not now: ${sideName(scenario, open.side)} must first answer: ${open.label}`, rule: open.rule ?? p.rule.activate };
  if (!open && role === 'answer') return { ok: false, reason: `not now: nothing is asked (${cardsAwaited(p, s, scenario).reason})`, rule: cardsAwaited(p, s, scenario).rule };
  if (!open && !rolesNow(machine, s).includes(role) && !(role === 'resolve' && rolesNow(machine, s).includes('action') && p.rules.actionTypes.includes(c.type))) {
    const wait = cardsAwaited(p, s, scenario);
    return { ok: false, reason: `not now: ${wait.reason}`, rule: wait.rule };
  }
  // A word both the forced step's and an action's (a roll awaited inside an activation): the step now says which.
  const r = cardsResolve(p, machine, s, c, role === 'resolve' && s.seq.step === 'activation' && p.rules.actionTypes.includes(c.type) ? 'action' : role, ctx);
  if (!r.ok) return r;
  const events = inProgramWords(p, machine, s, r.events, ctx, c);
  // The program's checks after every command, on the state the command left.
  return { ok: true, events: p.settle ? [...events, ...p.settle(folded(p, machine, s, events), c, events, ctx)] : events };
}

/** An answer's events, and the step's closing event it held back when it was the last answer. */
function answered(p: Program, machine: SequenceMachine, s: State, c: Command, ctx: Ctx & { dice: Dice }): Decision<GameEvent> {
  if (!p.rules.answer) return { ok: false, reason: `${c.type} answers nothing in these rules`, rule: p.rule.activate };
  const r = theirs(p.rules.answer(s, c, ctx));
  if (!r.ok) return r.rule ? { ok: false, reason: r.reason, rule: r.rule } : { ok: false, reason: r.reason };
  return { ok: true, events: withClosing(p, machine, s, r.events, ctx) };
}

/** The events of a cards step (dice through `dice`), or the refusal. */
export function cardsResolve(p: Program, machine: SequenceMachine, s: State, c: Command, role: CommandRole, ctx: Ctx & { dice: Dice }): Decision<GameEvent> {
  const { scenario } = ctx;
  const E = eventsOf(p);
  const seq = cardsOf(s);
  const no = (reason: string, rule: string): Decision<GameEvent> => ({ ok: false, reason, rule });
  const unit = seq.unit ?? '';
  const fields = commandFieldsOf(p);
  // A command naming a unit must name the one offered (or acting); a leader's command names him in its own field.
  const named = role === 'command' ? c[fields.unit] : c.unitId;
  if (['resolve', 'activate', 'pass', 'ready', 'command', 'endActivation'].includes(role) && named !== undefined && named !== unit) {
    return no(`${nameOf(scenario, String(named))} is not the unit offered: ${nameOf(scenario, unit)} is`, p.rule.draw);
  }
  const can = (e: GameEvent) => snapshotOf(machine, s).can(e as never);
  switch (role) {
    case 'answer':
      return answered(p, machine, s, c, ctx);
    case 'begin': {
      if (!p.turnStart) return { ok: true, events: [dealt(p, s, ctx)] };
      // The deal waits (opening) only when the hook's events raise a decision.
      const hook = theirEvents(p.turnStart(s, ctx));
      const after = folded(p, machine, s, hook);
      // A hook event the program names as the opening event has moved the machine there already.
      if (after.seq.step === 'opening') return { ok: true, events: hook };
      if (!cardsDecision(p, after, scenario)) return { ok: true, events: [...hook, dealt(p, after, ctx)] };
      return { ok: true, events: [...hook, { type: E.opening, rule: p.rule.begin, round: seq.round + 1, text: `${p.roundWord} ${seq.round + 1} opens` }] };
    }
    case 'draw': {
      const card = seq.deck[0]!;
      const r = p.card(s, card, ctx);
      return { ok: true, events: [{ type: E.draw, rule: r.rule ?? p.rule.draw, card, unit: r.unit, text: r.text }] };
    }
    case 'resolve': {
      const step = seq.forced!;
      // The program's close-combat exchange: its steps, then its end (or the decision that holds it).
      if (exchangeStarts(p, s, c, false)) return exchangeFromStart(p, machine, s, ctx, (events) => withClosing(p, machine, s, events, ctx));
      const r = theirs(p.resolveForced(s, step, ctx));
      if (!r.ok) return r.rule ? { ok: false, reason: r.reason, rule: r.rule } : { ok: false, reason: r.reason };
      const after = folded(p, machine, s, r.events);
      // The step started the activation (its events hold the activate event, and may hold its end): the activation's end is then the rules' guard's.
      if (after.seq.step !== 'forced') return { ok: true, events: withClosing(p, machine, s, r.events, ctx) };
      // A decision the step raised holds its end back until the last answer (withClosing).
      if (cardsDecision(p, after, scenario)) return { ok: true, events: r.events };
      return { ok: true, events: [...r.events, forcedResolved(p, step, unit, r.goesOn, scenario)] };
    }
    case 'activate': {
      if (!activateOptionsOf(p, s, ctx).some((o) => sameCommand(o, c))) {
        const why = p.activateRefusal?.(s, c, ctx);
        return why ? { ok: false, reason: why.reason, ...(why.rule ? { rule: why.rule } : {}) } : no(`${nameOf(scenario, unit)} may not activate so`, p.rule.activate);
      }
      // Units acting together on this card (the program's), the offered one first.
      const units = (p as CardsProgram<unknown, unknown, unknown>).activationUnits?.(s, c);
      const others = (units ?? []).filter((u) => u !== unit);
      const text = `${nameOf(scenario, unit)} activates${others.length ? ` with ${others.map((u) => nameOf(scenario, u)).join(', ')}` : ''}`;
      const activated: GameEvent = { type: E.activate, rule: p.rule.activate, unit, via: seq.via, ...(units ? { units: [unit, ...others] } : {}), text };
      if (!p.activated) return { ok: true, events: [activated] };
      // The program's resolution of the activation's start (its chosen action), on the state its words leave, then the rules' guard.
      const start = dressed(p, 'activate', activated, s, ctx, c);
      const before = folded(p, machine, s, start.before);
      const began = folded(p, machine, before, [start.event]);
      const r = theirs(p.activated(began, c, ctx));
      if (!r.ok) return r.rule ? { ok: false, reason: r.reason, rule: r.rule } : { ok: false, reason: r.reason };
      // The start is already in the program's words (as inProgramWords would give it): not dressed, nor folded, again.
      const words = theirEvents([...start.before, start.event, ...(p.follow?.('activate', activated, began, before, ctx, c) ?? [])]);
      return { ok: true, events: withClosing(p, machine, s, [...words, ...r.events], ctx) };
    }
    case 'pass':
      return { ok: true, events: [{ type: E.pass, rule: p.rule.activate, unit, text: `${nameOf(scenario, unit)} passes: the activation is spent` }] };
    case 'ready': {
      const e: GameEvent = { type: E.ready, rule: p.rule.ready, unit, text: `${nameOf(scenario, unit)} goes into readiness` };
      return can(e) ? { ok: true, events: [e] } : no(`${nameOf(scenario, unit)} may not go into readiness now`, p.rule.ready);
    }
    case 'command': {
      const target = String(c[fields.target]);
      const e: GameEvent = { type: E.command, rule: p.rule.command, by: unit, unit: target, text: `${nameOf(scenario, unit)} commands ${nameOf(scenario, target)}` };
      // Measured here (the machine's guard, folding the event, cannot measure).
      return can(e) && commandableNow(p, s, ctx.table).includes(target) ? { ok: true, events: [e] } : no(`${nameOf(scenario, unit)} may not command ${nameOf(scenario, target)} now`, p.rule.command);
    }
    case 'action': {
      // An action of the acting unit names it; one by another side (defensive fire …) names its own unit.
      if (c.side === seq.side && c.unitId !== undefined && c.unitId !== unit && !p.actingUnits?.(s).includes(String(c.unitId))) return no(`${nameOf(scenario, String(c.unitId))} is not the unit acting: ${nameOf(scenario, unit)} is`, p.rule.activate);
      // A step of the activation that is the program's close-combat exchange (a charge's first round): its steps end the activation.
      if (exchangeStarts(p, s, c, true)) return exchangeFromStart(p, machine, s, ctx, (events) => withClosing(p, machine, s, events, ctx));
      const r = theirs(p.rules.act(s, c, ctx));
      if (!r.ok) return r.rule ? { ok: false, reason: r.reason, rule: r.rule } : { ok: false, reason: r.reason };
      if (p.quietActions) return { ok: true, events: withClosing(p, machine, s, r.events, ctx) };
      const taken: GameEvent = { type: E.action, rule: p.rule.activate, unit, action: c.type, side: c.side };
      return { ok: true, events: withClosing(p, machine, s, [...r.events, taken], ctx) };
    }
    case 'endActivation': {
      // Another side's action due first (the sides the rules name, else those of the actions listed).
      const waiting = p.rules.actionSides ? p.rules.actionSides(s).find((x) => x !== seq.side) : p.rules.actions(s, ctx).find((a) => a.side !== seq.side)?.side;
      if (waiting) return no(`${sideName(scenario, String(waiting))} must act first`, p.rule.activate);
      if (!(p.mayEndActivation?.(s) ?? true)) return no(`not now: ${cardsAwaitedWords(p, s, scenario)}`, p.awaiting?.(s)?.rule ?? p.rule.activate);
      return { ok: true, events: [{ type: E.acted, rule: p.rule.activate, unit, text: `${nameOf(scenario, unit)} ends its activation` }] };
    }
    case 'declare': {
      const side = String(c.side);
      const declared = c.unitId === null || c.unitId === undefined ? null : String(c.unitId);
      const e: GameEvent = { type: E.declare, rule: p.rule.readiness, side, unit: declared, text: declared ? `${sideName(scenario, side)} use ${nameOf(scenario, declared)}'s readiness` : `${sideName(scenario, side)} use no ready unit now` };
      if (!can(e)) return no(declared ? `${nameOf(scenario, declared)} may not use readiness now` : `${sideName(scenario, side)} have nothing to declare now`, p.rule.readiness);
      const after = stepped(machine, s, e);
      if (after.readiness!.pending.length > 0) return { ok: true, events: [e] };
      // Every side has declared: those with a unit queue, a roll-off ordering them when several did.
      const decl = after.readiness!.declared;
      const sides = seq.sides.filter((x) => decl[x]);
      const off = sides.length > 1 ? p.rollOff(sides, ctx) : { order: sides, text: sides.length ? `${nameOf(scenario, decl[sides[0]!]!)} acts out of readiness` : 'No ready unit acts now' };
      const queue = off.order.map((x) => decl[x]!);
      // Each round of the roll-off its own line (the machine leaves them to the log), then the window closes.
      const rounds: GameEvent[] = ('rounds' in off ? off.rounds ?? [] : []).map((r) => ({ type: E.rolled, rule: p.rule.readiness, rolls: r.rolls.map((x) => ({ ...x })), text: r.text }));
      return { ok: true, events: [e, ...rounds, { type: E.close, rule: p.rule.readiness, queue, text: off.text }] };
    }
    default: {
      if (!p.turnEnd) return { ok: true, events: [closed(p, s)] };
      // The turn's end waits (closing) only when the hook's events raise a decision.
      const hook = theirEvents(p.turnEnd(s, ctx));
      const after = folded(p, machine, s, hook);
      if (after.seq.step === 'closing') return { ok: true, events: hook };
      if (!cardsDecision(p, after, scenario)) return { ok: true, events: [...hook, closed(p, after)] };
      return { ok: true, events: [...hook, { type: E.closing, rule: p.rule.end, round: seq.round, text: `${p.roundWord} ${seq.round} is closing` }] };
    }
  }
}

/** The legal commands of the cards step now (each with its side). */
export function cardsLegal(p: Program, s: State, ctx: Ctx): Command[] {
  const seq = cardsOf(s);
  const first = seq.sides[0];
  const C = p.commands;
  const side = seq.side!;
  const unitId = seq.unit!;
  const fields = commandFieldsOf(p);
  const open = cardsDecision(p, s, ctx.scenario);
  if (open) return open.options.map((o) => o.command);
  switch (seq.step) {
    case 'between': return [{ type: C.begin, side: first }];
    case 'draw': return [{ type: C.draw, side: first }];
    case 'forced': return [{ type: C.resolve, side, unitId, step: seq.forced }];
    case 'offer': return [
      ...activateOptionsOf(p, s, ctx),
      { type: C.pass, side, unitId },
      ...(seq.via === 'card' && p.mayReady(s, unitId) ? [{ type: C.ready, side, unitId }] : []),
      ...commandableNow(p, s, ctx.table).map((target) => ({ type: C.command, side, [fields.unit]: unitId, [fields.target]: target })),
    ];
    case 'activation': {
      // Ending the activation is the acting side's whenever no other side's action is due.
      const actions = p.rules.actions(s, ctx);
      return actions.every((a) => a.side === side) && (p.mayEndActivation?.(s) ?? true) ? [...actions, { type: C.endActivation, side, unitId }] : actions;
    }
    case 'window': return seq.readiness!.pending.flatMap((x) => [{ type: C.declare, side: x, unitId: null }, ...readyOf(p, s, x).map((u) => ({ type: C.declare, side: x, unitId: u }))]);
    case 'end': return [{ type: C.end, side: first }];
    default: return [];
  }
}

/** What the side to act must do first, in the program's words when it gives them. */
function cardsAwaitedWords(p: Program, s: State, scenario: Scenario): string {
  return p.awaiting?.(s)?.awaiting ?? cardsAwaited(p, s, scenario).reason;
}

/** Who may give the next command (with what the game waits for, in the program's words when it gives them). */
export function cardsActingSides(p: Program, s: State, scenario: Scenario): ActingSides {
  const own = cardsActingSidesOwn(p, s, scenario);
  const words = own.anySide ? undefined : p.awaiting?.(s);
  return words ? { ...own, awaiting: words.awaiting, ...(words.rule ? { rule: words.rule } : {}) } : own;
}

/** Who may give the next command: the unit offered's side; in a window every side still to declare; any side between the turn's steps. */
function cardsActingSidesOwn(p: Program, s: State, scenario: Scenario): ActingSides {
  const seq = cardsOf(s);
  const sides = scenario.sides.map((x) => x.id);
  const open = cardsDecision(p, s, scenario);
  if (open) return { sides: [open.side], awaiting: open.label, ...(open.rule ? { rule: open.rule } : {}) };
  if (seq.step === 'window') return { sides: [...seq.readiness!.pending], rule: p.rule.readiness };
  // In an activation, the sides whose actions are due (another side's defensive fire …), else the acting unit's.
  if (seq.side && seq.step === 'activation') return { sides: p.rules.actionSides?.(s) ?? [seq.side], rule: p.rule.activate };
  if (seq.side && (seq.step === 'forced' || seq.step === 'offer' || seq.step === 'exchange')) return { sides: [seq.side], rule: p.rule.activate };
  const rule = seq.step === 'end' ? p.rule.end : seq.step === 'draw' ? p.rule.draw : p.rule.begin;
  return { sides, rule, anySide: true };
}

/** What the cards step awaits, in words a refusal gives. */
export function cardsAwaited(p: Program, s: State, scenario: Scenario): { reason: string; rule: string } {
  const seq = cardsOf(s);
  const word = p.roundWord.toLowerCase();
  const unit = seq.unit ? nameOf(scenario, seq.unit) : '';
  switch (seq.step) {
    case 'between': return { reason: `the next ${word} has to begin first`, rule: p.rule.begin };
    case 'draw': return { reason: 'the next card has to be drawn', rule: p.rule.draw };
    case 'forced': return { reason: `${unit} must first resolve its ${seq.forced}`, rule: p.rule.activate };
    case 'exchange': return exchangeAwaited(p, s, scenario);
    case 'offer': return { reason: `${unit} has to decide how to use its activation`, rule: p.rule.activate };
    case 'activation': return { reason: `${unit} is acting`, rule: p.rule.activate };
    case 'window': return { reason: `ready units are being declared (${seq.readiness!.pending.map((x) => sideName(scenario, x)).join(', ')})`, rule: p.rule.readiness };
    case 'end': return { reason: `the ${word} is over: it has to end first`, rule: p.rule.end };
    case 'opening': return { reason: `the ${word}'s start awaits its choices`, rule: p.rule.begin };
    case 'closing': return { reason: `the ${word}'s end awaits its choices`, rule: p.rule.end };
    default: return { reason: 'the game is over', rule: p.rule.end };
  }
}
