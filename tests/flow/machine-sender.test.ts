// Commands sent through the machines (machineSender): a command the machine's step takes reaches the
// rules; one it does not take is refused with the rules' own reason; one the rules would take but the
// machine's step does not is a FlowMismatchError naming the command and where the machine stands;
// a save replays through the machines (throughMachines) to the saved game. A toy ruleset (C-3.2
// alternating activation) whose steps are complete, and the same with a step's command left out.
import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../src/core';
import { FlowMismatchError, machineSender } from '../../src/flow';
import { GameSession, loadSave, makeSave, type Command, type GameEvent } from '../../src/game';
import { trainingGroundScenario } from '../battlefield/fixture';
import { toy, toyAdapter, type Toy } from './toy-module';

const newGame = () => new GameSession<Toy, Command, GameEvent, unknown>({ ruleset: toy, scenario: trainingGroundScenario(), table: null, seed: 1, dice: new ScriptedDice([2, 5, 6, 1]) });

describe('commands through the machines (C-3.2 toy)', () => {
  it('a step\'s command reaches the rules; a command of another step is refused with the rules\' reason', () => {
    const g = newGame();
    const m = machineSender(g, toyAdapter);
    expect(m.send({ type: 'BEGIN_TURN', side: 'red' }).ok).toBe(true);
    // Picking: the machine does not take END_TURN here, and the rules refuse it too — their reason comes back.
    expect(m.send({ type: 'END_TURN', side: 'blue' })).toMatchObject({ ok: false, reason: 'units still to act', rule: 'C-3.2' });
    expect(g.log).toHaveLength(1);
    expect(m.send({ type: 'SELECT_UNIT', side: 'blue', unitId: 'b1' }).ok).toBe(true);
    m.stop();
  });

  it('a command the rules take but the machine\'s step does not throws FlowMismatchError (C-3.3a)', () => {
    // The same toy with SELECT_UNIT missing from its picking step: the machines no longer model it.
    const broken = { ...toyAdapter, steps: { ...toyAdapter.steps, pick: [] } };
    const g = newGame();
    const m = machineSender(g, broken);
    m.send({ type: 'BEGIN_TURN', side: 'red' });
    expect(() => m.send({ type: 'SELECT_UNIT', side: 'blue', unitId: 'b1' })).toThrow(FlowMismatchError);
    expect(() => m.send({ type: 'SELECT_UNIT', side: 'blue', unitId: 'b1' })).toThrow(/SELECT_UNIT .*"pick"/);
    expect(g.log).toHaveLength(1);
  });

  it('a save replays through the machines to the saved game', () => {
    // The game's own seeded dice (a save replays with them).
    const g = new GameSession<Toy, Command, GameEvent, unknown>({ ruleset: toy, scenario: trainingGroundScenario(), table: null, seed: 1 });
    const m = machineSender(g, toyAdapter);
    expect(m.send({ type: 'BEGIN_TURN', side: 'red' }).ok).toBe(true);
    const unit = g.state.toAct === 'A' ? 'a1' : 'b1';
    for (const c of [{ type: 'SELECT_UNIT', unitId: unit }, { type: 'ACTIVATE', action: 'move' }, { type: 'MOVE' }]) {
      expect(m.send(g.withSideToAct(c)).ok, c.type).toBe(true);
    }
    const save = makeSave(g);
    const replayed = loadSave(save, 'toy.json', g.scenario, toy, null);
    expect(replayed.stateHash()).toBe(g.stateHash());
    // A broken flow cannot replay it: the mismatch surfaces, not a silently different game.
    const broken = { ...toyAdapter, steps: { ...toyAdapter.steps, choose: [] } };
    expect(() => loadSave(save, 'toy.json', g.scenario, toy, null)).toThrow(FlowMismatchError);
  });
});
