// The activation deck (K-2.1): one card per unit and per leader, shuffled with the game's dice at the
// start of each turn, drawn one at a time; a card whose unit already acted is spent (K-2.0b, K-2.2b/e).
import type { Dice } from '../../../core';
import type { KReading, KState, KUnit } from '../state';
import { fev, type FlowEvent } from './flow-state';
import { hasActivated } from '../acted';

const GONE: ReadonlySet<KUnit['status']> = new Set(['surrendered', 'withdrawn', 'destroyed']);

/** A figure of the unit still fighting on the table (not removed, not heading for the rear). */
function fighting(s: KState, figureId: string): boolean {
  const f = s.figures[figureId];
  return !!f && !f.removed && !f.evacuation;
}

/** The unit still has a soldier on the table (a joined leader counts by his own figure in the group). */
export function unitOnTable(s: KState, u: KUnit): boolean {
  if (GONE.has(u.status)) return false;
  // Loops rather than some() with a closure: asked for many units after every decision.
  const ids = u.figures;
  for (let i = 0; i < ids.length; i++) if (fighting(s, ids[i]!)) return true;
  if (u.kind === 'leader' && u.joinedTo) {
    const group = s.units[u.joinedTo];
    if (!group || GONE.has(group.status)) return false;
    for (const id of group.figures) if (s.figures[id]?.homeUnitId === u.id && fighting(s, id)) return true;
  }
  return false;
}

/**
 * K-2.1a every unit and every leader has its own card; a joined leader keeps his (K-1.4b, K-2.2d);
 * a survivor or remnant that joined another unit has none of its own any more (K-1.2); a
 * covering-fire half acts on its parent's card (K-1.1, K-AMB-2 house `splitActsOnOneCard`).
 */
export function hasCard(s: KState, u: KUnit): boolean {
  if (!unitOnTable(s, u)) return false;
  if (u.splitFrom && s.house.splitActsOnOneCard) return false;
  if (u.joinedTo && u.kind !== 'leader') return false;
  return true;
}

/** The cards of a new turn, in the scenario's unit order (before the shuffle). */
export function deckCards(s: KState): string[] {
  return Object.values(s.units).filter((u) => hasCard(s, u)).map((u) => u.id);
}

/** K-2.1b shuffle (Fisher–Yates) with the game's dice, so a replay deals the same order. */
export function shuffleDeck(cards: readonly string[], dice: Dice, turn: number): string[] {
  const deck = [...cards];
  for (let i = deck.length - 1; i > 0; i--) {
    const j = dice.roll(i + 1, `shuffle the activation deck (turn ${turn}, card ${deck.length - i} of ${deck.length})`, 'K-2.1b') - 1;
    [deck[i], deck[j]] = [deck[j]!, deck[i]!];
  }
  return deck;
}

export function shuffleEvents(s: KState, dice: Dice, turn: number): FlowEvent[] {
  const order = shuffleDeck(deckCards(s), dice, turn);
  return [fev('DECK_SHUFFLED', 'K-2.1b', `Turn ${turn}: ${order.length} activation cards shuffled into the deck`, { turn, order })];
}

/** K-2.1b the log's line for a card drawn (`left`: the cards left after it). */
export function cardDrawnText(s: KReading, unitId: string, left: number): string {
  return `Card drawn: ${s.units[unitId]?.name ?? unitId} (${left} left)`;
}

export type DrawOutcome =
  | { kind: 'spent'; reason: 'activated' | 'gone' | 'joined'; rule: string; text: string }
  | { kind: 'offer' };

/** What a drawn card does: offer its unit an activation, or nothing (a spent card). */
export function drawOutcome(s: KReading, unitId: string): DrawOutcome {
  const u = s.units[unitId];
  if (u?.joinedTo && u.kind !== 'leader') return { kind: 'spent', reason: 'joined', rule: 'K-1.2a', text: `${u.name} has joined another unit: the card is spent` };
  if (!u || !unitOnTable(s, u)) return { kind: 'spent', reason: 'gone', rule: 'K-2.1a', text: `${u?.name ?? unitId} is no longer on the table: the card is spent` };
  if (hasActivated(s, u.id)) {
    const rule = u.kind === 'leader' ? 'K-2.2b' : 'K-2.0b';
    return { kind: 'spent', reason: 'activated', rule, text: `${u.name} has already activated this turn: the card is spent` };
  }
  if (u.kind === 'leader' && u.joinedTo) {
    const group = s.units[u.joinedTo];
    // K-2.2e a leader still with a group that has acted went with it (he did not leave): his card is
    // skipped; K-1.4b a bound leader's squad activates on either card.
    if (group && hasActivated(s, group.id)) {
      const rule = group.boundLeaders.includes(u.id) ? 'K-1.4b' : 'K-2.2e';
      return { kind: 'spent', reason: 'activated', rule, text: `${group.name} already activated with ${u.name}: his card is spent` };
    }
  }
  return { kind: 'offer' };
}
