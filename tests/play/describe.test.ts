// describePlay on the positions that wait for one player: a forced roll (K-7.1f), a charge decision
// (K-6.6a grenades), a readiness window (K-2.3b), the end of the turn (K-5.6e) and the result
// (K-GAP-1) — the prompt names the side that must act and the buttons are exactly the commands a bare table
// offers: the sequence's step (K-7.1f, K-2.3b, K-5.6e) or the rules' own answers (K-6.6a).
import { beforeAll, describe, expect, it } from 'vitest';
import type { Battlefield } from '../../src/battlefield';
import { kuularuiskuRuleset, type KGameState } from '../../src/rules/kuularuisku/engine';
import { describePlay } from '../../src/rules/kuularuisku/hud';
import { DEFAULT_UNITS, flowScenario, flowTable } from '../flow/fixture';
import { hasActivated } from '../../src/rules/kuularuisku/acted';
import { setupRead } from '../rules/kuularuisku/reading';

const scenario = flowScenario();
let table: Battlefield;
let s0: KGameState;

beforeAll(async () => {
  table = await flowTable(scenario);
  s0 = setupRead(scenario);
});

const ctx = () => ({ scenario, table });
const open = (s: KGameState, seq: Partial<KGameState['seq']>, tableFlow: Partial<KGameState['tableFlow']> = {}): KGameState => ({ ...s, seq: { ...s.seq, round: 2, turnOpen: true, deck: ['r2'], drawn: ['w1', 'r1'], ...seq }, tableFlow: { ...s.tableFlow, ...tableFlow } });
const legal = (s: KGameState) => kuularuiskuRuleset.legalCommands(s, ctx());

describe('describePlay: who must act, and the buttons', () => {
  it('K-7.1f a pending pinned test: the pinned unit\'s side rolls it', () => {
    const s = open(s0, { forced: 'pinned-test', unit: 'r1', side: 'reds', via: 'card' });
    const v = describePlay(s, ctx());
    expect(v.prompt).toMatchObject({ side: 'reds', turn: 2, card: { unitId: 'r1', via: 'card' }, tallies: [expect.objectContaining({ id: 'deck', count: 1, text: 'Deck 1 left · 2 drawn' })] });
    expect(v.prompt.detail).toBe('Reds rolls the pinned test (K-7.1f)');
    expect(v.activeUnitId).toBe('r1');
    expect(v.actions).toEqual([expect.objectContaining({ id: 'resolve:pinned-test', rule: 'K-7.1f' })]);
    expect(v.actions.map((a) => a.command)).toEqual([{ type: 'RESOLVE', side: 'reds', step: 'pinned-test' }]);
    // A forced step at the offer is the sequence's: the rules list none of their own.
    expect(legal(s)).toEqual([]);
  });

  it('K-6.6a grenades as a melee begins: the side asked decides, yes or no', () => {
    const s = open(s0, {}, { choice: { kind: 'grenades', side: 'whites', unitId: 'w1', chargerId: 'w1', targetId: 'r1' } });
    const v = describePlay(s, ctx());
    expect(v.prompt.side).toBe('whites');
    expect(v.actions.map((a) => a.id)).toEqual(['grenades:yes', 'grenades:no']);
    expect(v.actions.map((a) => a.command)).toEqual(legal(s));
  });

  it('K-2.3b a readiness window: the side with a ready unit may use it or pass', () => {
    // Turn 2 as the scenario opens it: w2 waits in readiness, the others have acted but r2.
    const readiness = flowScenario(DEFAULT_UNITS.map((u) => (u.id === 'r2' ? u : { ...u, data: { start: u.id === 'w2' ? { ready: true } : { activated: true } } })), { rules: { start: { turn: 2, deck: ['r2'] } } });
    const base = setupRead(readiness);
    expect(base.seq.ready).toEqual(['w2']);
    expect(hasActivated(base, 'w2')).toBe(false);
    const s = open(base, { readiness: { pending: ['whites'], declared: {} } });
    const v = describePlay(s, ctx());
    expect(v.prompt).toMatchObject({ side: 'whites', headline: 'Turn 2 · between activations' });
    expect(v.actions.map((a) => a.id)).toEqual(['readiness:pass', 'readiness:w2']);
    expect(v.actions.map((a) => a.command)).toEqual([{ type: 'READINESS', side: 'whites', unitId: null }, { type: 'READINESS', side: 'whites', unitId: 'w2' }]);
    expect(legal(s)).toEqual([]);
    expect(v.units.find((u) => u.id === 'w2')!.status).toEqual(['ready']);
  });

  it('K-5.6e an empty deck: anyone ends the turn (the wounded move first)', () => {
    const s = open(s0, { deck: [] });
    const v = describePlay(s, ctx());
    expect(v.prompt.side).toBeNull();
    expect(v.actions.map((a) => [a.id, a.rule])).toEqual([['end-turn', 'K-5.6e']]);
    expect(v.actions.map((a) => a.command)).toEqual([{ type: 'END_TURN', side: s.sides[0]!.id }]);
    expect(legal(s)).toEqual([]);
  });

  it('K-GAP-1 a finished game shows the result and offers nothing', () => {
    const s = open(s0, {}, { result: { winner: 'whites', reason: 'eliminated', rule: 'K-GAP-1', text: 'The Reds have no soldier left on the table' } });
    const v = describePlay(s, ctx());
    expect(v.victory).toEqual({ winner: 'whites', reason: 'The Reds have no soldier left on the table', rule: 'K-GAP-1' });
    expect(v.prompt).toMatchObject({ side: null, headline: 'Game over — Whites win' });
    expect(v.actions).toEqual([]);
    expect(v.move).toBeUndefined();
  });
});
