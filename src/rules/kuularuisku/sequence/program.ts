// Kuularuisku's answers to the cards turn model (CardsProgram, src/core/sequence.ts) as pure functions
// over `{ table, seq }`: the deck dealt, what a drawn card does, the forced step due, whom a leader may
// command, readiness, the roll-off. They reuse the rules' own deck, offer and readiness checks; the
// composed module (src/flow/sequenced.ts) runs them in the cards machine, which every game plays through.
import type { CardsProgram, CardsView, Dice, ForcedResolution, GameEvent, RollOffRound, Sequenced, TableQueries } from '../../../core';
import type { Scenario } from '../../../scenario';
import { resolveHouse } from '../house';
import { parseRules } from '../scenario-data';
import type { KReading, KState } from '../state';
import { Steps } from '../context';
import { cardDrawnText, deckCards, drawOutcome, shuffleEvents } from '../activation/deck';
import { resolvePending } from '../activation/decide';
import { isForcedStep, type FlowEventOf, type KGameEvent, type KOffer } from '../activation/flow-state';
import { startEvacuationMoves } from '../activation/evacuation-choice';
import { barrageAsks } from '../activation/barrage-choice';
import { actingUnit, forcedStepAt, offerChoices, offerOptions } from '../activation/offer';
import { readinessUsableOnTable, rollOff as readinessRollOff } from '../activation/readiness';
import { turnLimitOf } from '../activation/victory';
import { tableEffects } from './table-effects';

export { tableEffects };

/*
 * How Kuularuisku's log maps onto the cards machine (the switch's plan; its log must stay word for word,
 * `bench/game-hashes.ts` compares type, rule and text). `events` names the machine's events in its words;
 * `dress` gives them its texts and fields and the lines just before; `follow` the lines just after.
 *
 * BEGIN_TURN   turnStart = the barrage before turn 1 (K-5.5a, its owners asked): its CHOICE_PENDING is
 *              the `opening` event (and `closing`, below). begin = DECK_SHUFFLED (dress: rule K-2.1b,
 *              the shuffle's text, `turn`, `order`; before: TURN_STARTED).
 * DRAW_CARD    draw = CARD_DRAWN (dress: cardDrawnText, `unitId`, `left`; `card` must offer the unit or
 *              null, without the spent text); follow: CARD_SPENT, or offerEvents' ACTIVATION_OFFERED /
 *              STEP_PENDING (a forced step: a line; the machine's `forced` is the step).
 * RESOLVE      forced pinned-test: resolveForced gives the test's events; resolved = STEP_DONE (dress:
 *              K-7.1f's text, `kind`); follow: OFFER_LAPSED (spent, K-7.3c) or ACTIVATION_OFFERED
 *              (pinnedFailed, K-7.1c). rout: resolveForced gives ACTIVATION_STARTED (the machine's
 *              activate event: the step starts the activation), ACTION_CHOSEN, STEP_DONE and the rout;
 *              the activation's end is `activationOver` (no pending step, no choice) then acted.
 *              melee-round: the program's exchange (exchange.ts), the machine's nested states: the melee
 *              begins (the same three lines), the round, its outcome, the activation's end; owners'
 *              wounds, medic and MG take-over are decisions that hold it at the round.
 *              A charge's steps (K-7.2a, K-6.2e, melee start) are RESOLVE as an action inside the activation.
 * ACTIVATE     activate = ACTIVATION_STARTED (dress: `unitId`, `units`, `via` incl. leader-group,
 *              `commandedBy`, its text; before: LEADER_LEFT for `leaders: leave`, read from the command);
 *              activated = ACTION_CHOSEN (K-GAP-4 special: activationOver at once).
 * PASS         pass = ACTIVATION_ENDED ("does nothing this activation"; before: ACTIVATION_STARTED,
 *              which the machine takes as the activate event, then the pass as the acted one).
 * END_ACTIVATION / an activation over: acted = ACTIVATION_ENDED (dress: `unitId`, `units`, K-2.0b's
 *              text; before: chargeRemoval's lines). follow of acted, pass, resolved (spent), close:
 *              the scenario's checks (revealChecks, the 'command' victory check), QUEUE_SKIPPED for
 *              queued units passed over (mayUseReadiness: the table's part of canUseReadiness), ACTIVATION_OFFERED for the
 *              queued unit offered, WINDOW_OPENED when the machine opened a window.
 * COMMAND      command = COMMAND_ISSUED (commandFields leaderId/unitId; dress: its fields and text);
 *              follow: offerEvents(unit, 'command').
 * READY        ready = READINESS_ENTERED (dress: "waits in readiness", `unitId`).
 * READINESS    declare = READINESS_DECLARED (dress: `unitId`, its text); rolled = READINESS_ROLL_OFF;
 *              close = WINDOW_CLOSED (dress: "Ready units activate: …" / "No ready unit is used now").
 * END_TURN     turnEnd = the evacuation moves (K-5.6e/d, owners' choices: CHOICE_PENDING is `closing`);
 *              end = TURN_ENDED (dress: K-GAP-2 / K-TERM-9, its text, `turn`, `expiredReadiness`);
 *              follow: the turn-end victory check's GAME_ENDED.
 * Actions (MOVE, SHOOT, CHARGE …), DEFENSIVE_FIRE and GRENADES (actionSides: the charged side) are
 * `rules.act` (quietActions: Kuularuisku logs no line per action; `s.activation` keeps the parts);
 * ALLOCATE_WOUNDS, MEDIC_REROLL, TAKE_OVER, LEADER_DIVE, EVACUATION_MOVE, ESCORT_RETURN are answers.
 * After every command: settle = immediateEnd's lines (revealChecks over the command's events, the
 * 'command' victory check). Actions and answers still go through the rules' own decide (their closing
 * lines are theirs). Recorded games replay through the machine to the same log
 * (tests/rules/kuularuisku/recorded-games.test.ts). The machine's sequence is the only one: the table
 * keeps none, and the rules read the machine's (reading.ts, tests/rules/kuularuisku/sequence-reading.test.ts): a
 * declared ready unit stays in `ready`, and the one offered from the queue at its head, until it
 * activates or (a leader) commands (K-2.3b, K-2.2b, K-AMB-3); a pinned unit that stayed
 * pinned is not tested again (`forced`, K-7.1c); readiness lapsing at the turn's end is the end
 * event's `lapsed` (K-GAP-2); a rout outside the unit's activation counts as acted and a unit routing,
 * in melee or gone is ready no more (`tableEffects`, K-7.3c, K-2.3). Not covered yet: the machine's step
 * when the rules' verdict comes in a line after its event (a turn-end victory: `won` is read before
 * GAME_ENDED is folded; the composed `victory` still ends the game, but `seq.step` stays 'between').
 */

/** A Kuularuisku game as the cards machine holds it: the table and the machine's view. */
export type KSequenced = Sequenced<KState> & { readonly seq: CardsView };

/** The game with its table as the rules read it (reading.ts rulesState): the program's resolutions take it. */
export type KReadSequenced = Sequenced<KReading> & { readonly seq: CardsView };

/** What a step reads besides the state: the scenario, the battlefield's queries, the dice. */
export interface KSequenceCtx {
  scenario: Scenario;
  table: TableQueries;
  dice: Dice;
}

/** The unit offered as the offer checks read it (`via` is the machine's: a card, the one that allows the most). */
function offerFor(table: KReading, unit: string): KOffer {
  const t = table.tableFlow;
  return { unitId: unit, side: table.units[unit]!.side, via: 'card', ...(t.pinnedFailed ? { pinnedFailed: true } : {}), ...(t.mustRegroup ? { mustRegroup: true } : {}) };
}

/** K-2.1b a new turn's deck: every unit's and leader's card still in play, shuffled with the game's dice. */
export function deal(s: KReadSequenced, ctx: KSequenceCtx): { deck: string[]; text: string } {
  const e = shuffleEvents(s.table, ctx.dice, s.seq.round + 1)[0] as FlowEventOf<'DECK_SHUFFLED'>;
  return { deck: [...e.order], text: e.text };
}

/** K-2.1b a card drawn: the unit it offers its activation, or none (K-2.0b, K-2.2b/e, K-1.2a: spent; the spent line follows it, words.ts). */
export function card(s: KReadSequenced, drawn: string, _ctx?: unknown): { unit: string | null; text: string; rule?: string } {
  const out = drawOutcome(s.table, drawn);
  return { unit: out.kind === 'spent' ? null : drawn, text: cardDrawnText(s.table, drawn, s.seq.deck.length - 1), rule: 'K-2.1b' };
}

export function sideOf(table: KState, unit: string): string {
  return table.units[unit]!.side;
}

/** F2.1–3 the step the unit offered faces before deciding: a melee round (K-6.3a), its rout (K-7.3d), the pinned test (K-7.1f). */
export function forced(table: KReading, unit: string): string | null {
  const step = forcedStepAt(table, unit);
  // K-7.1c a unit that took its pinned test and stayed pinned goes on to decide (the table marks it at the test's STEP_DONE).
  return step === 'pinned-test' && table.tableFlow.pinnedFailed ? null : step;
}

/**
 * A forced step resolved with its dice: the table's events (the sequence's own left out) and whether
 * the unit goes on to decide (a pinned unit that held or stayed pinned, K-7.1c/f). A rout or a melee
 * round is the unit's whole activation (K-7.3d, K-6.3b). Asked of the state whose sequence awaits it.
 * In play a melee round is the exchange's (exchange.ts, step by step); resolved here whole, as the
 * rules' own flow does, it gives the same lines (tests/rules/kuularuisku/cards-program.test.ts).
 */
export function resolveForced(s: KReadSequenced, step: string, ctx: KSequenceCtx): ForcedResolution {
  const unit = s.seq.unit;
  if (!unit || !isForcedStep(step) || forcedStepAt(s.table, unit) !== step) return { ok: false, reason: `no ${step} is due now`, rule: 'K-2.1b' };
  const acting = actingUnit(s.table, unit)!;
  const acc = new Steps<KGameEvent>(s.table);
  resolvePending(acc, { kind: step, side: sideOf(s.table, unit), unitId: unit, ...(step === 'melee-round' ? { meleeId: acting.meleeId! } : {}), via: s.seq.via ?? 'card', ...(s.seq.by ? { commandedBy: s.seq.by } : {}) }, { scenario: ctx.scenario, table: ctx.table, dice: ctx.dice });
  const goesOn = step === 'pinned-test' && acc.events.some((e) => e.type === 'ACTIVATION_OFFERED' && e.offer.unitId === unit);
  return { ok: true, events: forcedLines(step, acc.events) as unknown as GameEvent[], goesOn };
}

/**
 * The rules' lines of a forced step the machine logs as its own: the pinned test's events (the machine's
 * STEP_DONE and what follows it are its words, words.ts); a rout or a melee round whole, as the rules
 * resolve it: it starts the activation (ACTIVATION_STARTED, the machine's activate event) and, unless an
 * owner's choice waits, ends it with what comes between activations.
 */
export function forcedLines(step: string, events: readonly KGameEvent[]): KGameEvent[] {
  return step === 'pinned-test' ? events.slice(0, events.findIndex((e) => e.type === 'STEP_DONE')) : [...events];
}

/** K-GAP-9 the preparation barrage before turn 1 (a scenario's preparation fire): its events, stopping at an owner's choice (K-5.5a, K-SKL-8, K-5.5h). */
export function turnStart(s: KReadSequenced, ctx: KSequenceCtx): GameEvent[] {
  if (s.seq.round !== 0) return [];
  const acc = new Steps<KGameEvent>(s.table);
  barrageAsks(acc, { scenario: ctx.scenario, table: ctx.table, dice: ctx.dice });
  return acc.events as unknown as GameEvent[];
}

/** K-5.6e/d the turn's end (END_OF_TURN_EVACUATION): the wounded and escorts move, their owners choosing where a choice is theirs. */
export function turnEnd(s: KReadSequenced, ctx: KSequenceCtx): GameEvent[] {
  const acc = new Steps<KGameEvent>(s.table);
  // The turn's own end (TURN_ENDED) is the machine's event, after the last move.
  startEvacuationMoves(acc, { scenario: ctx.scenario, table: ctx.table, dice: ctx.dice }, () => undefined);
  return acc.events as unknown as GameEvent[];
}

/**
 * K-2.2a the units a leader offered may command (none for a unit, none for a leader still pinned,
 * K-7.1c). Needs the battlefield's queries (the command range is measured on it).
 */
export function commandable(table: KReading, unit: string, queries?: TableQueries): string[] {
  if (queries) return offerOptions(table, offerFor(table, unit), queries).command;
  // Without the battlefield (the machine's own guard): the units he might command, short of measuring his range.
  const u = table.units[unit]!;
  if (u.kind !== 'leader' || table.tableFlow.pinnedFailed) return [];
  return deckCards(table).filter((id) => id !== unit && table.units[id]!.side === u.side);
}

/**
 * K-2.3b may a ready unit still use its readiness: not in melee or routing, on the table (the table's
 * facts; that it is ready and has not acted is the machine's sequence, which asks this only then).
 */
export function mayUseReadiness(table: KState, unit: string): boolean {
  const u = table.units[unit];
  return !!u && readinessUsableOnTable(table, u);
}

/** K-2.3a may the unit offered on its own card go into readiness (not still pinned, not regrouping, not a joined leader's card)? */
export function mayReady(table: KReading, unit: string): boolean {
  return offerChoices(table, offerFor(table, unit)).ready;
}

/** K-2.3c the sides that declared a ready unit, in the roll-off's order (ties re-rolled), the log's line, and each round with its dice. */
export function rollOff(sides: readonly string[], ctx: { dice: Dice }): { order: string[]; text: string; rounds: RollOffRound[] } {
  const r = readinessRollOff(sides, ctx.dice);
  return { order: r.order, text: r.events.map((e) => e.text).join('; '), rounds: r.events.flatMap((e) => (e.type === 'READINESS_ROLL_OFF' ? [{ rolls: e.rolls.map((x) => ({ ...x })), text: e.text }] : [])) };
}

/** K-2.1a the units of a side that have a card: on the table, not joined to another unit (K-1.2), not a half acting on its parent's card. */
export function units(table: KState, side: string): string[] {
  return deckCards(table).filter((id) => table.units[id]!.side === side);
}

/**
 * K-GAP-1 the game is decided: the rules' verdict is on the table — a side with no unit left (at once),
 * a turn's end with the scenario's conditions met, the last turn over. The machine follows the rules'
 * word, so it ends the game exactly when the rules' GAME_ENDED is folded.
 */
export function won(table: KState, _sides: readonly string[]): boolean {
  return table.tableFlow.result !== undefined;
}

/** K-GAP-1 the last turn: the scenario's, else the house default. */
export function lastRound(scenario: Scenario): number {
  return turnLimitOf(scenario, resolveHouse(parseRules(scenario).house).house);
}

/** The functions above under CardsProgram's names (the command words, rules and table rules come with the switch). */
export const kuularuiskuCards = { deal, card, sideOf, forced, resolveForced, commandable, mayReady, mayUseReadiness, tableEffects, rollOff, units, won, lastRound } satisfies Partial<Record<keyof CardsProgram<KState>, unknown>>;
