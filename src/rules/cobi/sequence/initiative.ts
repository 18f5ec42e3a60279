// C-3.0a/b, C-3.0d, C-3.2f the initiative roll: each side rolls its dice and sums them; the higher sum
// wins, a tie is rolled again until one side is higher. Pure: the dice come in.
import type { Dice } from '../../../core';

export interface InitiativeSide {
  readonly id: string;
  readonly name: string;
  /** Players on the side (C-3.0d team play); 1 when the scenario names none. */
  readonly players: number;
}

export interface InitiativeResult {
  readonly winner: string;
  /** Each try's sums, side by side in the sides' order (more than one when a tie was rolled again). */
  readonly tries: ReadonlyArray<readonly number[]>;
}

/**
 * C-3.0d every side rolls as many dice as the largest side has players (C-AMB-13: the smaller side
 * adds dice until both roll the same number); C-3.0b a tie is re-rolled, in later rounds too (C-3.2f,
 * C-AMB-2). `rule` is the id the dice cite (C-3.0a the first round, C-3.2f later ones).
 */
export function rollInitiative(dice: Dice, sides: readonly InitiativeSide[], rule: string): InitiativeResult {
  const count = Math.max(1, ...sides.map((s) => s.players));
  const tries: number[][] = [];
  for (;;) {
    const sums = sides.map((side) => {
      let sum = 0;
      for (let i = 0; i < count; i++) sum += dice.roll(6, count > 1 ? `initiative of ${side.name} (die ${i + 1} of ${count})` : `initiative of ${side.name}`, rule);
      return sum;
    });
    tries.push(sums);
    const top = Math.max(...sums);
    if (sums.filter((x) => x === top).length === 1) return { winner: sides[sums.indexOf(top)]!.id, tries };
  }
}

/** The tries as a player reads them: "4–4, re-rolled: 5–2". */
export function triesText(tries: InitiativeResult['tries']): string {
  return tries.map((t) => t.join('–')).join(', re-rolled: ');
}
