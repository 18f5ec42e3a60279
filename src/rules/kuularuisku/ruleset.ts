// The Kuularuisku 1918 Ruleset (the game layer's contract, met structurally: rules never import the
// game layer): card activation, locked melee rounds; decide = the flow's commands (activation/) plus
// the soldier-level rules behind the K-2.4 gate; evolve = fold of both; victory per K-GAP-1.
import type { Dice, GameEvent, TableQueries } from '../../core';
import type { Scenario } from '../../scenario';
import { kRulesApi, moveCandidates } from './api';
import type { KFigure, KState, KUnit } from './state';
import { type KGameOptions, applyKOptions, kOptionChoices } from './options';
import { moveSurelyRefused, shotSurelyRefused } from './purpose-refusals';
import { startTurnFlow } from './start-states';
import {
  Acc, FLOW_COMMAND_TYPES, FoldMemo, actionGate, candidateCommands, candidateGroups, decideFlow, immediateEnd, legalCommands, phaseOf, startChargeSequence,
  turnLimitOf, validateVictory, withFlow,
  type AnyGameEvent, type CandidateGroup, type FlowCtx, type FlowCommand, type KCommand, type KGameEvent, type KGameState, type KRulesApi, type SoldierCommand,
} from './activation';

export interface KRulesetCtx {
  scenario: Scenario;
  table: TableQueries;
  dice: Dice;
}

/** An event as the game log holds it (core's GameEvent, which the game layer uses too). */
export type LoggedEvent = GameEvent;
type Decision = { ok: true; events: LoggedEvent[] } | { ok: false; reason: string; rule?: string };
const logged = (events: KGameEvent[]): LoggedEvent[] => events as unknown as LoggedEvent[];

export const KUULARUISKU_ID = 'kuularuisku';
export const KUULARUISKU_VERSION = '1.0.0';

/**
 * K-1.0c stragglers as the flow asks them (an offer's regroup duty, F2.4), the last answer per unit given
 * again while that unit's soldiers stand as they stood. The rules engine's stragglers reads only the
 * unit's status (routing: its healthy men) and figure list, and each of its figures' liveness, condition,
 * place, floor and base, on one table: when all of these are the same values, so is the answer. A unit
 * is offered once a turn and many units do not move between two offers of theirs.
 */
export function recallingStragglers(stragglers: KRulesApi['stragglers']): KRulesApi['stragglers'] {
  type Last = { table: TableQueries; routing: boolean; ids: readonly string[]; figures: Array<KFigure | undefined>; answer: string[] };
  const last = new Map<string, Last>();
  const same = (m: Last, s: KState, u: KUnit, table: TableQueries): boolean => {
    if (m.table !== table || m.routing !== (u.status === 'routing')) return false;
    const ids = u.figures;
    if (ids !== m.ids && (ids.length !== m.ids.length || ids.some((id, i) => id !== m.ids[i]))) return false;
    for (let i = 0; i < ids.length; i++) {
      const f = s.figures[ids[i]!];
      const g = m.figures[i];
      if (f === g) continue;
      // Records are never changed in place: the one remembered holds the values the answer was made of.
      if (!f || !g || f.removed !== g.removed || f.condition !== g.condition || f.evacuation !== g.evacuation || f.at[0] !== g.at[0] || f.at[1] !== g.at[1] || f.floor !== g.floor || f.baseRadius !== g.baseRadius) return false;
    }
    return true;
  };
  return (s, unitId, table) => {
    const u = s.units[unitId];
    if (!u) return stragglers(s, unitId, table);
    const m = last.get(unitId);
    if (m && same(m, s, u, table)) return [...m.answer];
    const answer = stragglers(s, unitId, table);
    if (last.size > 256) last.clear();
    last.set(unitId, { table, routing: u.status === 'routing', ids: u.figures, figures: u.figures.map((id) => s.figures[id]), answer: [...answer] });
    return answer;
  };
}

/** Build the ruleset around a set of rule functions (the real ones in ruleset registry; tests may pass their own). */
export function createKuularuiskuRuleset(api: KRulesApi) {
  const memo = new FoldMemo();
  // What the flow calls: the rules engine's own functions with stragglers recalled (see above); a test's
  // own functions as they are (their stragglers may read anything).
  const flowApi: KRulesApi = api === kRulesApi ? { ...api, stragglers: recallingStragglers(api.stragglers) } : api;
  // The flow's context, one literal of one shape (a spread of the session's context cost more than the copy).
  const flowCtx = (ctx: KRulesetCtx): FlowCtx => ({ scenario: ctx.scenario, table: ctx.table, dice: ctx.dice, api: flowApi });

  function decideSoldier(s: KGameState, c: SoldierCommand, ctx: KRulesetCtx): Decision {
    const p = phaseOf(s);
    if (p.kind === 'over') return { ok: false, reason: `the game is over: ${p.result.text}`, rule: p.result.rule };
    if (p.kind !== 'activation') {
      return { ok: false, reason: p.kind === 'pending' || p.kind === 'choice' ? 'finish the step the game is waiting for first' : 'soldiers act only in their unit\'s activation', rule: 'K-2.1b' };
    }
    if (!api.actionTypes.has(c.type)) return { ok: false, reason: `unknown command ${c.type}` };
    const gate = actionGate(s, c);
    if (!gate.ok) return { ok: false, reason: gate.reason, rule: gate.rule };
    const cmd: SoldierCommand = gate.mode ? { ...c, mode: gate.mode } : c;
    const r = api.decideAction(s, cmd, ctx);
    if (!r.ok) return r;
    const acc = new Acc(s).push(...r.events);
    const fctx = flowCtx(ctx);
    const charge = r.events.find((e) => e.type === 'CHARGE_DECLARED');
    if (charge && charge.type === 'CHARGE_DECLARED') startChargeSequence(acc, charge.unitId, charge.targetId, fctx);
    immediateEnd(acc, fctx);
    memo.remember(acc);
    return { ok: true, events: logged(acc.events) };
  }

  return {
    id: KUULARUISKU_ID,
    version: KUULARUISKU_VERSION,
    activationModel: 'cards' as const,
    meleeModel: 'locked-rounds' as const,
    api,

    validateScenario(scenario: Scenario): Array<{ path: string; message: string }> {
      return [...api.validate(scenario), ...validateVictory(scenario)];
    },

    setup(scenario: Scenario, _ctx: { table: TableQueries }): KGameState {
      const k = api.setup(scenario);
      return startTurnFlow(withFlow(k, turnLimitOf(scenario, k)), scenario);
    },

    legalCommands(state: KGameState, ctx: { scenario: Scenario; table: TableQueries }): KCommand[] {
      return legalCommands(state, ctx, api);
    },

    /** For random play: legalCommands, with the activation's moves and shots unchecked (see legal.ts). */
    candidateCommands(state: KGameState, ctx: { scenario: Scenario; table: TableQueries }): KCommand[] {
      return candidateCommands(state, ctx, api);
    },

    /**
     * candidateCommands in groups by weighting key, each built only when asked for (random play picks
     * the kind first). With the rules engine's own functions, the moves come one by one, each planned
     * only when picked (api.ts moveCandidates), and a picked move or shot that the rules would refuse
     * at their state-only checks is a sure refusal (purpose-refusals.ts): dropped undispatched.
     */
    candidateGroups(state: KGameState, ctx: { scenario: Scenario; table: TableQueries }): CandidateGroup[] {
      if (api !== kRulesApi) return candidateGroups(state, ctx, api);
      return candidateGroups(state, ctx, api, moveCandidates).map((g) => withSureRefusals(state, g));
    },

    /** Command types the rules may refuse among candidateCommands (soldier-level ones). */
    uncheckedTypes: api.actionTypes,

    decide(state: KGameState, command: KCommand, ctx: KRulesetCtx): Decision {
      if (FLOW_COMMAND_TYPES.has(command.type)) {
        const fctx = flowCtx(ctx);
        const r = decideFlow(state, command as FlowCommand, fctx);
        if (!r.ok) return r;
        immediateEnd(r.acc, fctx);
        memo.remember(r.acc);
        return { ok: true, events: logged(r.acc.events) };
      }
      return decideSoldier(state, command as SoldierCommand, ctx);
    },

    evolve(state: KGameState, event: LoggedEvent): KGameState {
      return memo.evolve(state, event as AnyGameEvent);
    },

    /** Game options (options.ts): the scenario's optional rules, the bite's reading, named house options. */
    optionChoices(scenario: Scenario) {
      return kOptionChoices(scenario);
    },

    applyOptions(scenario: Scenario, options: KGameOptions) {
      return applyKOptions(scenario, options);
    },

    victory(state: KGameState, _ctx: { scenario: Scenario }) {
      const r = state.flow.result;
      return r ? { winner: r.winner, reason: r.text, rule: r.rule } : undefined;
    },
  };
}

/** A group's sureRefusal, with the state-only refusals of moves and shots asked first (they cost no terrain query). */
function withSureRefusals(s: KGameState, g: CandidateGroup): CandidateGroup {
  const own = g.sureRefusal;
  if (g.keys.includes('SHOOT')) return { ...g, sureRefusal: (c) => (c.type === 'SHOOT' && shotSurelyRefused(s, c as SoldierCommand)) || !!own?.(c) };
  if (g.keys.includes('MOVE')) return { ...g, sureRefusal: (c) => (c.type === 'MOVE' && moveSurelyRefused(s, c as SoldierCommand)) || !!own?.(c) };
  return g;
}

export type KuularuiskuRuleset = ReturnType<typeof createKuularuiskuRuleset>;

/** The rule functions the flow calls: the rules engine's own KRulesApi object (api.ts). */
export const K_RULES: KRulesApi = kRulesApi;

/** The Kuularuisku 1918 ruleset. */
export const kuularuiskuRuleset = createKuularuiskuRuleset(K_RULES);
