// A preparation barrage before turn 1 (a scenario's preparation-fire rule, K-GAP-9) asks what a shot
// asks: the owner of each unit it hits allocates the wounds (K-5.5a, spread by K-5.5b) and says whether
// his medic re-rolls a wound test (K-SKL-8); the barrage goes on after his answer, then turn 1 opens.
// The defaults (spread, key soldiers last; the medic re-rolls the worse results) are what the barrage
// did before the owners were asked: the random player and old logs take them. Scripted dice: the barrage
// falls on every Red unit, every shooting die hits, cover and wound dice as given.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Battlefield } from '../../src/battlefield';
import { sendLog } from './send-log';
import { answerMissingDecisions } from '../../src/game';
import { phaseOf } from '../../src/rules/kuularuisku/engine';
import { preparationFire } from '../../src/rules/kuularuisku/special-play';
import type { Scenario } from '../../src/scenario';
import { flowScenario, flowTable, must, newPlayedGame as newGame, played, type KPlayedSession as KSession, reading } from './fixture';
import { ShotDice } from './shot-dice';

let table: Battlefield;
// The orchard holds Reds' squads r1 (a medic as its fourth soldier) and r2: a die each, a 6 brings three
// dice down on it. Then one die, on a 1, for the White unit nearest the orchard (ShotDice rolls 6: wide).
const orchard = { id: 'orchard', kind: 'field', name: 'the orchard', crop: 'pasture', polygon: [[90, 20], [110, 20], [110, 60], [90, 60]] };
const barrage = {
  id: 'opening-barrage', text: 'Before turn 1 the guns shell the orchard; a short round may fall on the Whites.',
  data: {
    kind: 'preparation-fire', modifies: ['K-GAP-9', 'K-5.3d'], when: 'before-turn-1',
    salvoes: [{ side: 'reds', unitsIn: 'orchard', on: [6] }, { side: 'whites', nearestTo: 'orchard', on: [1] }],
    attack: { firepower: 3, skill: 4, cover: 'open' },
  },
};
const scenario: Scenario = flowScenario(
  [
    { id: 'w1', side: 'whites', at: [20, 30] },
    { id: 'r1', side: 'reds', at: [100, 30], size: 4 },
    { id: 'r2', side: 'reds', at: [100, 45] },
  ],
  { features: [orchard], specialRules: [barrage] } as never,
);
scenario.units![1]!.figures[3]!.data = { role: 'medic', skills: ['medic'] };

beforeAll(async () => {
  table = await flowTable(scenario);
});

/** The barrage with these cover and wound dice: one wound on r1 (covers 1, 6, 6), then two on r2 (1, 1, 6) unless given. */
function begin(cover = [1, 6, 6, 1, 1, 6], wound: number[] = []): { g: KSession; events: ReturnType<typeof must> } {
  const g = newGame(scenario, table, new ShotDice(cover, wound, 3));
  const events = must(g, { type: 'BEGIN_TURN', side: 'reds' });
  return { g, events };
}

const opened = (events: ReadonlyArray<{ type: string }>) => events.some((e) => e.type === 'TURN_STARTED');

describe('opening-barrage K-GAP-9 K-5.5a the owner of a unit the preparation fire hits allocates its wounds', () => {
  it('K-5.5a BEGIN_TURN stops before turn 1 for Reds to allocate the wound on Squad r1 (the spread default first); Whites may not answer', () => {
    const { g, events } = begin();
    expect(events.map((e) => e.type).filter((t) => t !== 'DICE_ROLLED')).toEqual(['SPECIAL_ROLL', 'SPECIAL_FIRE', 'COVER_TEST', 'CHOICE_PENDING']);
    expect(events.at(-1)!.text).toBe('1 wound from the preparation fire on Squad r1: for Reds (owner of Squad r1) to allocate');
    expect(opened(events)).toBe(false);
    expect(g.state.seq.round).toBe(0);
    // The barrage's place is kept in the choice: r2, in the same salvo, still waits for its die.
    expect(phaseOf(reading(g))).toMatchObject({ kind: 'choice', choice: { kind: 'wounds', side: 'reds', unitId: 'r1', wounds: 1, barrage: { salvo: 0, rest: ['r2'] } } });
    const d = g.pendingDecision()!;
    expect(d).toMatchObject({ side: 'reds', kind: 'wound-allocation', rule: 'K-5.5a', label: '1 wound from the preparation fire on Squad r1: who takes it?' });
    expect(d.options[0]!.label).toMatch(/^Default: /);
    expect(g.legalCommands()).toEqual(d.options.map((o) => o.command));
    expect(played.phase(g.state)).toMatchObject({ side: 'reds', awaiting: 'choice', decision: d });
    const whites = g.dispatch({ type: 'ALLOCATE_WOUNDS', side: 'whites', allocation: { r1_1: 1 } } as never);
    expect(whites).toMatchObject({ ok: false, rule: 'K-5.5a' });
    expect(!whites.ok && whites.reason).toBe('Whites may not act now: the game waits for Reds (where the wounds of the preparation fire on their unit fall)');
    // The owner moving the turn on instead of answering is told what is awaited.
    const draw = g.dispatch({ type: 'DRAW_CARD', side: 'reds' } as never);
    const asked = 'not now: Reds must first answer: 1 wound from the preparation fire on Squad r1: who takes it?';
    expect(!draw.ok && draw.reason).toBe(asked);
    const again = g.dispatch({ type: 'BEGIN_TURN', side: 'reds' } as never);
    expect(!again.ok && again.reason).toBe(asked);
    // K-5.5b a second wound on one soldier before the others have one is refused.
    expect(g.dispatch({ type: 'ALLOCATE_WOUNDS', side: 'reds', allocation: { r1_1: 2 } } as never).ok).toBe(false);
  });

  it('K-5.5a Reds put the wound on the squad leader, then the barrage goes on to Squad r2, and after Reds\' second answer turn 1 opens', () => {
    const { g } = begin([1, 6, 6, 1, 1, 6], [6, 3, 4]);
    const first = must(g, { type: 'ALLOCATE_WOUNDS', side: 'reds', allocation: { r1_1: 1 } });
    expect(first.find((e) => e.type === 'CHOICE_MADE')!.text).toBe('Reds (owner of Squad r1) allocated 1 wound');
    // A 6: just a scratch (no re-roll to ask for).
    expect(first.find((e) => e.type === 'WOUND_TEST')).toMatchObject({ figureId: 'r1_1', result: 'scratch' });
    // The same command rolls r2's die and stops again for its two wounds.
    expect(first.filter((e) => e.type === 'SPECIAL_FIRE').map((e) => e.targetId)).toEqual(['r2']);
    expect(opened(first)).toBe(false);
    expect(phaseOf(reading(g))).toMatchObject({ kind: 'choice', choice: { kind: 'wounds', unitId: 'r2', wounds: 2, barrage: { salvo: 0, rest: [] } } });
    const second = must(g, { type: 'ALLOCATE_WOUNDS', side: 'reds', allocation: { r2_2: 1, r2_3: 1 } });
    expect(second.filter((e) => e.type === 'WOUND_TEST').map((e) => [e.figureId, e.result])).toEqual([['r2_2', 'light'], ['r2_3', 'light']]);
    // The White salvo's die (6: wide), then the turn and its deck.
    const roll = second.find((e) => e.type === 'SPECIAL_ROLL')!;
    expect(roll).toMatchObject({ special: 'opening-barrage', rule: 'K-GAP-9', value: 6, success: false });
    expect(second.map((e) => e.type).slice(-2)).toEqual(['TURN_STARTED', 'DECK_SHUFFLED']);
    expect(phaseOf(reading(g)).kind).toBe('draw');
    expect(g.state.seq.round).toBe(1);
  });

  it('K-SKL-8 in the barrage\'s wound tests Reds are asked whether the medic re-rolls; the barrage waits for the word, then goes on', () => {
    const { g } = begin([1, 6, 6, 6, 6, 6], [1, 5]);
    must(g, { type: 'ALLOCATE_WOUNDS', side: 'reds', allocation: { r1_2: 1 } });
    expect(phaseOf(reading(g))).toMatchObject({ kind: 'choice', choice: { kind: 'medic', side: 'reds', unitId: 'r1', barrage: { salvo: 0, rest: ['r2'] } } });
    expect(g.pendingDecision()).toMatchObject({ side: 'reds', kind: 'medic-reroll', rule: 'K-SKL-8' });
    const events = must(g, { type: 'MEDIC_REROLL', side: 'reds', reroll: true });
    expect(events.find((e) => e.type === 'WOUND_TEST')).toMatchObject({ figureId: 'r1_2', rolls: [1, 5], medic: 'r1_4', result: 'light' });
    // r2 took no wound (covers 6): no choice; the White die; turn 1 opens.
    expect(events.filter((e) => e.type === 'SPECIAL_FIRE').map((e) => e.targetId)).toEqual(['r2']);
    expect(opened(events)).toBe(true);
  });

  it('K-5.5a the defaults give what the barrage gave before the owners were asked: an old log (BEGIN_TURN, then DRAW_CARD) replays with them', () => {
    const cover = [1, 6, 6, 1, 1, 6];
    const wound = [1, 2, 3, 4, 5];
    const { g } = begin([...cover], [...wound]);
    expect(answerMissingDecisions(g, { type: 'DRAW_CARD', side: 'reds' })).toBe(3);
    expect(g.log.slice(1).map((e) => e.command.type)).toEqual(['ALLOCATE_WOUNDS', 'MEDIC_REROLL', 'ALLOCATE_WOUNDS']);
    must(g, { type: 'DRAW_CARD', side: 'reds' });
    // The whole barrage with every default, as the rules fired it before they asked.
    const before = preparationFire(reading(newGame(scenario, table)), { table, dice: new ShotDice(cover, wound, 3) });
    // Who took the wounds, each die and result (the log lines differ: the owner's name who chose).
    const tests = (events: ReadonlyArray<{ type: string; text?: string }>) => events.filter((e) => e.type === 'WOUND_TEST' || e.type === 'WOUNDS_ALLOCATED').map(({ text: _text, ...e }) => e);
    expect(tests(g.log.flatMap((e) => e.events))).toEqual(tests(before));
    expect(tests(before).length).toBeGreaterThan(2);
  });
});

describe('opening-barrage the cards machine waits between turns for the owner\'s word', () => {
  it('K-5.5a the machine stays at the turn\'s opening while Reds allocate, then goes on to the card draw', () => {
    const g = newGame(scenario, table, new ShotDice([1, 6, 6, 1, 1, 6], [], 3));
    g.dispatch({ type: 'BEGIN_TURN', side: 'reds' });
    expect(g.state.seq.step).toBe('opening');
    g.dispatch(g.pendingDecision()!.options[1]!.command);
    expect(g.state.seq.step).toBe('opening');
    g.dispatch(g.pendingDecision()!.options[0]!.command);
    expect(g.state.seq.step).toBe('draw');
  });

  it('K-5.5a a saved game stopped at the barrage\'s question replays to the same question', () => {
    const { g } = begin();
    const again = newGame(scenario, table, new ShotDice([1, 6, 6, 1, 1, 6], [], 3));
    sendLog(again as never, g.log);
    expect(again.stateHash()).toBe(g.stateHash());
    expect(again.state.seq.step).toBe(g.state.seq.step);
    expect(again.pendingDecision()).toEqual(g.pendingDecision());
  });
});
