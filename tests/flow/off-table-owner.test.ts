// Fire from off the table (a scenario's off-table-fire rule) asks the target's owner what a shot asks:
// K-5.5a where its wounds fall; K-5.1b aimed at a lone leader, whether he dives, before any die, into a
// unit within 3 cm that the same fire may take (the whole unit is then its target). The defaults (the
// spread allocation, staying on his own) are what the rules did before they asked. Scripted dice: every
// shooting die hits, cover and wound dice as given.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Battlefield } from '../../src/battlefield';
import { answerMissingDecisions } from '../../src/game';
import { phaseOf } from '../../src/rules/kuularuisku/engine';
import { flowScenario, flowTable, must, newGame, type KSession, reading } from './fixture';
import { ShotDice } from './shot-dice';

let table: Battlefield;
// A lane (a street 20 cm wide along y = 30: y 20–40) swept by fire from the east edge, Reds' once a
// turn. Whites' leader wl stands alone in the lane near its edge, within 3 cm of Squad w1 (in the lane)
// and of Squad w2 (just outside it: with him joined, it has a man in the lane); Squad w3 is far off.
// Reds' r1 draws the first card.
const scenario = flowScenario(
  [
    { id: 'r1', side: 'reds', at: [100, 60] },
    { id: 'w1', side: 'whites', at: [57, 33] },
    { id: 'wl', side: 'whites', at: [60, 38], leader: true },
    { id: 'w2', side: 'whites', at: [61, 41] },
    { id: 'w3', side: 'whites', at: [30, 30] },
  ],
  {
    features: [{ id: 'lane', kind: 'road', name: 'the lane', surface: 'paved', path: [[0, 30], [120, 30]], width: 20 }],
    specialRules: [{
      id: 'lane-fire', text: 'A machine gun beyond the east edge sweeps the lane once a turn.',
      data: { kind: 'off-table-fire', modifies: ['K-5.3d'], side: 'reds', perTurn: 1, from: 'east', targetsIn: ['lane'], attack: { firepower: 3, skill: 4, cover: 'open' } },
    }],
  } as never,
);

beforeAll(async () => {
  table = await flowTable(scenario);
});

/** Reds' r1 activates and the fire from the east edge is aimed at the lone leader wl. */
function fireAtLeader(cover: number[] = []): { g: KSession; events: ReturnType<typeof must> } {
  const g = newGame(scenario, table, new ShotDice(cover, [], 4));
  must(g, { type: 'BEGIN_TURN', side: 'reds' });
  must(g, { type: 'DRAW_CARD', side: 'reds' });
  must(g, { type: 'ACTIVATE', side: 'reds', unitId: 'r1', action: 'shoot' });
  const events = must(g, { type: 'OFF_TABLE_FIRE', side: 'reds', special: 'lane-fire', targetId: 'wl' });
  return { g, events };
}

/** Reds' r1 activates and the fire from the east edge falls on Squad w1 (three hits). */
function fireAtSquad(cover: number[], wound: number[] = []): KSession {
  const g = newGame(scenario, table, new ShotDice(cover, wound, 5));
  must(g, { type: 'BEGIN_TURN', side: 'reds' });
  must(g, { type: 'DRAW_CARD', side: 'reds' });
  must(g, { type: 'ACTIVATE', side: 'reds', unitId: 'r1', action: 'shoot' });
  must(g, { type: 'OFF_TABLE_FIRE', side: 'reds', special: 'lane-fire', targetId: 'w1' });
  return g;
}

describe('K-5.5a the owner of a unit under fire from off the table allocates its wounds, as after a shot', () => {
  it('K-5.5a one wound on Squad w1: Whites are asked (the spread default first) and put it on the soldier they choose', () => {
    const g = fireAtSquad([1, 6, 6], [5]);
    expect(phaseOf(reading(g))).toMatchObject({ kind: 'choice', choice: { kind: 'wounds', side: 'whites', unitId: 'w1', shooterId: 'r1', offTable: 'lane-fire' } });
    const d = g.pendingDecision()!;
    expect(d).toMatchObject({ side: 'whites', kind: 'wound-allocation', rule: 'K-5.5a' });
    // Not the default: the squad leader w1_1 (key soldiers last by default).
    expect(d.options[0]!.command).not.toEqual({ type: 'ALLOCATE_WOUNDS', side: 'whites', allocation: { w1_1: 1 } });
    expect(d.options.map((o) => o.command)).toContainEqual({ type: 'ALLOCATE_WOUNDS', side: 'whites', allocation: { w1_1: 1 } });
    const events = must(g, { type: 'ALLOCATE_WOUNDS', side: 'whites', allocation: { w1_1: 1 } });
    expect(events.find((e) => e.type === 'WOUND_TEST')).toMatchObject({ figureId: 'w1_1', result: 'light' });
    expect(g.state.table.figures.w1_1!.condition).toBe('light');
    expect(phaseOf(reading(g)).kind).toBe('activation');
  });

  it('K-5.5a a log from before the owner was asked replays with the default allocation, as the fire resolved then', () => {
    const g = fireAtSquad([1, 6, 6], [5]);
    const fallback = g.pendingDecision()!.options[0]!.command;
    expect(answerMissingDecisions(g, { type: 'END_ACTIVATION', side: 'reds' })).toBe(1);
    expect(g.log.at(-1)!.command).toEqual(fallback);
    const tested = g.log.at(-1)!.events.find((e) => e.type === 'WOUND_TEST')!;
    expect(Object.keys(fallback.allocation as Record<string, number>)).toEqual([tested.figureId]);
  });
});

describe('K-5.1b a lone leader under fire from off the table may dive into a unit', () => {
  it('K-5.1b the fire waits for Whites before any die: stay on his own (the default), dive into Squad w1 or Squad w2 (w3 is too far)', () => {
    const { g, events } = fireAtLeader();
    expect(events.map((e) => e.type)).toEqual(['CHOICE_PENDING']);
    expect(phaseOf(reading(g))).toMatchObject({ kind: 'choice', choice: { kind: 'dive', side: 'whites', unitId: 'wl', into: ['w1', 'w2'], offTable: 'lane-fire' } });
    const d = g.pendingDecision()!;
    expect(d).toMatchObject({ side: 'whites', kind: 'leader-dive', rule: 'K-5.1b' });
    expect(d.label).toBe('The fire from the east table edge takes aim at Leader wl. Does he dive into a unit within 3 cm? Then the whole unit is the target.');
    expect(d.options.map((o) => o.label)).toEqual(['Default: Leader wl stays on his own', 'Leader wl dives into Squad w1', 'Leader wl dives into Squad w2']);
    expect(g.dispatch({ type: 'LEADER_DIVE', side: 'whites', intoUnitId: 'w3' })).toMatchObject({ ok: false, rule: 'K-5.1b' });
    expect(g.dispatch({ type: 'LEADER_DIVE', side: 'reds', intoUnitId: 'w1' })).toMatchObject({ ok: false, rule: 'K-5.1b' });
  });

  it('K-5.1b Whites have him dive: he joins Squad w1 and the fire falls on the whole squad', () => {
    const { g } = fireAtLeader([1, 6, 6]);
    const events = must(g, { type: 'LEADER_DIVE', side: 'whites', intoUnitId: 'w1' });
    expect(events.find((e) => e.type === 'CHOICE_MADE')!.text).toBe('Whites (owner of Leader wl) had Leader wl dive into Squad w1');
    expect(events.find((e) => e.type === 'UNIT_JOINED')).toMatchObject({ rule: 'K-5.1b', unitId: 'wl', intoUnitId: 'w1' });
    expect(events.find((e) => e.type === 'SPECIAL_FIRE')).toMatchObject({ special: 'lane-fire', targetId: 'w1', hits: 3 });
    // K-5.5a the one wound is Whites' to allocate among the squad and its new leader.
    expect(phaseOf(reading(g))).toMatchObject({ kind: 'choice', choice: { kind: 'wounds', side: 'whites', unitId: 'w1', wounds: 1, offTable: 'lane-fire' } });
    must(g, { type: 'ALLOCATE_WOUNDS', side: 'whites', allocation: { wl_1: 1 } });
    expect(g.log.at(-1)!.events.find((e) => e.type === 'WOUND_TEST')).toMatchObject({ figureId: 'wl_1' });
    expect(phaseOf(reading(g)).kind).toBe('activation');
  });

  it('K-5.1b he stays on his own (the default): the fire falls on him alone, as before the owner was asked', () => {
    const { g } = fireAtLeader([1, 6, 6]);
    expect(answerMissingDecisions(g, { type: 'END_ACTIVATION', side: 'reds' })).toBe(1);
    expect(g.log.at(-1)!.command).toEqual({ type: 'LEADER_DIVE', side: 'whites', intoUnitId: null });
    const events = g.log.at(-1)!.events;
    expect(events.some((e) => e.type === 'UNIT_JOINED')).toBe(false);
    expect(events.find((e) => e.type === 'SPECIAL_FIRE')).toMatchObject({ targetId: 'wl', hits: 3 });
    expect(events.find((e) => e.type === 'WOUNDS_ALLOCATED')).toMatchObject({ unitId: 'wl' });
  });
});
