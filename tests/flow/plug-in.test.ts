// The machines take any ruleset through its adapter: a toy ruleset with COBI-style alternating
// activation (initiative roll each round, sides take turns picking a unit, one action each) runs on
// the same turn and activation machines, chosen by its activationModel — no branch on a ruleset id.
import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../src/core';
import { flowPosition, startFlow, type ActivationStage, type FlowAdapter, type TurnStage } from '../../src/flow';
import { GameSession, type Command, type GameEvent, type Ruleset } from '../../src/game';
import { trainingGroundScenario } from '../battlefield/fixture';

interface Toy {
  round: number;
  open: boolean;
  toAct: string | null;
  acted: Record<string, boolean>;
  current: { unit: string; action?: string; done: boolean } | null;
  over: boolean;
}
const UNITS: Record<string, string> = { a1: 'A', a2: 'A', b1: 'B' };
const other = (side: string) => (side === 'A' ? 'B' : 'A');
const left = (s: Toy, side: string) => Object.keys(UNITS).filter((u) => UNITS[u] === side && !s.acted[u]);

const toy: Ruleset<Toy, Command, GameEvent, null> = {
  id: 'toy-alternating', version: '1', activationModel: 'alternating', meleeModel: 'none',
  validateScenario: () => [],
  setup: () => ({ round: 0, open: false, toAct: null, acted: {}, current: null, over: false }),
  legalCommands: () => [],
  decide(s, c, { dice }) {
    const no = (reason: string) => ({ ok: false as const, reason, rule: 'C-3.2' });
    switch (c.type) {
      case 'BEGIN_TURN': {
        if (s.open || s.over) return no('the round is on');
        // C-3.2f initiative: both roll, the higher acts first (ties to A here).
        const a = dice.roll(6, 'initiative A', 'C-3.2f');
        const b = dice.roll(6, 'initiative B', 'C-3.2f');
        return { ok: true, events: [{ type: 'ROUND_STARTED', rule: 'C-3.2f', first: a >= b ? 'A' : 'B' }] };
      }
      case 'SELECT_UNIT':
        if (!s.open || s.current || UNITS[c.unitId as string] !== s.toAct || s.acted[c.unitId as string]) return no('not that unit now');
        return { ok: true, events: [{ type: 'SELECTED', rule: 'C-3.3a', unit: c.unitId }] };
      case 'ACTIVATE':
        if (!s.current || s.current.action) return no('no unit to act');
        return { ok: true, events: [{ type: 'ACTION', rule: 'C-3.3c', action: c.action }] };
      case 'MOVE':
      case 'ATTACK':
        if (!s.current?.action || s.current.done || s.current.action !== c.type.toLowerCase()) return no('not this action');
        return { ok: true, events: [{ type: 'DONE_PART', rule: 'C-3.3c' }] };
      case 'END_ACTIVATION':
        if (!s.current) return no('no unit acting');
        return { ok: true, events: [{ type: 'ACTED', rule: 'C-3.2e', unit: s.current.unit }] };
      case 'END_TURN':
        if (!s.open || s.toAct) return no('units still to act');
        return { ok: true, events: [{ type: 'ROUND_ENDED', rule: 'C-3.2g', over: s.round >= 2 }] };
      default:
        return no(`unknown ${c.type}`);
    }
  },
  evolve(s, e) {
    switch (e.type) {
      case 'ROUND_STARTED': return { ...s, round: s.round + 1, open: true, acted: {}, toAct: e.first as string };
      case 'SELECTED': return { ...s, current: { unit: e.unit as string, done: false } };
      case 'ACTION': return { ...s, current: { ...s.current!, action: e.action as string } };
      case 'DONE_PART': return { ...s, current: { ...s.current!, done: true } };
      case 'ACTED': {
        const acted = { ...s.acted, [e.unit as string]: true };
        const next = { ...s, acted, current: null };
        const side = UNITS[e.unit as string]!;
        // C-3.2e the turn passes to the opponent; C-GAP-1 (toy): if he has none left, back again.
        const toAct = left(next, other(side)).length ? other(side) : left(next, side).length ? side : null;
        return { ...next, toAct };
      }
      case 'ROUND_ENDED': return { ...s, open: false, over: e.over as boolean };
      default: return s;
    }
  },
  victory: (s) => (s.over ? { winner: null, reason: 'two rounds played' } : undefined),
};

const toyAdapter: FlowAdapter<Toy> = {
  activationModel: 'alternating',
  meleeModel: 'none',
  // C-3.2 the toy's own words: a unit is picked by selecting it; no forced steps, no melee.
  steps: { beginTurn: ['BEGIN_TURN'], pick: ['SELECT_UNIT'], window: [], endTurn: ['END_TURN'], resolve: [], choose: ['ACTIVATE'], choosers: ['unit'], forced: {}, melee: [] },
  turnStage(s): TurnStage {
    if (s.over) return 'over';
    if (!s.open) return 'between-turns';
    if (s.current) return 'activation';
    return s.toAct ? 'pick' : 'turn-end';
  },
  activationStage(s): ActivationStage {
    if (!s.current) return { kind: 'none' };
    if (!s.current.action) return { kind: 'choosing', chooser: 'unit' };
    return { kind: 'acting', action: s.current.action, parts: [s.current.action], done: s.current.done ? 1 : 0 };
  },
  meleeStage: () => 'none',
  sideToAct: (s) => s.toAct ?? undefined,
  activationEnded: (events) => events.some((e) => e.type === 'ACTED'),
  meleeOutcome: () => 'none',
  meleeRoundFought: () => ({ fought: false, loserTested: false }),
};

describe('another activation model on the same machines', () => {
  it('alternating activation (COBI-style): initiative, alternate picks, one action each, rounds to the end', () => {
    const g = new GameSession({ ruleset: toy, scenario: trainingGroundScenario(), table: null, seed: 1, dice: new ScriptedDice([2, 5, 6, 1]) });
    const { actor } = startFlow(g, toyAdapter);
    const errors: unknown[] = [];
    actor.subscribe({ error: (e) => errors.push(e) });
    const go = (c: Command) => {
      actor.send(c);
      return flowPosition(actor);
    };
    expect(flowPosition(actor)).toEqual({ turn: 'betweenTurns' });
    expect(go({ type: 'BEGIN_TURN' })).toEqual({ turn: { turn: 'pick' } });
    expect(g.state.toAct).toBe('B');
    // The cards model's DRAW_CARD is not this model's way to pick.
    expect(go({ type: 'DRAW_CARD' })).toEqual({ turn: { turn: 'pick' } });
    expect(go({ type: 'SELECT_UNIT', unitId: 'b1' })).toEqual({ turn: { turn: 'activation' }, activation: { choosing: 'unit' } });
    expect(go({ type: 'ACTIVATE', action: 'attack' })).toMatchObject({ activation: { acting: 'firstPart' } });
    expect(go({ type: 'ATTACK' })).toMatchObject({ activation: { acting: 'finished' } });
    expect(go({ type: 'END_ACTIVATION' })).toEqual({ turn: { turn: 'pick' } });
    expect(g.state.toAct).toBe('A');
    for (const u of ['a1', 'a2']) {
      go({ type: 'SELECT_UNIT', unitId: u });
      go({ type: 'ACTIVATE', action: 'move' });
      go({ type: 'MOVE' });
      go({ type: 'END_ACTIVATION' });
    }
    expect(flowPosition(actor)).toEqual({ turn: { turn: 'turnEnd' } });
    expect(go({ type: 'END_TURN' })).toEqual({ turn: 'betweenTurns' });
    go({ type: 'BEGIN_TURN' });
    expect(g.state.toAct).toBe('A');
    for (const u of ['a1', 'b1', 'a2']) {
      go({ type: 'SELECT_UNIT', unitId: u });
      go({ type: 'ACTIVATE', action: 'move' });
      go({ type: 'MOVE' });
      go({ type: 'END_ACTIVATION' });
    }
    expect(go({ type: 'END_TURN' })).toEqual({ turn: 'over' });
    expect(errors).toEqual([]);
  });
});
