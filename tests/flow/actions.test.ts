// K-2.4 the action choices and their order (K-2.4a–c, K-4.1a, K-1.0c, K-7.1c, K-6.3b, K-GAP-4, K-AMB-11).
import { beforeAll, describe, expect, it } from 'vitest';
import type { Battlefield } from '../../src/battlefield';
import { actionGate, offerOptions, phaseOf, type KGameState } from '../../src/rules/kuularuisku/engine';
import { flowScenario, flowTable, keepOrder, must, newGame, scripted, reading, foldPlayed } from './fixture';

let table: Battlefield;
const scenario = flowScenario();

beforeAll(async () => {
  table = await flowTable(scenario);
});

type Ev = Record<string, unknown> & { type: string };
/** The events folded as in play (the composed module: the table's fold, then the machine), read again. */
const fold = (s: KGameState, ...events: Ev[]) => foldPlayed(s, events as never);
const moved: Ev = { type: 'FIGURES_MOVED', rule: 'K-4.0', text: '', unitId: 'w1', mode: 'normal', allowance: 10, moves: [{ figureId: 'w1_1', from: [20, 30], fromFloor: 0, to: [25, 30], floor: 0, distance: 5 }] };
const shot: Ev = { type: 'SHOT_FIRED', rule: 'K-5.3', text: '', shooterId: 'w1', targetId: 'r1', shooters: ['w1_1'], targets: ['r1_1'], dice: [], hits: 0, closeRange: false, defensive: false, pinned: false, machineGun: false };

/** w1 activating with `action` chosen. */
function activating(action: string): KGameState {
  const g = newGame(scenario, table, scripted(...keepOrder(5)));
  must(g, { type: 'BEGIN_TURN', side: 'whites' });
  must(g, { type: 'DRAW_CARD', side: 'whites' });
  must(g, { type: 'ACTIVATE', side: 'whites', unitId: 'w1', action });
  return reading(g);
}

const move = { type: 'MOVE', side: 'whites', unitId: 'w1' };
const shoot = { type: 'SHOOT', side: 'whites', unitId: 'w1', targetId: 'r1' };

describe('K-2.4 actions and their order', () => {
  it('K-2.4a the offered unit chooses one action; K-GAP-4 special action is off by default (house)', () => {
    const g = newGame(scenario, table, scripted(...keepOrder(5)));
    must(g, { type: 'BEGIN_TURN', side: 'whites' });
    must(g, { type: 'DRAW_CARD', side: 'whites' });
    const p = phaseOf(reading(g));
    expect(p.kind === 'offer' && offerOptions(reading(g), p.offer, table)).toEqual({ ready: true, actions: ['move-shoot', 'shoot-move', 'fast-move', 'shoot'], leaders: [], command: [] });
    expect(g.dispatch({ type: 'ACTIVATE', side: 'whites', unitId: 'w1', action: 'special' })).toMatchObject({ ok: false, rule: 'K-GAP-4' });
    const chosen = must(g, { type: 'ACTIVATE', side: 'whites', unitId: 'w1', action: 'shoot-move' });
    expect(chosen.map((e) => [e.type, e.rule])).toEqual([['ACTIVATION_STARTED', 'K-2.1b'], ['ACTION_CHOSEN', 'K-2.4a']]);
    expect(g.state.table.activation).toMatchObject({ unitId: 'w1', action: 'shoot-move', phase: 'none' });
  });

  it('K-GAP-4 with the house option on, a special action only spends the activation', () => {
    const g = newGame(flowScenario(undefined, { rules: { house: { specialActionAllowed: 'spend-activation' } } }), table, scripted(...keepOrder(5)));
    must(g, { type: 'BEGIN_TURN', side: 'whites' });
    must(g, { type: 'DRAW_CARD', side: 'whites' });
    const events = must(g, { type: 'ACTIVATE', side: 'whites', unitId: 'w1', action: 'special' });
    expect(events.map((e) => e.type)).toEqual(['ACTIVATION_STARTED', 'ACTION_CHOSEN', 'ACTIVATION_ENDED']);
    expect(events[1]).toMatchObject({ rule: 'K-GAP-4' });
  });

  it('K-2.4b move then shoot: the move first (or skipped), then the shooting; never back to moving', () => {
    const s = activating('move-shoot');
    expect(actionGate(s, move)).toMatchObject({ ok: true, part: 'move', mode: 'normal' });
    expect(actionGate(s, shoot)).toMatchObject({ ok: true, part: 'shoot' });
    const afterMove = fold(s, moved);
    expect(actionGate(afterMove, move)).toMatchObject({ ok: false, rule: 'K-2.4c' });
    expect(actionGate(afterMove, shoot)).toMatchObject({ ok: true });
    const shotFirst = fold(s, shot);
    expect(actionGate(shotFirst, move)).toMatchObject({ ok: false, rule: 'K-2.4b' });
    expect(actionGate(shotFirst, shoot)).toMatchObject({ ok: false, rule: 'K-2.4c' });
  });

  it('K-2.4b shoot then move: after moving, no one shoots (K-2.4c no late shooters)', () => {
    const s = activating('shoot-move');
    const afterShot = fold(s, shot);
    expect(actionGate(afterShot, move)).toMatchObject({ ok: true, mode: 'normal' });
    const afterMove = fold(s, moved);
    expect(actionGate(afterMove, shoot)).toMatchObject({ ok: false, rule: 'K-2.4b' });
    expect(actionGate(fold(afterShot, moved), move)).toMatchObject({ ok: false, rule: 'K-2.4c' });
  });

  it('K-4.1a a fast move cannot shoot; K-AMB-11 nor charge unless the house allows it', () => {
    const s = activating('fast-move');
    expect(actionGate(s, move)).toMatchObject({ ok: true, mode: 'fast' });
    expect(actionGate(s, shoot)).toMatchObject({ ok: false, rule: 'K-4.1a' });
    expect(actionGate(s, { ...move, mode: 'charge' })).toMatchObject({ ok: false, rule: 'K-AMB-11' });
    expect(actionGate(s, { ...move, mode: 'normal' })).toMatchObject({ ok: false, rule: 'K-4.1a' });
  });

  it('K-2.4a shoot only: no move part', () => {
    const s = activating('shoot');
    expect(actionGate(s, move)).toMatchObject({ ok: false, rule: 'K-2.4a' });
    expect(actionGate(s, shoot)).toMatchObject({ ok: true });
  });

  it('K-2.0b only the units of this activation act; K-6.3b a unit that charged does nothing more', () => {
    const s = activating('move-shoot');
    expect(actionGate(s, { ...move, unitId: 'w2' })).toMatchObject({ ok: false, rule: 'K-2.0b' });
    const charged = fold(s, { type: 'CHARGE_DECLARED', rule: 'K-6.1a', text: '', unitId: 'w1', targetId: 'r1' });
    expect(actionGate(charged, shoot)).toMatchObject({ ok: false, rule: 'K-6.3b' });
  });

  it('K-1.1 a covering-fire half split off during the activation shoots on the same card (K-AMB-2)', () => {
    const s = activating('move-shoot');
    const split = fold(s, { type: 'UNIT_SPLIT', rule: 'K-1.1a', text: '', unitId: 'w1', newUnitId: 'w1-cover', figureIds: ['w1_3'] });
    expect(actionGate(split, { ...shoot, unitId: 'w1-cover' })).toMatchObject({ ok: true, part: 'shoot' });
    expect(actionGate(split, { ...shoot, unitId: 'w2' })).toMatchObject({ ok: false, rule: 'K-2.0b' });
  });

  it('K-1.1b covering fire is for a unit with part of its action still to do: refused once it has moved and shot', () => {
    const split = { type: 'SPLIT', side: 'whites', unitId: 'w1', figureIds: ['w1_3'] };
    const s = activating('move-shoot');
    expect(actionGate(s, split)).toMatchObject({ ok: true });
    // Moved: the shooting is still to come, and a group may stay to cover it.
    expect(actionGate(fold(s, moved), split)).toMatchObject({ ok: true });
    expect(actionGate(fold(s, moved, shot), split)).toMatchObject({ ok: false, rule: 'K-1.1b' });
    // Shoot only: done once it has shot.
    expect(actionGate(fold(activating('shoot'), shot), split)).toMatchObject({ ok: false, rule: 'K-1.1b' });
  });

  it('K-2.1b soldiers act only in their unit\'s activation', () => {
    const g = newGame(scenario, table, scripted(...keepOrder(5)));
    must(g, { type: 'BEGIN_TURN', side: 'whites' });
    expect(actionGate(g.state.table, move)).toMatchObject({ ok: false, rule: 'K-2.1b' });
  });
});
