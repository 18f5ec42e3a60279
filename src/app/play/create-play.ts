// The play controller: one game of a scenario on a built battlefield — a GameSession (the record and
// the truth; a sequenced ruleset's machine runs in its fold, so every command goes to it), the HUD model
// re-published after each command, the log, the rules panel, autosave / resume, save files and the
// replay scrubber, and the game options chosen at the start (the session applies them; a save keeps
// them). The game is played on the table of the scenario as played: options that switch terrain
// (optional-terrain) get a battlefield built for them, published in `battlefield` for the view to draw;
// so does terrain the rules place during play (the session's table follows the rules' tableScenario).
// The ui and view only read the stores and call `control`.
import type { Battlefield } from '../../battlefield';
import { optionInWords, valueInWords, type Dice, type TableQueries } from '../../core';
import { cachedTable } from '../../flow';
import {
  GameSession, TableFor, describeOptions, hasOptions, parseGameOptions, sameTable, sideRefusal, tableKey,
  type Command, type GameEvent, type GameOptionChoice, type GameOptions, type PlayControl, type PlayLogLine, type PlayRuleEntry, type PlayView, type Ruleset,
} from '../../game';
import { playRulesetId } from '../../rules';
import type { Scenario } from '../../scenario';
import { createStore, type Store } from '../../view';
import { autosaveKeyFor, readSave, resumeFrom, type SaveStorage } from './saves';
import { playModuleFor, type PlayHud } from './huds';
import { NotPlayableError, notPlayableText } from './not-playable';
import { readOnly } from './replay-view';
import { builtTables, type TableLeases } from '../table-leases';

type AnySession = GameSession<unknown, Command, GameEvent, unknown>;

export interface PlayOptions {
  seed?: number;
  /** Where autosaves go (the app: localStorage); null: none. Default: localStorage when there is one. */
  storage?: SaveStorage | null;
  /** Start from the scenario's autosave when there is one (a bad one is reported in `resumed`, not used). */
  resume?: boolean;
  /** Tests inject scripted dice (such a game does not reload from a save: saves replay with the seed). */
  dice?: Dice;
  /** The game options for a new game (ignored when an autosave is resumed: it has its own). */
  options?: GameOptions;
  /** Who sits at the screen (hot seat, shared with the HUD): a step any player may take is sent as theirs. */
  seat?: Store<string | null>;
  /**
   * Builds the table of a scenario as played whose terrain differs from the file's (game options that
   * switch terrain); the app passes the battlefield module's createBattlefieldNow. Without it such
   * options are refused.
   */
  buildTable?: (played: Scenario) => Battlefield;
  /** Leases on the tables built for options (default: the app's, which the canvas drawing a table holds too). */
  tableLeases?: TableLeases<Battlefield>;
}

export interface PlayHandle {
  /** The table the game is played on (the scenario as played): the one given, or one built for options that switch terrain. */
  battlefield: Store<Battlefield>;
  view: Store<PlayView>;
  log: Store<PlayLogLine[]>;
  lastRefusal: Store<{ reason: string; rule?: string } | null>;
  rules: PlayRuleEntry[];
  control: PlayControl;
  saves: { toJson(): string; load(text: string): { ok: true } | { ok: false; message: string }; autosaveKey: string; clearAutosave(): void };
  replay: { store: Store<{ at: number | null; total: number }>; seek(eventIndex: number | null): void };
  /** The live session, to read (tests, the test hook); commands go through `control`. */
  game(): GameSession<unknown, Command, GameEvent, unknown>;
  /** What the players may choose for this scenario, and what this game was started with. */
  options: { choices: GameOptionChoice[]; chosen(): GameOptions };
  /** How `resume` went: null when not asked or no autosave was found. */
  resumed: { ok: true; commands: number } | { ok: false; message: string } | null;
  dispose(): void;
}

type Refusal = { ok: false; reason: string; rule?: string };

/** Dice for asking the rules why a command would be refused, keeping nothing. */
const probeDice: Dice = { rolls: [], roll: (sides: number) => Math.min(sides, 4) } as unknown as Dice;

function defaultStorage(): SaveStorage | null {
  const g = globalThis as { localStorage?: SaveStorage };
  try {
    return g.localStorage ?? null;
  } catch {
    return null; // storage disabled by the browser
  }
}

export function createPlay(scenario: Scenario, battlefield: Battlefield, opts: PlayOptions = {}): PlayHandle {
  const rulesetId = playRulesetId(scenario);
  const rulesetModule = playModuleFor(rulesetId);
  if (!rulesetModule) throw new Error(`${scenario.id}: no ruleset "${rulesetId}" is registered (src/rules/index.ts)`);
  const ruleset: Ruleset<unknown, Command, GameEvent, unknown> = rulesetModule.ruleset;
  // The view carries the unit distances are shown in (the scenario's displayUnit, else the module's
  // measure), so every HUD label formats them alike.
  const measure = scenario.displayUnit ? (scenario.displayUnit === 'in' ? 'inch' : 'cm') : rulesetModule.measure;
  const describe: PlayHud<unknown>['describe'] = (state, c) => ({ measure, ...rulesetModule.hud.describe(state, c) });
  const hud: PlayHud<unknown> = { ...rulesetModule.hud, describe };
  const problems = ruleset.validateScenario(scenario);
  if (problems.length) {
    throw new NotPlayableError(`${scenario.id}: not playable with ${rulesetId}: ${problems.map((p) => `${p.path}: ${p.message}`).join('; ')}`,
      notPlayableText(scenario, rulesetModule.name, problems));
  }
  if (opts.seed !== undefined && !Number.isSafeInteger(opts.seed)) throw new Error(`${scenario.id}: seed: expected a whole number, got ${opts.seed}`);
  const options = parseGameOptions(opts.options, `${scenario.id}: game options`);
  const choices = ruleset.optionChoices?.(scenario) ?? [];
  // Tables by terrain: the one given for the file's own, one built per other terrain the options make.
  const built = new Map<string, Battlefield>();
  // The game's own hold on each table it built (the canvas that draws one holds it too: table-leases.ts).
  const letGo: Array<() => void> = [];
  const leases = opts.tableLeases ?? builtTables;
  const battlefieldFor = (played: Scenario): Battlefield => {
    if (sameTable(played, scenario)) return battlefield;
    const key = tableKey(played);
    let bf = built.get(key);
    if (!bf) {
      if (!opts.buildTable) throw new Error(`${scenario.id}: these game options change the table (optional terrain): createPlay needs buildTable to build it`);
      built.set(key, (bf = opts.buildTable(played)));
      letGo.push(leases.adopt(bf));
    }
    return bf;
  };
  const tableFor = new TableFor<unknown>((played) => cachedTable(battlefieldFor(played)));
  const storage = opts.storage === undefined ? defaultStorage() : opts.storage;
  const autosaveKey = autosaveKeyFor(scenario);

  let resumed: PlayHandle['resumed'] = null;
  let session: AnySession | undefined;
  if (opts.resume && storage) {
    const r = resumeFrom(storage, autosaveKey, scenario, ruleset, tableFor);
    if (r) {
      resumed = r.ok ? { ok: true, commands: r.session.log.length } : { ok: false, message: r.message };
      if (r.ok) session = r.session;
    }
  }
  session ??= new GameSession({ ruleset, scenario, table: tableFor, seed: opts.seed ?? 1, options, optionsSource: `${scenario.id}: game options`, ...(opts.dice ? { dice: opts.dice } : {}) });
  // The scenario as played (options applied) and its table follow the session: a loaded save brings its own options.
  const tableOf = () => session!.table as TableQueries;
  const ctx = () => ({ scenario: session!.scenario, table: tableOf() });
  const shownTable = createStore<Battlefield>(battlefieldFor(session.tableScenario));
  /** The chosen options in the rules panel (scenario options first) and as the log's first line. */
  const optionRules = (): PlayRuleEntry[] => {
    const chosen = session!.options;
    return choices.filter((c) => c.kind !== 'house').map((c) => {
      const value = c.kind === 'rule' ? chosen.rules?.[c.id] ?? c.default : chosen.readings?.[c.id] ?? c.default;
      const shown = c.options?.find((o) => o.name === value);
      const title = c.kind === 'rule' ? `Game option: ${c.title} — ${value ? 'on' : 'off'} in this game` : `Game option: ${c.title} — ${shown ? optionInWords(shown) : valueInWords(value)}`;
      // The option's id stays the key (rule links, saves); players read the rule it cites and each reading's label.
      const house = { key: `${c.id}.reading`, name: 'Reading', value, options: (c.options ?? []).map((o) => ({ name: o.name, ...(o.label ? { label: o.label } : {}), value: o.name })), source: c.text };
      return { id: c.id, ref: c.rule ?? '', title, text: c.text, ...(c.kind === 'reading' ? { house } : {}) };
    });
  };
  const optionLog = (): PlayLogLine[] => (hasOptions(session!.options)
    ? [{ index: -1, commandIndex: -1, type: 'GAME_OPTIONS', text: `Game options: ${describeOptions(session!.options, choices).join('; ')}` }]
    : []);

  const view = createStore<PlayView>(hud.describe(session.state, ctx()));
  const log = createStore<PlayLogLine[]>([]);
  const lastRefusal = createStore<{ reason: string; rule?: string } | null>(resumed && !resumed.ok ? { reason: resumed.message } : null);
  const replayStore = createStore<{ at: number | null; total: number }>({ at: null, total: 0 });

  const publish = () => {
    const total = session!.events.length;
    const prev = replayStore.get();
    const shown = prev.at === null ? null : Math.min(prev.at, Math.max(0, total - 1));
    if (shown !== prev.at || total !== prev.total) replayStore.set({ at: shown, total });
    const state = shown === null ? session!.state : session!.stateAt(shown + 1);
    // Terrain placed during play (the rules' tableScenario): the table drawn is the one of the moment shown.
    const placed = session!.ruleset.tableScenario;
    if (placed) shownTable.set(battlefieldFor(placed(state, session!.scenario)));
    try {
      view.set(shown === null ? hud.describe(state, ctx()) : readOnly(hud.describe(state, ctx()), shown, total));
      log.set([...optionLog(), ...hud.log(session!.state, session!.log)]);
    } catch (err) {
      // The game itself is sound (the session holds it); only its reading failed: say so, keep the last view.
      console.error(err);
      lastRefusal.set({ reason: `the HUD could not read this position: ${err instanceof Error ? err.message : String(err)}` });
    }
  };
  const autosave = () => {
    if (!storage) return;
    try {
      storage.setItem(autosaveKey, readSave(session!));
    } catch (err) {
      lastRefusal.set({ reason: `autosave failed: ${err instanceof Error ? err.message : String(err)}` });
    }
  };
  publish();

  /**
   * The command as the player at the screen sends it: a step any player may take (a card draw) as the
   * seat's; one without a side (a hand-written test command) as the side to act's; else as it is.
   */
  const sentBy = (command: Command): Command => {
    const seat = opts.seat?.get();
    if (seat && command.side !== seat) {
      const acting = session!.actingSides(command);
      if (acting.anySide && acting.sides.includes(seat)) return { ...command, side: seat };
    }
    return session!.withSideToAct(command);
  };

  /** Why the game would refuse this side's command now (the session's own check), or undefined. */
  const sideWhy = (command: Command): Refusal | undefined => sideRefusal(session!.scenario, command, session!.actingSides(command));

  const refuse = (r: Refusal): Refusal => {
    lastRefusal.set({ reason: r.reason, ...(r.rule ? { rule: r.rule } : {}) });
    return r;
  };

  const send: PlayControl['send'] = (given) => {
    const command = sentBy(given);
    if (replayStore.get().at !== null) return refuse({ ok: false, reason: 'the table shows a past moment of the game: go back to the live game to play' });
    // The session's refusal is the rules' reason, or the sequence machine's for a step it is not at;
    // a rule that throws leaves the game as it was (the session records nothing) and says so.
    let r;
    try {
      r = session!.dispatch(command);
    } catch (err) {
      console.error(err);
      return refuse({ ok: false, reason: `the rules could not take ${command.type}: ${err instanceof Error ? err.message : String(err)}` });
    }
    if (!r.ok) return refuse({ ok: false, reason: r.reason, ...(r.rule ? { rule: r.rule } : {}) });
    lastRefusal.set(null);
    autosave();
    publish();
    return { ok: true, events: [...r.events] };
  };

  const move: PlayControl['move'] = (moves) => {
    const state = session!.state;
    const command = hud.moveCommand(state, moves);
    if (!command) return refuse({ ok: false, reason: 'no unit may move now' });
    const r = send(command);
    if (r.ok) return { ok: true };
    // The ruleset may read a refused drag as another command (e.g. a move into contact as a charge).
    const charge = hud.dragAsCharge(state, moves, r, tableOf());
    if (!charge) return r;
    const c = send(charge);
    return c.ok ? { ok: true } : c;
  };

  const check: PlayControl['check'] = (given) => {
    if (replayStore.get().at !== null) return { ok: false, reason: 'the table shows a past moment of the game' };
    const command = sentBy(given);
    const wrongSide = sideWhy(command);
    if (wrongSide) return wrongSide;
    try {
      const r = session!.ruleset.decide(session!.state, command, { ...ctx(), dice: probeDice });
      return r.ok ? { ok: true } : { ok: false, reason: r.reason, ...(r.rule ? { rule: r.rule } : {}) };
    } catch (err) {
      return { ok: false, reason: `the rules could not take ${command.type}: ${err instanceof Error ? err.message : String(err)}` };
    }
  };

  const checkMove: PlayControl['checkMove'] = (moves) => {
    const command = hud.moveCommand(session!.state, moves);
    return command ? check(command) : { ok: false, reason: 'no unit may move now' };
  };

  const undo = (): boolean => {
    if (replayStore.get().at !== null || !session!.canUndo()) return false;
    session!.undo(); // the sequence is folded from the events: it goes back with them
    lastRefusal.set(null);
    autosave();
    publish();
    return true;
  };

  return {
    battlefield: shownTable,
    view,
    log,
    lastRefusal,
    get rules() { return [...optionRules(), ...hud.rules(session!.state)]; },
    control: { send, move, check, checkMove, undo, canUndo: () => replayStore.get().at === null && session!.canUndo() },
    saves: {
      toJson: () => readSave(session!),
      load(text) {
        const r = resumeFrom({ getItem: () => text, setItem: () => {}, removeItem: () => {} }, 'uploaded save', scenario, ruleset, tableFor);
        if (!r) return { ok: false, message: 'uploaded save: the file is empty' };
        if (!r.ok) return { ok: false, message: r.message };
        session = r.session;
        shownTable.set(battlefieldFor(session.tableScenario));
        replayStore.set((v) => ({ ...v, at: null }));
        lastRefusal.set(null);
        autosave();
        publish();
        return { ok: true };
      },
      autosaveKey,
      clearAutosave: () => storage?.removeItem(autosaveKey),
    },
    replay: {
      store: replayStore,
      seek(eventIndex) {
        const total = session!.events.length;
        const at = eventIndex === null || total === 0 ? null : Math.max(0, Math.min(total - 1, Math.floor(eventIndex)));
        replayStore.set({ at, total });
        publish();
      },
    },
    game: () => session!,
    options: { choices, chosen: () => session!.options },
    resumed,
    dispose() {
      // The tables built for this game's options: freed when the last canvas drawing one lets go too
      // (the view draws the file's table again when play is left).
      built.clear();
      for (const release of letGo.splice(0)) release();
    },
  };
}
