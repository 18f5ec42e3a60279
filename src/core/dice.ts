// Dice: every random number of a game comes from here. Seeded dice keep a serializable state so
// a saved game replays the very same rolls; scripted dice feed tests their exact values.
import { xoroshiro128plus, xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';

export interface Roll {
  sides: number;
  value: number;
  /** What the roll is for, in words ("shooting test", "wound test of f3"). */
  purpose: string;
  /** The rule id it serves, e.g. "K-5.3". */
  rule: string;
}

export interface Dice {
  roll(sides: number, purpose: string, rule: string): number;
  /** Every roll made through this object, in order. */
  readonly rolls: readonly Roll[];
}

export class DiceError extends Error {
  override name = 'DiceError';
}

function check(sides: number): void {
  if (!Number.isInteger(sides) || sides < 2) throw new DiceError(`a die needs a whole number of sides ≥ 2, got ${sides}`);
}

/** Seeded dice; `state` continues a sequence exactly where a previous one stopped. */
export class SeededDice implements Dice {
  private rng;
  readonly rolls: Roll[] = [];

  constructor(seed: number, state?: readonly number[]) {
    this.rng = state ? xoroshiro128plusFromState(state) : xoroshiro128plus(seed);
  }

  roll(sides: number, purpose: string, rule: string): number {
    check(sides);
    const value = uniformInt(this.rng, 1, sides);
    this.rolls.push({ sides, value, purpose, rule });
    return value;
  }

  /**
   * The generator's state now: pure-rand's getState builds a fresh array each call (the dice's own
   * numbers are not in it), so it is handed on without another copy (tests/unit/dice-state.test.ts
   * checks that a state taken stays the same over later rolls).
   */
  state(): number[] {
    return this.rng.getState() as number[];
  }
}

/** Dice that return the given values in order; a test fails loudly when it asks for more or a wrong die. */
export class ScriptedDice implements Dice {
  readonly rolls: Roll[] = [];
  private next = 0;

  constructor(private readonly values: readonly number[]) {}

  roll(sides: number, purpose: string, rule: string): number {
    check(sides);
    const value = this.values[this.next];
    if (value === undefined) throw new DiceError(`scripted dice ran out at roll ${this.next + 1} (${purpose}, ${rule})`);
    if (!Number.isInteger(value) || value < 1 || value > sides) throw new DiceError(`scripted value ${value} is not a face of a d${sides} (${purpose}, ${rule})`);
    this.next++;
    this.rolls.push({ sides, value, purpose, rule });
    return value;
  }

  get remaining(): number {
    return this.values.length - this.next;
  }
}
