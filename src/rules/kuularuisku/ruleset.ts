// The Kuularuisku 1918 Ruleset (the game layer's contract, met structurally: rules never import the
// game layer): card activation, locked melee rounds; decide = the flow's commands (activation/) plus
// the soldier-level rules behind the K-2.4 gate; evolve = fold of both; victory per K-GAP-1.
import type { Dice, GameEvent, TableQueries } from '../../core';
import type { Scenario } from '../../scenario';
import { ACTION_TYPES, decideAction } from './actions';
import { validateKScenario } from './scenario-data';
import { setupK } from './setup';
import type { KReading, KState } from './state';
import { Steps } from './context';
import { type KGameOptions, applyKOptions, kOptionChoices } from './options';
import { isOwnerChoice } from './flow-types';
import {
  FLOW_COMMAND_TYPES, FoldMemo, actingSides, askOwner, ownerDecision, actionGate, decideFlow, immediateEnd, legalCommands, phaseOf, startChargeSequence,
  validateVictory,
  type AnyGameEvent, type FlowCtx, type FlowCommand, type KCommand, type KGameEvent, type SoldierCommand,
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
// 1.1: tape precision, K-AMB-23's house option, falling back figure by figure, sides on commands, the owner's wound allocation and medic re-roll (old logs get the default answers).
export const KUULARUISKU_VERSION = '1.1.0';

/**
 * Build the ruleset; `setup` makes the state before turn 1 from the scenario (the rules engine's setupK;
 * a test may start from a prepared position).
 */
export function createKuularuiskuRuleset(setup: (scenario: Scenario) => KState = setupK) {
  const memo = new FoldMemo();
  // The flow's context, one literal of one shape (a spread of the session's context cost more than the copy).
  const flowCtx = (ctx: KRulesetCtx): FlowCtx => ({ scenario: ctx.scenario, table: ctx.table, dice: ctx.dice });

  function decideSoldier(s: KReading, c: SoldierCommand, ctx: KRulesetCtx): Decision {
    const p = phaseOf(s);
    if (p.kind === 'over') return { ok: false, reason: `the game is over: ${p.result.text}`, rule: p.result.rule };
    if (p.kind !== 'activation') {
      return { ok: false, reason: p.kind === 'pending' || p.kind === 'choice' ? 'finish the step the game is waiting for first' : 'soldiers act only in their unit\'s activation', rule: 'K-2.1b' };
    }
    if (!ACTION_TYPES.has(c.type)) return { ok: false, reason: `unknown command ${c.type}` };
    const gate = actionGate(s, c);
    if (!gate.ok) return { ok: false, reason: gate.reason, rule: gate.rule };
    const cmd: SoldierCommand = gate.mode ? { ...c, mode: gate.mode } : c;
    const r = decideAction(s, cmd, ctx);
    if (!r.ok) return r;
    const acc = new Steps<KGameEvent>(s).push(...r.events);
    const fctx = flowCtx(ctx);
    // K-5.5a / K-SKL-8 the shot's wounds wait for the target's owner.
    if (r.awaiting) askOwner(acc, r.awaiting);
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

    validateScenario(scenario: Scenario): Array<{ path: string; message: string }> {
      return [...validateKScenario(scenario), ...validateVictory(scenario)];
    },

    setup(scenario: Scenario, _ctx: { table: TableQueries }): KState {
      return setup(scenario);
    },

    legalCommands(state: KReading, ctx: { scenario: Scenario; table: TableQueries }): KCommand[] {
      return legalCommands(state, ctx);
    },

    /** Who may send a command now, read from the phase (activation/acting-sides.ts). */
    actingSides(state: KReading, command: KCommand, _ctx: { scenario: Scenario }) {
      return actingSides(state, command);
    },

    /** The choice the game waits for from one side, when it is an owner's choice (K-5.5a wound allocation, K-SKL-8 the medic's re-roll). */
    pendingDecision(state: KReading, _ctx: { scenario: Scenario; table: TableQueries }) {
      const c = state.tableFlow.choice;
      return isOwnerChoice(c) && !state.tableFlow.result ? ownerDecision(state, c) : undefined;
    },

    decide(state: KReading, command: KCommand, ctx: KRulesetCtx): Decision {
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

    evolve(state: KState, event: LoggedEvent): KState {
      return memo.evolve(state, event as AnyGameEvent);
    },

    /** Game options (options.ts): the scenario's optional rules, the bite's reading, named house options. */
    optionChoices(scenario: Scenario) {
      return kOptionChoices(scenario);
    },

    applyOptions(scenario: Scenario, options: KGameOptions) {
      return applyKOptions(scenario, options);
    },

    victory(state: KState, _ctx: { scenario: Scenario }) {
      const r = state.tableFlow.result;
      return r ? { winner: r.winner, reason: r.text, rule: r.rule } : undefined;
    },
  };
}

export type KuularuiskuRuleset = ReturnType<typeof createKuularuiskuRuleset>;

/** The Kuularuisku 1918 ruleset. */
export const kuularuiskuRuleset = createKuularuiskuRuleset();
