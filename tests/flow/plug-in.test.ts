// The machines take any ruleset through its module: a toy ruleset with COBI-style alternating
// activation (initiative roll each round, sides take turns picking a unit, one action each), added to
// a copy of the registry, runs on the same turn and activation machines built from its own steps and
// commands — no branch on a ruleset id.
import { describe, expect, it } from 'vitest';
import { playModuleFor } from '../../src/app/play';
import { ScriptedDice } from '../../src/core';
import { flowPosition, startFlow } from '../../src/flow';
import { GameSession, type Command, type GameEvent, type ModuleSource } from '../../src/game';
import { RULESET_MODULES } from '../../src/rules';
import { trainingGroundScenario } from '../battlefield/fixture';
import { toyModule, type Toy } from './toy-module';

const modules: Readonly<Record<string, ModuleSource>> = { ...RULESET_MODULES, toy: toyModule };

describe('another activation model on the same machines', () => {
  it('alternating activation (COBI-style): initiative, alternate picks, one action each, rounds to the end', () => {
    const toy = playModuleFor('toy', modules)!;
    const g = new GameSession<Toy, Command, GameEvent, unknown>({ ruleset: toy.ruleset, scenario: trainingGroundScenario(), table: null, seed: 1, dice: new ScriptedDice([2, 5, 6, 1]) });
    const { actor } = startFlow(g, toy.flow);
    const errors: unknown[] = [];
    actor.subscribe({ error: (e) => errors.push(e) });
    const go = (c: Command) => {
      actor.send(g.withSideToAct(c));
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
