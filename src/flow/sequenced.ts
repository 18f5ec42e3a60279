// A sequenced ruleset made playable: its table rules and the sequence machine of its model composed
// into the game layer's Ruleset. The state is the table data and the machine's sequence; `evolve`
// sends the sequence's events through the machine (so every play path, a replayed save and an undo
// run it); `decide` takes a command only in a machine step whose meta takes its role, resolving the
// step with the ruleset's pure functions.
import type { Command, Dice, GameEvent, PlayView, Sequenced, SequenceProgram, SequenceView, TableQueries } from '../core';
import type { ActingSides, AnyRulesetModule, Decision, ModuleSource, Ruleset, SequencedRulesetModule } from '../game';
import type { Scenario } from '../scenario';
import { cardsEvents, rolesNow, SEQUENCE_EVENTS, sequenceMachineFor, snapshotOf, stepped, viewOf, type CommandRole } from './sequence-machines';
import { setupActing, setupAwaited, setupLegal, setupResolve, setupStart } from './sequenced-setup';
import { CARDS_START, cardsActingSides, cardsDecide, cardsDecision, cardsLegal, cardsRoleOf, foldEvent } from './sequenced-cards';

type Program = SequenceProgram<unknown, Scenario, TableQueries>;
type State = Sequenced<unknown>;
type Ctx = { scenario: Scenario; table: TableQueries };

const nameOf = (scenario: Scenario, unit: string) => scenario.units?.find((u) => u.id === unit)?.name ?? unit;
const sideName = (scenario: Scenario, side: string) => scenario.sides.find((x) => x.id === side)?.name ?? side;

/** The role of a command in this program's sequence, or undefined for a command it does not know (exported for the tests' invariants). */
export function roleOf(p: Program, type: string): CommandRole | undefined {
  if (p.rules.anytime?.types.includes(type)) return 'anytime';
  if (p.model === 'cards') return cardsRoleOf(p, type);
  if (p.setup?.types.includes(type)) return 'setup';
  if (p.rules.answerTypes?.includes(type)) return 'answer';
  const c = p.commands as Record<string, string | undefined>;
  for (const role of ['begin', 'first', 'select', 'endPhase', 'end'] as const) if (c[role] === type) return role;
  return p.rules.actionTypes.includes(type) ? 'action' : undefined;
}

/** What the machine's step awaits, in words a refusal gives. */
function awaited(p: Exclude<Program, { model: 'cards' }>, seq: SequenceView, scenario: Scenario): { reason: string; rule: string } {
  const word = p.roundWord.toLowerCase();
  switch (seq.step) {
    case 'setup': case 'stageOver': return setupAwaited(p, { table: undefined, seq }, scenario);
    case 'between': return { reason: `the next ${word} has to begin first`, rule: p.rule.begin };
    case 'first': return { reason: `${sideName(scenario, seq.side!)} won the initiative: they choose to act first or hand the first activation over`, rule: firstRule(p) };
    case 'pick': return { reason: `${sideName(scenario, seq.side!)} pick a unit to act first`, rule: p.model === 'alternating' ? p.rule.select : p.rule.begin };
    case 'activation': return { reason: `${nameOf(scenario, seq.unit!)} is acting`, rule: p.model === 'alternating' ? p.rule.select : p.rule.begin };
    case 'phase': return { reason: `${sideName(scenario, seq.side!)} are in their ${seq.phase} phase`, rule: p.model === 'phases' ? p.rule.endPhase : p.rule.begin };
    case 'end': return { reason: `the ${word} is over: it has to end first`, rule: p.rule.end };
    default: return { reason: 'the game is over', rule: p.rule.end };
  }
}

/** The rule the initiative winner's choice cites. */
const firstRule = (p: Exclude<Program, { model: 'cards' }>) => (p.model === 'alternating' ? (p.rule.first ?? p.rule.begin) : p.rule.begin);

/** The initiative winner's choice (`commands.first`'s field `choice`): act first, or hand the first activation over. */
export const FIRST_CHOICES = ['act', 'pass'] as const;

/** The commands a side may give at any moment (TableRules.anytime), every side's, in the scenario's order. */
function anytimeLegal(p: Program, s: State, scenario: Scenario): Command[] {
  const any = p.rules.anytime;
  return any ? scenario.sides.flatMap((x) => any.legal(s, x.id)) : [];
}

/** The units of the side to act that may still act this round (alternating) or phase. */
function readyUnits(p: Program, s: State): string[] {
  return s.seq.side ? p.units(s.table, s.seq.side).filter((u) => !s.seq.acted.includes(u)) : [];
}

/** The composed Ruleset of a program (the game layer's contract; built once per program). */
export function sequencedRuleset(p: Program): Ruleset<State, Command, GameEvent, TableQueries> {
  const machine = sequenceMachineFor(p as SequenceProgram<unknown, unknown, unknown>);
  // The machine's event types (a cards program may name them).
  const own = new Set<string>(p.model === 'cards' ? Object.values(cardsEvents(p)) : [...Object.values(SEQUENCE_EVENTS[p.model]), ...(p.setup ? Object.values(SEQUENCE_EVENTS.setup) : [])]);
  const rules = p.rules;
  const no = (reason: string, rule: string): Decision<GameEvent> => ({ ok: false, reason, rule });
  const decisionOf = (s: State, scenario: Scenario) => rules.pendingDecision?.(s, { scenario });

  /**
   * Alternating: an action's (or an answer's) events, with the activation's end after them unless a
   * decision they raise holds it back (its last answer brings it) or `activationOver` says it goes on.
   */
  function withActivationEnd(s: State, events: GameEvent[], scenario: Scenario): GameEvent[] {
    if (p.model !== 'alternating') return events;
    const after: State = { table: events.reduce((t, e) => rules.evolve(t, e), s.table), seq: s.seq };
    if (decisionOf(after, scenario) || !(p.activationOver?.(after) ?? true)) return events;
    const unit = s.seq.unit!;
    return [...events, { type: SEQUENCE_EVENTS.alternating.acted, rule: p.rule.select, unit, text: `${nameOf(scenario, unit)}: activation over` }];
  }

  /**
   * Phases: a unit's action (or the answer that closes it) with its acted event after it; while a
   * decision it raised is open the unit is held acting instead, and its acted event comes with the last answer.
   */
  function withPhaseActionEnd(s: State, unit: string, events: GameEvent[], scenario: Scenario): GameEvent[] {
    const E = SEQUENCE_EVENTS.phases;
    const rule = p.model === 'phases' ? p.rule.endPhase : p.rule.begin;
    const after: State = { table: events.reduce((t, e) => rules.evolve(t, e), s.table), seq: s.seq };
    if (decisionOf(after, scenario)) return s.seq.unit === unit ? events : [...events, { type: E.acting, rule, unit, text: `${nameOf(scenario, unit)} awaits an answer` }];
    return [...events, { type: E.acted, rule, unit, text: `${nameOf(scenario, unit)}: done in the ${s.seq.phase} phase` }];
  }

  /** The events of a sequence step (dice through `dice`). */
  function resolve(s: State, c: Command, role: CommandRole, ctx: Ctx & { dice: Dice }): Decision<GameEvent> {
    if (p.model === 'cards') throw new Error('the cards model resolves its steps in sequenced-cards.ts');
    const { scenario } = ctx;
    const seq = s.seq;
    const next = seq.round + 1;
    if (p.model === 'alternating') {
      const E = SEQUENCE_EVENTS.alternating;
      switch (role) {
        case 'begin': {
          const r = p.initiative(s, ctx);
          if ('choose' in r) {
            if (!p.commands.first) throw new Error(`alternating program: initiative lets the winner choose, but commands.first is not named`);
            return { ok: true, events: [{ type: E.begin, rule: p.rule.begin, round: next, winner: r.winner, choose: true, text: r.text }] };
          }
          return { ok: true, events: [{ type: E.begin, rule: p.rule.begin, round: next, first: r.first, text: r.text }] };
        }
        case 'first': {
          const winner = seq.side!;
          if (c.side !== winner) return no(`${sideName(scenario, winner)} won the initiative: the choice is theirs`, firstRule(p));
          if (c.choice !== 'act' && c.choice !== 'pass') return no(`choice must be 'act' (act first) or 'pass' (hand the first activation over), got ${String(c.choice)}`, firstRule(p));
          const other = seq.sides.find((x) => x !== winner) ?? winner;
          const first = c.choice === 'act' ? winner : other;
          const text = c.choice === 'act' ? `${sideName(scenario, winner)} choose to act first` : `${sideName(scenario, winner)} hand the first activation to ${sideName(scenario, other)}`;
          return { ok: true, events: [{ type: E.first, rule: firstRule(p), winner, choice: c.choice, first, text }] };
        }
        case 'select': {
          const unit = String(c.unitId);
          // Units activating together (a vehicle and the squad beside it): the event names them all, the selected one first.
          const units = p.activationUnits?.(s, c);
          const together = units && units.length > 1 ? [unit, ...units.filter((u) => u !== unit)] : undefined;
          const names = (together ?? [unit]).map((u) => nameOf(scenario, u)).join(' and ');
          const selected: GameEvent = { type: E.select, rule: p.rule.select, unit, ...(together ? { units: together } : {}), text: `${names} ${together ? 'activate together' : 'activates'}` };
          // The machine's guard: a unit of the side to act that has not acted this round.
          if (!snapshotOf(machine, s).can(selected as never)) return no(`${nameOf(scenario, unit)} may not activate now`, p.rule.select);
          return { ok: true, events: [selected] };
        }
        case 'action': {
          if (c.unitId !== seq.unit && !seq.together?.includes(String(c.unitId))) return no(`${nameOf(scenario, String(c.unitId))} is not the unit acting: ${nameOf(scenario, seq.unit!)} is`, p.rule.select);
          const r = rules.act(s, c, ctx);
          if (!r.ok) return r;
          return { ok: true, events: withActivationEnd(s, r.events, scenario) };
        }
        default:
          return { ok: true, events: [{ type: E.end, rule: p.rule.end, round: seq.round, text: `${p.roundWord} ${seq.round} ends` }] };
      }
    }
    // Phases: the unit is done with its action at once; a decision it raised holds the phase's end (every step) until answered.
    const E = SEQUENCE_EVENTS.phases;
    switch (role) {
      case 'begin': {
        const first = seq.sides[0]!;
        return { ok: true, events: [{ type: E.begin, rule: p.rule.begin, turn: next, side: first, text: `${p.roundWord} ${next}: ${sideName(scenario, first)} go first` }] };
      }
      case 'action': {
        const r = rules.act(s, c, ctx);
        if (!r.ok) return r;
        return { ok: true, events: withPhaseActionEnd(s, String(c.unitId), r.events, scenario) };
      }
      case 'endPhase': {
        const side = seq.side!;
        const ended: GameEvent = { type: E.endPhase, rule: p.rule.endPhase, phase: seq.phase, side, text: `${sideName(scenario, side)}: the ${seq.phase} phase ends` };
        // Whether the side's turn ends with it is the machine's to say: the log says so when it does.
        const after = stepped(machine, s, ended);
        if (after.side === side) return { ok: true, events: [ended] };
        return { ok: true, events: [ended, { type: E.sideDone, rule: p.rule.endPhase, side, next: after.side, text: `${sideName(scenario, side)}' turn ends` }] };
      }
      default:
        return { ok: true, events: [{ type: E.end, rule: p.rule.end, turn: seq.round, text: `${p.roundWord} ${seq.round} ends` }] };
    }
  }

  /** The legal commands of the machine's step (an open decision's answers first of all). */
  function legalInStep(s: State, ctx: Ctx): Command[] {
    if (p.model === 'cards') return cardsLegal(p, s, ctx);
    const open = decisionOf(s, ctx.scenario);
    if (open) return open.options.map((o) => o.command);
    const first = s.seq.sides[0];
    switch (s.seq.step) {
      case 'setup': return setupLegal(p, s, ctx);
      case 'between': return [{ type: p.commands.begin, side: first }];
      case 'first': return p.model === 'alternating' && p.commands.first ? FIRST_CHOICES.map((choice) => ({ type: p.commands.first!, side: s.seq.side!, choice })) : [];
      case 'pick': return p.model === 'alternating' ? readyUnits(p, s).map((unitId) => ({ type: p.commands.select, side: s.seq.side!, unitId })) : [];
      case 'activation': return rules.actions(s, ctx);
      case 'phase': return p.model === 'phases' ? [{ type: p.commands.endPhase, side: s.seq.side! }, ...rules.actions(s, ctx)] : [];
      case 'end': return [{ type: p.commands.end, side: first }];
      default: return [];
    }
  }

  /** The sides the machine's step (or an open decision) hears. */
  function actingInStep(s: State, scenario: Scenario): ActingSides {
    if (p.model === 'cards') return cardsActingSides(p, s, scenario);
    const open = decisionOf(s, scenario);
    if (open) return { sides: [open.side], awaiting: open.label, ...(open.rule ? { rule: open.rule } : {}) };
    if (s.seq.step === 'setup') return setupActing(p, s, scenario);
    const side = s.seq.side;
    const sides = scenario.sides.map((x) => x.id);
    if (side && s.seq.step === 'first') return { sides: [side], rule: firstRule(p) };
    if (side && s.seq.step !== 'between' && s.seq.step !== 'end') return { sides: [side], rule: p.model === 'alternating' ? p.rule.select : p.rule.begin };
    return { sides, rule: s.seq.step === 'end' ? p.rule.end : p.rule.begin, anySide: true };
  }

  /**
   * A command given at any moment (TableRules.anytime): taken in every step, an open decision's too (a
   * surrender ends the game, the question with it), from a side whose legal ones list it now.
   */
  function anytime(s: State, c: Command, ctx: Ctx & { dice: Dice }): Decision<GameEvent> {
    const any = rules.anytime!;
    const side = typeof c.side === 'string' ? c.side : '';
    if (!any.legal(s, side).some((x) => x.type === c.type)) return no(`${sideName(ctx.scenario, side)} may not give ${c.type} now`, any.rule);
    return any.resolve(s, c, ctx);
  }

  return {
    id: rules.id,
    version: rules.version,
    activationModel: p.model === 'phases' ? 'igougo' : p.model,
    validateScenario: (scenario) => rules.validateScenario(scenario),
    setup(scenario, ctx) {
      const sides = scenario.sides.map((x) => x.id);
      const table = rules.setup(scenario, ctx);
      const context = { table: undefined, round: 0, lastRound: p.lastRound(scenario), sides, side: null, first: null, unit: null, acted: [], played: [], ...(p.model === 'cards' ? CARDS_START : {}) };
      // Cards: a game opening inside a turn (starting states) starts at its next card, or at the turn's end.
      const opens = p.model === 'cards' ? p.opensAt?.(table, scenario) : undefined;
      // A setup before the first round starts at its first stage with anything to do.
      if (!opens) return { table, seq: p.model === 'cards' ? viewOf('between', context) : setupStart(p, machine, table, viewOf('between', context), scenario) };
      if (opens.between) return { table, seq: viewOf('between', { ...context, round: opens.round }) };
      const inside = { ...context, round: opens.round, deck: [...opens.deck], drawn: [...opens.drawn], acted: [...opens.acted], ready: [...opens.ready] };
      return { table, seq: viewOf(opens.deck.length ? 'draw' : 'end', inside) };
    },
    legalCommands(s, ctx) {
      if (rules.victory(s, ctx)) return [];
      if (rules.anytime) return [...legalInStep(s, ctx), ...anytimeLegal(p, s, ctx.scenario)];
      return legalInStep(s, ctx);
    },
    actingSides(s, c, { scenario }): ActingSides {
      // A command given at any moment is heard from its own side.
      if (rules.anytime?.types.includes(c.type) && typeof c.side === 'string') return { sides: [c.side], rule: rules.anytime.rule };
      return actingInStep(s, scenario);
    },
    decide(s, c, ctx) {
      if (s.seq.step === 'over' || rules.victory(s, ctx)) return no('the game is over', p.rule.end);
      const role = roleOf(p, c.type);
      if (!role) return no(`unknown command ${c.type}`, p.rule.begin);
      if (role === 'anytime') return anytime(s, c, ctx);
      if (p.model === 'cards') return cardsDecide(p, machine, s, c, role, ctx);
      // An open decision pre-empts every step: only its answers are taken (its side is the only one heard: actingSides).
      const open = decisionOf(s, ctx.scenario);
      if (open && role !== 'answer') return no(`not now: ${sideName(ctx.scenario, open.side)} must first answer: ${open.label}`, open.rule ?? p.rule.begin);
      if (role === 'answer') {
        if (!open) return no(`not now: nothing is asked (${awaited(p, s.seq, ctx.scenario).reason})`, awaited(p, s.seq, ctx.scenario).rule);
        if (!rules.answer) return no(`${c.type} answers nothing in these rules`, p.rule.begin);
        const r = rules.answer(s, c, ctx);
        if (!r.ok) return r;
        // The last answer inside an activation (or a unit's action in a phase) brings its end, held back until now.
        if (s.seq.step === 'activation') return { ok: true, events: withActivationEnd(s, r.events, ctx.scenario) };
        return { ok: true, events: p.model === 'phases' && s.seq.step === 'phase' && s.seq.unit ? withPhaseActionEnd(s, s.seq.unit, r.events, ctx.scenario) : r.events };
      }
      if (!rolesNow(machine, s).includes(role)) {
        const wait = awaited(p, s.seq, ctx.scenario);
        return no(`not now: ${wait.reason}`, wait.rule);
      }
      if (role === 'setup') return setupResolve(p, machine, s, c, ctx);
      return resolve(s, c, role, ctx);
    },
    evolve(s, e) {
      // Cards: the table follows the machine's events too, and its events may spend an activation (sequenced-cards.ts).
      if (p.model === 'cards') return foldEvent(p, machine, s, e);
      if (own.has(e.type)) return { table: s.table, seq: stepped(machine, s, e) };
      const table = rules.evolve(s.table, e);
      return table === s.table ? s : { table, seq: s.seq };
    },
    victory: (s, ctx) => rules.victory(s, ctx),
    // A save made while the ruleset kept its own sequence hashed its table alone (Kuularuisku's before the switch), in its form then.
    savedStateForms: (s) => [s.table, ...(rules.savedForms?.(s) ?? [])],
    // Game options are the table's: the scenario as played (optional rules, readings, house values).
    ...(rules.optionChoices ? { optionChoices: (scenario: Scenario) => rules.optionChoices!(scenario) } : {}),
    ...(rules.applyOptions ? { applyOptions: (scenario: Scenario, options: Parameters<NonNullable<typeof rules.applyOptions>>[1]) => rules.applyOptions!(scenario, options) } : {}),
    ...(rules.tableScenario ? { tableScenario: (s: State, scenario: Scenario) => rules.tableScenario!(s.table, scenario) } : {}),
    ...(rules.pendingDecision ? { pendingDecision: (s: State, ctx: Ctx) => (p.model === 'cards' ? cardsDecision(p, s, ctx.scenario) : decisionOf(s, ctx.scenario)) } : {}),
  };
}

const PLAYABLE = new WeakMap<object, AnyRulesetModule>();

/**
 * A registered module as the app, the CLI and the tests play it: a sequenced ruleset's module with its
 * composed rules and its HUD given the legal commands; any other module as it is.
 */
export function playableModule(source: ModuleSource): AnyRulesetModule {
  if (!('sequence' in source)) return source;
  let m = PLAYABLE.get(source);
  if (!m) {
    const module = source as SequencedRulesetModule<unknown>;
    const program = module.sequence as Program;
    const ruleset = sequencedRuleset(program);
    const describe = (s: State, ctx: Ctx): PlayView => module.hud.describe(s, { ...ctx, legal: ruleset.legalCommands(s, ctx) });
    PLAYABLE.set(source, (m = { ...module, ruleset, hud: { ...module.hud, describe } }));
  }
  return m;
}
