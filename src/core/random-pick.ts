// Seeded random picking for players: a weighted pick of a command kind (its weighting key), then
// of one command of that kind, over a built list or over candidate groups built only on demand; and
// the random player made of it. Neutral: each ruleset's player gives the keys and their weights.
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import type { Command } from './play-view-types';
import type { Player, PlayerChoice, PlayerView, Refusal } from './player';

export type Rng = { next(n: number): number };

/** Candidates that may hold commands of the weighting keys `keys`, built only when one of those is picked. */
export interface CandidateGroup<C extends Command = Command> {
  keys: readonly string[];
  /** All the group's commands (one offered several times, to weigh it, comes as a run of copies). */
  build: () => C[];
  /**
   * The same commands one at a time, weighed before any is built: when given, random play uses these
   * instead of `build` and builds only the candidate it picks (planning a move costs far more than weighing it).
   */
  candidates?: () => ReadonlyArray<LazyCandidate<C>>;
  /**
   * A cheap look at one of the group's picked commands before it is dispatched: true when the rules
   * would surely refuse it. It is then dropped as a refusal would drop it (same picks, same games)
   * without the rules' full check.
   */
  sureRefusal?: (c: C) => boolean;
  /**
   * Told of one of the group's commands the rules refused after dispatch (their answer): a player that
   * learns from it (a later sureRefusal) saves the rules the same check again.
   */
  refused?: (c: C, why: { reason: string; rule?: string }) => void;
}

/** One command of a group, built only when picked. */
export interface LazyCandidate<C extends Command = Command> {
  /** The built command's weighting key (as the player's keyOf gives it). */
  key: string;
  /** How many times it counts among its key's commands (a whole number; as many copies as `build` of the group would give). */
  weight: number;
  /** The command, or undefined when there is none after all (then another is picked). */
  build: () => C | undefined;
  /**
   * The built command's own weight, when `weight` was only an estimate made before building it (meant
   * not to be below it): the pick is then kept with probability weigh / weight, else another is picked,
   * so that the picks follow the built commands' own weights.
   */
  weigh?: (c: C) => number;
}

export function createRng(seed: number): Rng {
  const g = xoroshiro128plus(seed | 0);
  return { next: (n) => uniformInt(g, 0, n - 1) };
}

/**
 * Pick one command: first a weighting key (keyOf), weighted so that forty candidates of one kind do
 * not drown the lone one of another, then one command of that key, uniformly.
 */
export function pickRandomCommand<C extends Command>(commands: readonly C[], rng: Rng, weights: Readonly<Record<string, number>>, keyOf: (c: C) => string): C {
  const type = pickKey([...new Set(commands.map(keyOf))], rng, weights);
  const ofType = commands.filter((c) => keyOf(c) === type);
  return ofType[rng.next(ofType.length)]!;
}

/** One weighting key among `types`, by weight (integer resolution keeps the pick reproducible on every platform). */
function pickKey(types: readonly string[], rng: Rng, weights: Readonly<Record<string, number>>): string {
  // Loops, no weights list: asked at every pick (the same sum in the same order).
  let total = 0;
  for (const k of types) total += weights[k] ?? 1;
  let t = rng.next(Math.max(1, Math.round(total * 1000))) / 1000;
  let type = types[types.length - 1]!;
  for (let i = 0; i < types.length; i++) {
    t -= weights[types[i]!] ?? 1;
    if (t < 0) {
      type = types[i]!;
      break;
    }
  }
  return type;
}

/**
 * The same pick over lazily built groups: a key among those still possible (candidates left, or an
 * unbuilt group that may hold it), then the groups that may hold it are built — a group with
 * `candidates` only weighed, its candidates built one at a time as they are picked — and one of the
 * key's commands is picked by weight; a key that turns out empty is dropped and another picked, so the
 * keys are weighted as pickRandomCommand weighs the built list. `drop` takes a refused command out;
 * `pick` returns undefined when none is left.
 */
export class LazyCandidates<C extends Command> {
  // One of these per pick: no Map for a handful of keys, and the two per-command Maps only made when
  // a group has a check or a hook (most picks' groups, the ready-made ones, have none).
  /** The keys met so far, in order of first appearance, and each key's candidates (same index): built commands, or lazy ones not built yet, with their weights. */
  private readonly poolKeys: string[] = [];
  private readonly pools: Array<Array<Entry<C>>> = [];
  private readonly pending: Array<CandidateGroup<C>>;
  /** The sureRefusal check of each built command's group. */
  private checks: Map<C, (c: C) => boolean> | undefined;
  /** The refused hook of each built command's group that has one. */
  private learners: Map<C, (c: C, why: { reason: string; rule?: string }) => void> | undefined;

  constructor(groups: ReadonlyArray<CandidateGroup<C>>, private readonly rng: Rng, private readonly weights: Readonly<Record<string, number>>, private readonly keyOf: (c: C) => string) {
    this.pending = [...groups];
  }

  pick(): C | undefined {
    for (;;) {
      const keys: string[] = [];
      for (let i = 0; i < this.pools.length; i++) if (this.pools[i]!.length) keys.push(this.poolKeys[i]!);
      for (const g of this.pending) for (const k of g.keys) if (!keys.includes(k)) keys.push(k);
      if (!keys.length) return undefined;
      const key = pickKey(keys, this.rng, this.weights);
      this.open(key);
      const c = this.pickOf(key);
      if (c) return c;
      const i = this.poolKeys.indexOf(key);
      if (i >= 0) this.pools[i] = [];
    }
  }

  /** Would the rules surely refuse this picked command (its group's sureRefusal)? */
  surelyRefused(c: C): boolean {
    const check = this.checks?.get(c);
    return !!check && check(c);
  }

  /** Tell the command's group that the rules refused it (CandidateGroup.refused). */
  refused(c: C, why: { reason: string; rule?: string }): void {
    this.learners?.get(c)?.(c, why);
  }

  drop(c: C): void {
    // Every copy: a candidate offered several times (to weigh it) is one refusal.
    const k = this.keyOf(c);
    const i = this.poolKeys.indexOf(k);
    if (i >= 0) this.pools[i] = this.pools[i]!.filter((e) => e.command !== c);
  }

  private poolOf(key: string): Array<Entry<C>> {
    const i = this.poolKeys.indexOf(key);
    if (i >= 0) return this.pools[i]!;
    const pool: Array<Entry<C>> = [];
    this.poolKeys.push(key);
    this.pools.push(pool);
    return pool;
  }

  private learn(c: C, check: ((c: C) => boolean) | undefined, learn: ((c: C, why: { reason: string; rule?: string }) => void) | undefined): void {
    if (check) (this.checks ??= new Map()).set(c, check);
    if (learn) (this.learners ??= new Map()).set(c, learn);
  }

  /** Build (or weigh) the pending groups that may hold `key`. */
  private open(key: string): void {
    for (let i = 0; i < this.pending.length;) {
      const g = this.pending[i]!;
      if (!g.keys.includes(key)) { i++; continue; }
      this.pending.splice(i, 1);
      if (g.candidates) {
        for (const lazy of g.candidates()) {
          const weight = Math.round(lazy.weight);
          if (weight >= 1) this.poolOf(lazy.key).push({ weight, lazy, check: g.sureRefusal, learn: g.refused });
        }
        continue;
      }
      // A command weighed by being offered several times comes as a run of copies: one entry, looked at once.
      let prev: C | undefined;
      let entry: Entry<C> | undefined;
      for (const c of g.build()) {
        if (c === prev) { entry!.weight++; continue; }
        prev = c;
        this.learn(c, g.sureRefusal, g.refused);
        this.poolOf(this.keyOf(c)).push((entry = { weight: 1, command: c }));
      }
    }
  }

  /** One of the key's commands by weight, building a lazy one when it is picked (undefined when none is left). */
  private pickOf(key: string): C | undefined {
    const i0 = this.poolKeys.indexOf(key);
    const pool = i0 >= 0 ? this.pools[i0] : undefined;
    while (pool?.length) {
      let total = 0;
      for (const e of pool) total += e.weight;
      let t = this.rng.next(total);
      let i = 0;
      while (t >= pool[i]!.weight) t -= pool[i++]!.weight;
      const e = pool[i]!;
      if (e.command) return e.command;
      const lazy = e.lazy!;
      e.lazy = undefined;
      const c = lazy.build();
      if (!c) { pool.splice(i, 1); continue; }
      e.command = c;
      this.learn(c, e.check, e.learn);
      if (lazy.weigh) {
        const w = Math.max(0, Math.round(lazy.weigh(c)));
        // Picked at its estimate, kept at its own weight (rejection sampling: over the retries, every
        // command is returned in proportion to its own weight as long as the estimates are not below them).
        const keep = w >= e.weight || this.rng.next(e.weight) < w;
        e.weight = w;
        if (!w) pool.splice(i, 1);
        if (!keep) continue;
      }
      return c;
    }
    return undefined;
  }
}

/** A key's candidate: built (command) or not yet (lazy), with its weight. */
interface Entry<C extends Command> {
  weight: number;
  command?: C;
  lazy?: LazyCandidate<C>;
  check?: (c: C) => boolean;
  learn?: (c: C, why: { reason: string; rule?: string }) => void;
}


export interface RandomPlayerOptions<S, C extends Command, Q, Sc> {
  /** Seed of the picking generator (the game's dice have their own seed). */
  seed: number;
  /** Relative weights by weighting key (keys not listed weigh 1). */
  weights: Readonly<Record<string, number>>;
  /** A command's weighting key. */
  keyOf: (c: C) => string;
  /**
   * Candidates in groups built on demand: the kind of command is picked first and only the groups
   * that may hold it are built (LazyCandidates). Wins over `candidates`.
   */
  groups?: (state: S, view: PlayerView<C, Q, Sc>) => ReadonlyArray<CandidateGroup<C>>;
  /** Candidates as one list; without this nor `groups`, the rules' legal commands. */
  candidates?: (state: S, view: PlayerView<C, Q, Sc>) => C[];
  /**
   * Command types among the candidates that the rules may refuse: such a pick is dropped and another
   * tried. A refusal of any other type is a bug: thrown (unless `strict` is false).
   */
  unchecked?: ReadonlySet<string>;
  strict?: boolean;
}

/** A player picking at random among candidates (or the legal commands), weighted by kind; a refused pick is dropped and another picked. */
export function randomPlayer<S, C extends Command, Q, Sc>(opts: RandomPlayerOptions<S, C, Q, Sc>): Player<S, C, Q, Sc> {
  const rng = createRng(opts.seed);
  const { weights, keyOf } = opts;
  const strict = opts.strict !== false;
  const mayRefuse = (c: C) => !!opts.unchecked?.has(c.type);
  const bug = (c: C, why: Refusal) => new Error(`a legal command was refused: ${JSON.stringify(c)} — ${why.reason}${why.rule ? ` (${why.rule})` : ''}`);
  return {
    choose(state, view): PlayerChoice<C> {
      if (opts.groups) {
        const lazy = new LazyCandidates(opts.groups(state, view), rng, weights, keyOf);
        return {
          next() {
            for (;;) {
              const c = lazy.pick();
              // What the rules would refuse after their full check: dropped as that refusal would be.
              if (c && mayRefuse(c) && lazy.surelyRefused(c)) { lazy.drop(c); continue; }
              return c;
            }
          },
          refused(c, why) {
            if (strict && !mayRefuse(c)) throw bug(c, why);
            lazy.refused(c, why);
            lazy.drop(c);
          },
        };
      }
      let options = opts.candidates ? opts.candidates(state, view) : view.legal();
      return {
        next: () => (options.length ? pickRandomCommand(options, rng, weights, keyOf) : undefined),
        refused(c, why) {
          if (strict && !mayRefuse(c)) throw bug(c, why);
          options = options.filter((x) => x !== c);
        },
      };
    },
  };
}
