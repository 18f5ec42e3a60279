// Dice for shooting tests, scripted by purpose: the deck shuffle keeps the scenario's order, every
// shooting die is a 6 (a hit), cover dice as given (then 6: no wound), wound tests and the medic's re-rolls of them as given (then 6: a scratch).
import type { Dice, Roll } from '../../src/core';
import { keepOrder } from './fixture';

export class ShotDice implements Dice {
  readonly rolls: Roll[] = [];
  private deck: number[];
  constructor(private cover: number[], private wound: number[] = [], cards = 2) {
    this.deck = keepOrder(cards);
  }
  roll(sides: number, purpose: string, rule: string): number {
    const value = /shuffle|deck/i.test(purpose) && this.deck.length ? this.deck.shift()!
      : purpose.startsWith('cover test') ? this.cover.shift() ?? 6
        : purpose.includes('wound test') ? this.wound.shift() ?? 6
          : 6;
    this.rolls.push({ sides, value, purpose, rule });
    return value;
  }
}
