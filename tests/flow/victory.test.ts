// K-GAP-1 the end of the game (house: scenario-defined): turn limit, victory data, objective points,
// and a side with no unit left on the table.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Battlefield } from '../../src/battlefield';
import { objectiveHolder, phaseOf, sidesOnTable, strength, turnLimitOf, validateVictory, victoryCheck, type KGameState } from '../../src/rules/kuularuisku/engine';
import type { Scenario } from '../../src/scenario';
import { DEFAULT_UNITS, flowScenario, flowTable, keepOrder, must, newGame, played, scripted, type KSession, reading, foldPlayed } from './fixture';

let table: Battlefield;

beforeAll(async () => {
  table = await flowTable(flowScenario());
});

type Ev = Record<string, unknown> & { type: string };
/** The events folded as in play (the composed module: the table's fold, then the machine), read again. */
const fold = (s: KGameState, ...events: Ev[]) => foldPlayed(s, events as never);
const objectives = [
  { id: 'obj_w', name: 'West farm', at: [20, 31] as [number, number], radius: 5, points: 2 },
  { id: 'obj_e', name: 'East farm', at: [100, 31] as [number, number], radius: 5 },
];

function withVictory(victory: Scenario['victory'], turnLimit = 1): Scenario {
  return flowScenario(DEFAULT_UNITS, { objectives, victory, turnLimit });
}

/** Play one whole turn with every unit passing. */
function passTurn(g: KSession) {
  must(g, { type: 'BEGIN_TURN', side: 'whites' });
  while (phaseOf(reading(g)).kind !== 'turn-end') {
    const p = phaseOf(reading(g));
    if (p.kind === 'draw') must(g, { type: 'DRAW_CARD', side: 'whites' });
    else if (p.kind === 'offer') must(g, { type: 'PASS', side: p.offer.side, unitId: p.offer.unitId });
    else throw new Error(`unexpected ${p.kind}`);
  }
  return must(g, { type: 'END_TURN', side: 'whites' });
}

describe('K-GAP-1 end of the game', () => {
  it('K-GAP-1 the scenario\'s turn limit ends the game; the house default applies without one', () => {
    const g = newGame(withVictory([]), table, scripted(...keepOrder(5)));
    expect(turnLimitOf(withVictory([]), g.state.table.house)).toBe(1);
    expect(g.state.seq.lastRound).toBe(1);
    expect(turnLimitOf({ ...withVictory([]), turnLimit: undefined }, g.state.table.house)).toBe(g.state.table.house.defaultTurnLimit);
    const end = passTurn(g);
    expect(end.at(-1)).toMatchObject({ type: 'GAME_ENDED', rule: 'K-GAP-1', reason: 'turn-limit', winner: 'whites', score: { whites: 2, reds: 1 } });
    expect(played.ruleset.victory(g.state, { scenario: withVictory([]) })).toMatchObject({ winner: 'whites', rule: 'K-GAP-1' });
    expect(phaseOf(reading(g)).kind).toBe('over');
    expect(played.ruleset.legalCommands(g.state, { scenario: withVictory([]), table })).toEqual([]);
    expect(g.dispatch({ type: 'BEGIN_TURN', side: 'whites' })).toMatchObject({ ok: false, reason: expect.stringMatching(/over/) });
  });

  it('K-GAP-1 a "hold" condition met at the end wins; a "default" side wins when nobody met theirs', () => {
    const hold = withVictory([
      { side: 'reds', text: 'Hold the west farm', data: { kind: 'hold', objectives: ['obj_w'] } },
      { side: 'whites', text: 'Stand fast', data: { kind: 'default' } },
    ]);
    const g = newGame(hold, table, scripted(...keepOrder(5)));
    expect(passTurn(g).at(-1)).toMatchObject({ type: 'GAME_ENDED', reason: 'default', winner: 'whites' });
    const mine = withVictory([{ side: 'whites', text: 'Hold the west farm', data: { kind: 'hold', objectives: ['obj_w'] } }]);
    const h = newGame(mine, table, scripted(...keepOrder(5)));
    expect(passTurn(h).at(-1)).toMatchObject({ type: 'GAME_ENDED', reason: 'conditions', winner: 'whites', text: 'Whites wins: Hold the west farm' });
  });

  it('K-GAP-1 "turn-end" conditions are checked after every turn, others only at the end', () => {
    const early = withVictory([{ side: 'whites', text: 'Take the farm', data: { kind: 'hold', objectives: ['obj_w'], when: 'turn-end' } }], 3);
    const g = newGame(early, table, scripted(...keepOrder(5)));
    expect(passTurn(g).at(-1)).toMatchObject({ type: 'GAME_ENDED', winner: 'whites', reason: 'conditions' });
    const late = withVictory([{ side: 'whites', text: 'Take the farm', data: { kind: 'hold', objectives: ['obj_w'] } }], 3);
    const h = newGame(late, table, scripted(...keepOrder(5)));
    expect(passTurn(h).at(-1)).toMatchObject({ type: 'TURN_ENDED' });
  });

  it('K-GAP-1 casualties and survival conditions count figures against the starting strength', () => {
    const sc = withVictory([{ side: 'whites', text: 'Break them', data: { kind: 'casualties', fraction: 0.5 } }]);
    const g = newGame(sc, table);
    const hit = fold(reading(g), ...['r1_1', 'r1_2', 'r1_3'].map((figureId): Ev => ({ type: 'FIGURE_REMOVED', rule: 'K-5.5d', text: '', figureId, reason: 'killed' })));
    expect(victoryCheck(hit, sc, 'turn-end', true)).toMatchObject({ winner: 'whites', reason: 'conditions' });
    expect(victoryCheck(g.state.table, sc, 'turn-end', true)).toMatchObject({ reason: 'turn-limit' });
    // Seriously wounded and routing soldiers are out of the fight too (K-GAP-1 house reading).
    const broken = fold(reading(g),
      { type: 'WOUND_TEST', rule: 'K-5.5e', text: '', figureId: 'r1_1', rolls: [2], result: 'serious', condition: 'serious' },
      { type: 'UNIT_STATUS_CHANGED', rule: 'K-7.3b', text: '', unitId: 'r2', status: 'routing', from: 'normal' });
    expect(strength(broken, 'reds')).toEqual({ start: 6, now: 2 });
    expect(victoryCheck(broken, sc, 'turn-end', true)).toMatchObject({ winner: 'whites', reason: 'conditions' });
  });

  it('K-GAP-1 a side with no unit left on the table loses at once', () => {
    const g = newGame(withVictory([], 5), table, scripted(...keepOrder(5)));
    must(g, { type: 'BEGIN_TURN', side: 'whites' });
    const gone = fold(reading(g), { type: 'UNIT_WITHDRAWN', rule: 'K-7.4a', text: '', unitId: 'r1' }, { type: 'UNIT_SURRENDERED', rule: 'K-7.2c', text: '', unitId: 'r2', to: 'whites' });
    expect(victoryCheck(gone, withVictory([], 5), 'command', false)).toMatchObject({ winner: 'whites', reason: 'eliminated' });
    // sidesOnTable gives its last answer again only for the same records: each state answers for itself.
    const one = fold(reading(g), { type: 'UNIT_WITHDRAWN', rule: 'K-7.4a', text: '', unitId: 'r1' });
    for (let i = 0; i < 2; i++) {
      expect(sidesOnTable(g.state.table)).toEqual(g.state.table.sides.map((x) => x.id));
      expect(sidesOnTable(one)).toEqual(sidesOnTable(reading(g)));
      expect(sidesOnTable(gone)).toEqual(['whites']);
      expect(sidesOnTable({ ...gone })).toEqual(['whites']);
    }
    const asked = sidesOnTable(gone);
    asked.push('reds');
    expect(sidesOnTable(gone)).toEqual(['whites']);
  });

  it('K-GAP-1 an objective is held by the only side with a fighting soldier inside it', () => {
    const g = newGame(withVictory([]), table);
    expect(objectiveHolder(g.state.table, objectives[0]!)).toBe('whites');
    expect(objectiveHolder(g.state.table, { at: [60, 40], radius: 5 })).toBeNull();
    const routing = fold(reading(g), { type: 'UNIT_STATUS_CHANGED', rule: 'K-7.3b', text: '', unitId: 'w1', status: 'routing', from: 'normal' });
    expect(objectiveHolder(routing, objectives[0]!)).toBeNull();
  });

  it('K-GAP-1 victory data is validated with the scenario (kinds, sides, objectives)', () => {
    const bad = withVictory([
      { side: 'whites', text: 'x', data: { kind: 'hold', objectives: ['nowhere'] } },
      { text: 'y', data: { kind: 'points' } },
      { side: 'reds', text: 'z', data: { kind: 'conquer' } },
      { text: 'Just a briefing line' },
    ]);
    expect(validateVictory(bad).map((i) => i.path)).toEqual(['victory.0.data.objectives.0', 'victory.1.side', 'victory.2.data.kind']);
    expect(played.ruleset.validateScenario(bad).some((i) => i.path === 'victory.1.side')).toBe(true);
  });
});
