// F1 turn and the activation deck (K-2.0, K-2.1, K-2.2b/e, K-1.4b, K-TERM-9) with scripted dice.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Battlefield } from '../../src/battlefield';
import { SeededDice } from '../../src/core';
import { deckCards, drawOutcome, phaseOf, shuffleDeck, type KGameState } from '../../src/rules/kuularuisku/engine';
import { CARDS, arrange, seqOf, flowScenario, flowTable, keepOrder, must, newGame, scripted, reading, foldPlayed, firstCardDrawn } from './fixture';
import { hasActivated } from '../../src/rules/kuularuisku/acted';

let table: Battlefield;
const scenario = flowScenario();

beforeAll(async () => {
  table = await flowTable(scenario);
});

/** Fold hand-made events into a state (to set up positions the rules reach only after many turns). */
/** The events folded as in play (the composed module: the table's fold, then the machine), read again. */
const fold = (s: KGameState, ...events: Array<Record<string, unknown> & { type: string }>) => foldPlayed(s, events as never);

describe('F1 turn: shuffle, draw, spend', () => {
  it('K-2.1a one card per unit and per leader; K-2.1b shuffled with the game\'s dice into the deck', () => {
    const g = newGame(scenario, table, scripted(...keepOrder(5)));
    expect(deckCards(g.state.table)).toEqual(['w1', 'w2', 'wl', 'r1', 'r2']);
    const events = must(g, { type: 'BEGIN_TURN', side: 'whites' });
    const rolls = events.filter((e) => e.type === 'DICE_ROLLED');
    expect(rolls).toHaveLength(4);
    expect(rolls.every((e) => e.rule === 'K-2.1b')).toBe(true);
    expect(seqOf(g).deck).toEqual(['w1', 'w2', 'wl', 'r1', 'r2']);
    expect(g.state.seq.round).toBe(1);
    expect(phaseOf(reading(g)).kind).toBe('draw');
  });

  it('K-2.1b Fisher–Yates: each die picks the card that goes to the back', () => {
    // d5 → 1: swap last with first; then d4 → 4, d3 → 3, d2 → 2 keep the rest.
    expect(shuffleDeck(['a', 'b', 'c', 'd', 'e'], scripted(1, 4, 3, 2), 1)).toEqual(['e', 'b', 'c', 'd', 'a']);
    const a = shuffleDeck(['a', 'b', 'c', 'd', 'e', 'f'], new SeededDice(99), 1);
    const b = shuffleDeck(['a', 'b', 'c', 'd', 'e', 'f'], new SeededDice(99), 1);
    expect(a).toEqual(b);
    expect([...a].sort()).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });

  it('K-2.1b a drawn card offers its unit the activation; the next card waits until it is done', () => {
    const g = newGame(scenario, table, scripted(...keepOrder(5)));
    must(g, { type: 'BEGIN_TURN', side: 'whites' });
    const drawn = must(g, { type: 'DRAW_CARD', side: 'whites' });
    expect(drawn.map((e) => e.type)).toEqual(['CARD_DRAWN', 'ACTIVATION_OFFERED']);
    expect(phaseOf(reading(g))).toMatchObject({ kind: 'offer', offer: { unitId: 'w1', side: 'whites', via: 'card' } });
    const again = g.dispatch({ type: 'DRAW_CARD', side: 'whites' });
    expect(again).toMatchObject({ ok: false, rule: 'K-2.1b' });
    must(g, { type: 'ACTIVATE', side: 'whites', unitId: 'w1', action: 'move-shoot' });
    expect(g.dispatch({ type: 'DRAW_CARD', side: 'whites' })).toMatchObject({ ok: false, rule: 'K-2.1b' });
    must(g, { type: 'END_ACTIVATION', side: 'whites' });
    expect(hasActivated(reading(g), 'w1')).toBe(true);
    expect(phaseOf(reading(g)).kind).toBe('draw');
  });

  it('K-2.1b only the side whose unit activates decides for it', () => {
    const g = newGame(scenario, table, scripted(...keepOrder(5)));
    must(g, { type: 'BEGIN_TURN', side: 'whites' });
    must(g, { type: 'DRAW_CARD', side: 'whites' });
    expect(g.dispatch({ type: 'PASS', side: 'reds', unitId: 'w1' })).toMatchObject({ ok: false, rule: 'K-2.1b' });
    expect(g.dispatch({ type: 'PASS', side: 'whites', unitId: 'w2' })).toMatchObject({ ok: false, rule: 'K-2.1b' });
  });

  it('K-2.0b / K-2.2b a card whose unit already activated (commanded earlier) is spent', () => {
    // Deck order: wl first, then w1.
    const g = newGame(scenario, table, scripted(...arrange(CARDS, ['wl', 'w1', 'w2', 'r1', 'r2'])));
    must(g, { type: 'BEGIN_TURN', side: 'whites' });
    expect(seqOf(g).deck.slice(0, 2)).toEqual(['wl', 'w1']);
    must(g, { type: 'DRAW_CARD', side: 'whites' });
    must(g, { type: 'COMMAND', side: 'whites', leaderId: 'wl', unitId: 'w1' });
    must(g, { type: 'PASS', side: 'whites', unitId: 'w1' });
    const drawn = must(g, { type: 'DRAW_CARD', side: 'whites' });
    expect(drawn.map((e) => [e.type, e.rule])).toEqual([['CARD_DRAWN', 'K-2.1b'], ['CARD_SPENT', 'K-2.0b']]);
  });

  it('K-2.1a a unit no longer on the table has its card spent, and no card in the next deck', () => {
    const g = newGame(scenario, table, scripted(...keepOrder(5)));
    must(g, { type: 'BEGIN_TURN', side: 'whites' });
    const s = fold(reading(g), { type: 'UNIT_WITHDRAWN', rule: 'K-7.4a', text: '', unitId: 'w1' });
    expect(drawOutcome(s, 'w1')).toMatchObject({ kind: 'spent', reason: 'gone', rule: 'K-2.1a' });
    expect(deckCards(s)).not.toContain('w1');
  });

  it('K-1.2a a survivor who joined another unit has no card of his own; K-1.4b a joined leader keeps his', () => {
    const g = newGame(scenario, table);
    const joined = fold(reading(g),
      { type: 'UNIT_JOINED', rule: 'K-1.2a', text: '', unitId: 'w2', intoUnitId: 'w1', figureIds: ['w2_1', 'w2_2', 'w2_3'], kind: 'survivor', bound: false, noMove: false },
      { type: 'UNIT_JOINED', rule: 'K-1.2d', text: '', unitId: 'wl', intoUnitId: 'w1', figureIds: ['wl_1'], kind: 'leader', bound: true, noMove: false });
    expect(deckCards(joined)).toEqual(['w1', 'wl', 'r1', 'r2']);
    expect(drawOutcome(joined, 'w2')).toMatchObject({ kind: 'spent', reason: 'joined' });
    const acted = fold(joined, ...firstCardDrawn(['w1', 'wl', 'r1', 'r2']), { type: 'ACTIVATION_STARTED', rule: 'K-2.1b', text: '', unitId: 'w1', units: ['w1'], via: 'card' }, { type: 'ACTIVATION_ENDED', rule: 'K-2.0b', text: '', unitId: 'w1', units: ['w1'] });
    expect(drawOutcome(acted, 'wl')).toMatchObject({ kind: 'spent', rule: 'K-1.4b' });
  });

  it('K-TERM-9 the turn ends only when the last card is done; K-5.6e then the end of turn; the next turn reshuffles', () => {
    const g = newGame(scenario, table, scripted(...keepOrder(5), ...keepOrder(5)));
    must(g, { type: 'BEGIN_TURN', side: 'whites' });
    // The cards machine refuses them: the next card is due (K-2.1b).
    expect(g.dispatch({ type: 'END_TURN', side: 'whites' })).toMatchObject({ ok: false, rule: 'K-2.1b', reason: 'not now: the next card has to be drawn' });
    expect(g.dispatch({ type: 'BEGIN_TURN', side: 'whites' })).toMatchObject({ ok: false, rule: 'K-2.1b', reason: 'not now: the next card has to be drawn' });
    for (const [id, side] of [['w1', 'whites'], ['w2', 'whites'], ['wl', 'whites'], ['r1', 'reds'], ['r2', 'reds']] as const) {
      must(g, { type: 'DRAW_CARD', side: 'whites' });
      must(g, { type: 'PASS', side, unitId: id });
    }
    expect(phaseOf(reading(g)).kind).toBe('turn-end');
    const end = must(g, { type: 'END_TURN', side: 'whites' });
    expect(end.map((e) => e.type)).toEqual(['TURN_ENDED']);
    expect(phaseOf(reading(g))).toMatchObject({ kind: 'between-turns', turn: 1 });
    must(g, { type: 'BEGIN_TURN', side: 'whites' });
    expect(g.state.seq.round).toBe(2);
    expect(Object.values(reading(g).units).every((u) => !hasActivated(reading(g), u.id))).toBe(true);
    expect(seqOf(g).acted).toEqual([]);
  });
});
