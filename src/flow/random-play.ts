// Random legal play: pick among the ruleset's legal commands with a seeded generator (weighted by
// command type so that units act more often than they pass), until the game ends. For tests, the
// CLI and the games benchmark; the picks are recorded in the session like any player's commands.
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import type { Command, GameEvent, GameSession, VictoryResult } from '../game';

/** Relative weights by command type (types not listed weigh 1). */
export const DEFAULT_WEIGHTS: Readonly<Record<string, number>> = {
  ACTIVATE: 8, READY: 1, PASS: 0.5, COMMAND: 2,
  // A unit that may move usually does (and charges when it can reach the enemy); ending an activation
  // with nothing done stays possible but rare.
  MOVE: 8, 'MOVE:charge': 8, SHOOT: 5, END_ACTIVATION: 0.5,
};

/** The weighting key of a command: its type, with `:mode` for a charge (so a charge is not one move among forty). */
export const keyOf = (c: Command) => (c.mode === 'charge' ? `${c.type}:charge` : c.type);

export interface RandomPlayOptions {
  /** Seed of the picking generator (the game's dice have their own seed). */
  seed: number;
  /** Stop after this many commands (a safety net; every game ends by its turn limit). */
  maxCommands?: number;
  weights?: Readonly<Record<string, number>>;
  /** A legal command the rules refuse is a bug: throw (default) or skip it. */
  strict?: boolean;
  /**
   * Cheaper candidates to pick from instead of the session's legal commands (e.g. the ruleset's
   * candidateCommands): those of `unchecked` types may be refused — the pick is then dropped and
   * another tried; any other refusal is still a bug.
   */
  candidates?: () => Command[];
  /**
   * The same candidates in groups built on demand (e.g. the ruleset's candidateGroups): the kind of
   * command is picked first and only the groups that may hold it are built. Wins over `candidates`.
   */
  groups?: () => ReadonlyArray<CandidateGroup<Command>>;
  unchecked?: ReadonlySet<string>;
  /** Called after each accepted command. */
  onCommand?: (command: Command, events: readonly GameEvent[]) => void;
}

export type Rng = { next(n: number): number };

/** Candidates that may hold commands of the weighting keys `keys`, built only when one of those is picked. */
export interface CandidateGroup<C extends Command = Command> {
  keys: readonly string[];
  build: () => C[];
  /**
   * A cheap look at one of the group's picked commands before it is dispatched: true when the rules
   * would surely refuse it. It is then dropped as a refusal would drop it (same picks, same games)
   * without the rules' full check.
   */
  sureRefusal?: (c: C) => boolean;
}

export function createRng(seed: number): Rng {
  const g = xoroshiro128plus(seed | 0);
  return { next: (n) => uniformInt(g, 0, n - 1) };
}

/**
 * Pick one command: first a command type (a charge counts as its own), weighted so that forty
 * candidate moves do not drown the one END_ACTIVATION, then one command of that type, uniformly.
 */
export function pickRandomCommand<C extends Command>(commands: readonly C[], rng: Rng, weights: Readonly<Record<string, number>> = DEFAULT_WEIGHTS): C {
  const type = pickKey([...new Set(commands.map(keyOf))], rng, weights);
  const ofType = commands.filter((c) => keyOf(c) === type);
  return ofType[rng.next(ofType.length)]!;
}

/** One weighting key among `types`, by weight (integer resolution keeps the pick reproducible on every platform). */
function pickKey(types: readonly string[], rng: Rng, weights: Readonly<Record<string, number>>): string {
  const w = types.map((t) => weights[t] ?? 1);
  const total = w.reduce((a, b) => a + b, 0);
  let t = rng.next(Math.max(1, Math.round(total * 1000))) / 1000;
  let type = types[types.length - 1]!;
  for (let i = 0; i < types.length; i++) {
    t -= w[i]!;
    if (t < 0) {
      type = types[i]!;
      break;
    }
  }
  return type;
}

/**
 * The same pick over lazily built groups: a key among those still possible (built lists not empty,
 * or an unbuilt group that may hold it), then the groups that may hold it are built; a key that
 * turns out empty is dropped and another picked, so the keys are weighted as pickRandomCommand
 * weighs the built list. `drop` takes a refused command out; `pick` returns undefined when none is left.
 */
export class LazyCandidates<C extends Command> {
  private readonly built = new Map<string, C[]>();
  private readonly pending: Array<CandidateGroup<C>>;
  /** The sureRefusal check of each built command's group. */
  private readonly checks = new Map<C, (c: C) => boolean>();

  constructor(groups: ReadonlyArray<CandidateGroup<C>>, private readonly rng: Rng, private readonly weights: Readonly<Record<string, number>> = DEFAULT_WEIGHTS) {
    this.pending = [...groups];
  }

  pick(): C | undefined {
    for (;;) {
      const keys: string[] = [];
      for (const [k, list] of this.built) if (list.length) keys.push(k);
      for (const g of this.pending) for (const k of g.keys) if (!keys.includes(k)) keys.push(k);
      if (!keys.length) return undefined;
      const key = pickKey(keys, this.rng, this.weights);
      for (let i = 0; i < this.pending.length;) {
        const g = this.pending[i]!;
        if (!g.keys.includes(key)) { i++; continue; }
        this.pending.splice(i, 1);
        // A command weighed by being offered several times comes as a run of copies: looked at once.
        let prev: C | undefined;
        let list: C[] = [];
        for (const c of g.build()) {
          if (c !== prev) {
            prev = c;
            if (g.sureRefusal) this.checks.set(c, g.sureRefusal);
            const k = keyOf(c);
            const known = this.built.get(k);
            if (known) list = known;
            else this.built.set(k, (list = []));
          }
          list.push(c);
        }
      }
      const list = this.built.get(key);
      if (list?.length) return list[this.rng.next(list.length)]!;
      this.built.set(key, []);
    }
  }

  /** Would the rules surely refuse this picked command (its group's sureRefusal)? */
  surelyRefused(c: C): boolean {
    const check = this.checks.get(c);
    return !!check && check(c);
  }

  drop(c: C): void {
    // Every copy: a candidate offered several times (to weigh it) is one refusal.
    const k = keyOf(c);
    const list = this.built.get(k);
    if (list) this.built.set(k, list.filter((x) => x !== c));
  }
}

export interface RandomGame {
  commands: number;
  refused: number;
  result: VictoryResult | undefined;
}

/** Play random legal commands on a session until the game ends (or maxCommands). */
export function playRandomGame<S, C extends Command, E extends GameEvent, Q>(session: GameSession<S, C, E, Q>, opts: RandomPlayOptions): RandomGame {
  const rng = createRng(opts.seed);
  const max = opts.maxCommands ?? 20_000;
  let n = 0;
  let refused = 0;
  while (n < max && !session.victory()) {
    if (opts.groups) {
      const lazy = new LazyCandidates(opts.groups(), rng, opts.weights);
      let c: Command | undefined;
      while ((c = lazy.pick())) {
        if (opts.unchecked?.has(c.type) && lazy.surelyRefused(c)) {
          // What the rules would refuse after their full check: dropped as that refusal would be.
          refused++;
          lazy.drop(c);
          continue;
        }
        const r = session.dispatch(c as C);
        if (r.ok) {
          n++;
          opts.onCommand?.(c, r.events);
          break;
        }
        refused++;
        if (opts.strict !== false && !opts.unchecked?.has(c.type)) throw new Error(`a legal command was refused: ${JSON.stringify(c)} — ${r.reason}${r.rule ? ` (${r.rule})` : ''}`);
        lazy.drop(c);
      }
      if (!c) break;
      continue;
    }
    let options: Command[] = opts.candidates ? opts.candidates() : session.legalCommands();
    let done = false;
    while (options.length && !done) {
      const c = pickRandomCommand(options, rng, opts.weights);
      const r = session.dispatch(c as C);
      if (r.ok) {
        done = true;
        n++;
        opts.onCommand?.(c, r.events);
      } else {
        refused++;
        if (opts.strict !== false && !opts.unchecked?.has(c.type)) throw new Error(`a legal command was refused: ${JSON.stringify(c)} — ${r.reason}${r.rule ? ` (${r.rule})` : ''}`);
        options = options.filter((x) => x !== c);
      }
    }
    if (!done) break;
  }
  return { commands: n, refused, result: session.victory() };
}
