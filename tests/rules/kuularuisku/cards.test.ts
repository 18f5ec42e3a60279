// K-2.1 activation cards from the rules' side: which units hold a card, the deck as plain unit ids
// (any cards will do), and what drawing one means for the state (K-TERM-1, K-TERM-2).
import { describe, expect, it } from 'vitest';
import { SeededDice } from '../../../src/core';
import { deckCards, shuffleDeck } from '../../../src/rules/kuularuisku/activation';
import { line, stateWith } from './fixture';
import { hasActivated } from '../../../src/rules/kuularuisku/acted';
import { foldRead } from './reading';

const s0 = stateWith([
  { id: 'sq', at: line(10, 80, 3) },
  { id: 'lt', type: 'leader', at: [[16, 80]], data: { joinedTo: 'sq' } },
  { id: 'cpt', type: 'leader', at: [[10, 60]] },
  { id: 'bs', side: 'blue', at: line(60, 80, 3) },
]);

describe('K-2.1 activation cards', () => {
  it('K-2.1 K-TERM-1 every unit and every leader has a card, a joined leader too; the deck is shuffled and drawn one by one', () => {
    expect(deckCards(s0)).toEqual(['sq', 'lt', 'cpt', 'bs']);
    const a = shuffleDeck(deckCards(s0), new SeededDice(7), 1);
    const b = shuffleDeck(deckCards(s0), new SeededDice(7), 1);
    expect(a).toEqual(b);
    expect([...a].sort()).toEqual(['bs', 'cpt', 'lt', 'sq']);
  });

  it('K-2.1c the cards are plain tokens naming units (special cards or playing cards with a note both work)', () => {
    const deck = deckCards(s0);
    const playingCards = ['A♠', 'K♥', 'Q♦', 'J♣'];
    const note = Object.fromEntries(deck.map((id, i) => [playingCards[i]!, id]));
    const shuffled = shuffleDeck(playingCards, new SeededDice(3), 1).map((c) => note[c]!);
    expect([...shuffled].sort()).toEqual([...deck].sort());
  });

  it('K-TERM-2 K-2.0b a drawn card makes its unit activate once: it acts, and afterwards it has activated for the turn', () => {
    // Folded as in play (the table's fold, then the cards machine): a turn dealt one card, sq's, drawn.
    let s = foldRead(s0, [
      { type: 'TURN_STARTED', rule: 'K-2.1b', text: '', turn: 1 },
      { type: 'DECK_SHUFFLED', rule: 'K-2.1b', text: '', turn: 1, order: ['sq'], round: 1, deck: ['sq'] },
      { type: 'CARD_DRAWN', rule: 'K-2.1b', text: '', unitId: 'sq', left: 0, card: 'sq', unit: 'sq' },
      { type: 'ACTIVATION_STARTED', rule: 'K-2.1b', text: '', unitId: 'sq', units: ['sq', 'lt'], via: 'card' },
    ]);
    expect(s.activation).toMatchObject({ unitId: 'sq', units: ['sq', 'lt'], phase: 'none' });
    s = foldRead(s, [{ type: 'ACTIVATION_ENDED', rule: 'K-2.0b', text: '', unitId: 'sq', units: ['sq', 'lt'] }]);
    expect([hasActivated(s, 'sq'), hasActivated(s, 'lt'), hasActivated(s, 'cpt')]).toEqual([true, true, false]);
    expect(s.activation).toBeUndefined();
    s = foldRead(s, [
      { type: 'TURN_ENDED', rule: 'K-TERM-9', text: '', turn: 1, expiredReadiness: [], lapsed: [] },
      { type: 'TURN_STARTED', rule: 'K-2.1b', text: '', turn: 2 },
      { type: 'DECK_SHUFFLED', rule: 'K-2.1b', text: '', turn: 2, order: ['sq'], round: 2, deck: ['sq'] },
    ]);
    expect(hasActivated(s, 'sq')).toBe(false);
  });
});
