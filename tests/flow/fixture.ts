// A small Kuularuisku table for flow tests: open ground 120 × 80 cm, Whites in the west, Reds in the
// east, squads of three in a line (1.5 cm apart), leaders placed for the K-2.2 15 cm command tests.
import { createBattlefield, type Battlefield } from '../../src/battlefield';
import { ScriptedDice, type Dice } from '../../src/core';
import { playableModule } from '../../src/flow';
import { GameSession, type Command, type GameEvent } from '../../src/game';
import { kuularuiskuModule } from '../../src/rules/kuularuisku';
import { kuularuiskuSequence } from '../../src/rules/kuularuisku/sequence';
import type { KSequenced } from '../../src/rules/kuularuisku/sequence/program';
import { evolveK, setupK, type KReading, type KState } from '../../src/rules/kuularuisku/engine';
import { readGame } from '../rules/kuularuisku/reading';

export { foldPlayed } from '../rules/kuularuisku/reading';
import { validateScenario, type Scenario } from '../../src/scenario';

export interface UnitSpec {
  id: string;
  side: 'whites' | 'reds';
  at: [number, number];
  size?: number;
  leader?: boolean;
  data?: Record<string, unknown>;
  /** Figures' starting states (their data.start) by figure number: 1 is `${id}_1`. */
  figureStart?: Record<number, Record<string, unknown>>;
}

export const DEFAULT_UNITS: UnitSpec[] = [
  { id: 'w1', side: 'whites', at: [20, 30] },
  { id: 'w2', side: 'whites', at: [20, 50] },
  { id: 'wl', side: 'whites', at: [26, 40], leader: true },
  { id: 'r1', side: 'reds', at: [100, 30] },
  { id: 'r2', side: 'reds', at: [100, 50] },
];

/** A scenario with these units (each squad a line of figures 1.5 cm apart along z). */
export function flowScenario(units: UnitSpec[] = DEFAULT_UNITS, extra: Partial<Scenario> = {}): Scenario {
  const data = {
    format: 1,
    id: 'flow-fixture',
    ruleset: 'kuularuisku',
    title: 'Flow fixture',
    table: { width: 120, depth: 80 },
    features: [],
    sides: [
      { id: 'whites', name: 'Whites', edge: 'west' },
      { id: 'reds', name: 'Reds', edge: 'east' },
    ],
    units: units.map((u) => ({
      id: u.id,
      side: u.side,
      name: u.leader ? `Leader ${u.id}` : `Squad ${u.id}`,
      type: u.leader ? 'leader' : 'infantry',
      profile: u.leader ? 'officer' : 'rifleman',
      figures: Array.from({ length: u.leader ? 1 : u.size ?? 3 }, (_, i) => ({
        id: `${u.id}_${i + 1}`, at: [u.at[0], u.at[1] + i * 1.5], ...(u.figureStart?.[i + 1] ? { data: { start: u.figureStart[i + 1] } } : {}),
      })),
      ...(u.data ? { data: u.data } : {}),
    })),
    turnLimit: 3,
    ...extra,
  };
  const r = validateScenario(data, 'flow-fixture');
  if (!r.ok) throw new Error(r.issues.map((i) => `${i.path}: ${i.message}`).join('\n'));
  return r.scenario;
}

let tablePromise: Promise<Battlefield> | undefined;

/** The fixture's battlefield (open ground, built once per test file). */
export function flowTable(scenario: Scenario = flowScenario()): Promise<Battlefield> {
  if (scenario.features.length === 0 && scenario.table.width === 120) return (tablePromise ??= createBattlefield(scenario));
  return createBattlefield(scenario);
}

/** Dice that leave a shuffled deck of n cards in its scenario order (Fisher–Yates swaps nothing). */
export function keepOrder(n: number): number[] {
  const out: number[] = [];
  for (let i = n - 1; i > 0; i--) out.push(i + 1);
  return out;
}

/** Dice that deal `cards` (the scenario order) into the deck order `wanted` (Fisher–Yates backwards). */
export function arrange(cards: readonly string[], wanted: readonly string[]): number[] {
  const deck = [...cards];
  const out: number[] = [];
  for (let i = deck.length - 1; i > 0; i--) {
    const j = deck.indexOf(wanted[i]!);
    out.push(j + 1);
    [deck[i], deck[j]] = [deck[j]!, deck[i]!];
  }
  return out;
}

export const CARDS = ['w1', 'w2', 'wl', 'r1', 'r2'];

/** Kuularuisku as it is played: the rules and the cards machine composed (`playableModule`). */
export const played = playableModule(kuularuiskuModule);

/** The composed module starting from a prepared position (`setup`), or as played. */
export function playedFrom(setup?: (scenario: Scenario) => KState) {
  return setup ? playableModule({ ...kuularuiskuModule, sequence: { ...kuularuiskuSequence, rules: { ...kuularuiskuSequence.rules, setup: (sc) => setup(sc) } } }) : played;
}

/** A game of the composed module (state `{ table, seq }`), from the scenario or a prepared position (`setup`). */
export function newPlayedGame(scenario: Scenario, table: Battlefield, dice?: Dice, setup?: (scenario: Scenario) => KState) {
  return new GameSession<KSequenced, Command, GameEvent, unknown>({ ruleset: playedFrom(setup).ruleset, scenario, table, seed: 7, ...(dice ? { dice } : {}) });
}

export type KPlayedSession = ReturnType<typeof newPlayedGame>;

/** A game as it is played (the composed module); the name the rules' flow tests use. */
export const newGame = newPlayedGame;
export type KSession = KPlayedSession;

/** Dispatch and fail loudly on a refusal (tests of legal sequences). */
export function must(g: KPlayedSession, command: Record<string, unknown> & { type: string }) {
  const r = g.dispatch(command as never);
  if (!r.ok) throw new Error(`${command.type} refused: ${r.reason} (${r.rule ?? 'no rule'})`);
  return r.events;
}

export function scripted(...values: number[]): ScriptedDice {
  return new ScriptedDice(values);
}

/** The game's table as the rules read it: its records and the machine's sequence (rulesTable). */
export function reading(g: KSession): KReading {
  return readGame(g.state);
}

/**
 * The events of a turn begun with this deck and its first card drawn, in the rules' words with the
 * machine's fields (round, deck; card, unit), for `foldPlayed` to bring a game to that card's offer.
 */
export function firstCardDrawn(deck: readonly string[], turn = 1): Array<Record<string, unknown> & { type: string }> {
  return [
    { type: 'TURN_STARTED', rule: 'K-2.1b', text: '', turn },
    { type: 'DECK_SHUFFLED', rule: 'K-2.1b', text: '', turn, order: [...deck], round: turn, deck: [...deck] },
    { type: 'CARD_DRAWN', rule: 'K-2.1b', text: '', unitId: deck[0], left: deck.length - 1, card: deck[0], unit: deck[0] },
  ];
}

/** The game's sequence as the cards machine holds it (deck, drawn, acted, the unit offered, readiness). */
export function seqOf(g: KSession): KSequenced['seq'] {
  return g.state.seq;
}

/** Scripted dice that go on with one value once the script is used up (for long rule sequences). */
export class ThenDice implements Dice {
  readonly rolls: Array<{ sides: number; value: number; purpose: string; rule: string }> = [];
  private i = 0;
  constructor(private readonly values: readonly number[], private readonly then: number) {}
  roll(sides: number, purpose: string, rule: string): number {
    const v = Math.min(sides, this.values[this.i++] ?? this.then);
    this.rolls.push({ sides, value: v, purpose, rule });
    return v;
  }
}

/**
 * A prepared starting position for the real rules: the setup folds these events (statuses the rules
 * reach only after turns of play: pinned, routing, locked in melee …) into the scenario's state, so
 * the session's initial state — and every replay — starts from there.
 */
export function preparedSetup(...events: Array<Record<string, unknown> & { type: string }>): (scenario: Scenario) => KState {
  return (scenario) => events.reduce((s, e) => evolveK(s, { rule: 'test', text: 'prepared', ...e } as never), setupK(scenario));
}
