// Play mode for App: on (Play button or ?play=1, optional &seed=N) it creates the game for the built
// battlefield (src/app/play, loaded lazily), resuming this scenario's autosave; when one was resumed
// it asks the player to resume it or start afresh. Leaving disposes the game (the autosave stays).
// Entered by the Play button with no saved game, it asks for the game options first (a ?play=1 link
// starts at once with the defaults); New game keeps the options of the game it replaces.
// The handle carries the hot seat too: the side at the screen, shared by the HUD and the table, as
// are the covering-fire pick and the move's destination storey (the move panel's floor buttons).
// When play cannot start (the ruleset refuses the table, a bad save), play is left and `refused` says
// why, until dismissed or the next try; the table stays to explore.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Battlefield } from '../battlefield';
import type { GameOptions } from '../game';
import type { Scenario } from '../scenario';
import { createMoveFloorStore, createStore, type MoveFloor, type Store } from '../view';
import type { PlayHandle } from './play';
// Small and free of the rules: kept out of the lazily loaded play chunk so a failed load is explained too.
import { playRefusalOf, type PlayRefusalText } from './play/not-playable';
import { playRefusalAhead } from './rulesets';

/**
 * The game, who sits at the screen (the side that took it at the last hand-over; null: nobody yet),
 * the figures picked in a pick-figures panel (null: no pick open; the table marks and toggles them)
 * and the destination storey of the next move drags (the table offers the storeys, the HUD picks one).
 */
export type PlayModeHandle = PlayHandle & { seat: Store<string | null>; picked: Store<string[] | null>; moveFloor: Store<MoveFloor | null> };

export interface PlayMode {
  playing: boolean;
  handle: PlayModeHandle | null;
  /** A saved game was resumed on entering: the player picks Resume or New game. */
  choosing: boolean;
  enter(): void;
  leave(): void;
  /** Drop the autosave and start this scenario again (with the options of the game it replaces). */
  newGame(): void;
  /** Drop the autosave and start this scenario again with these game options. */
  newGameWith(options?: GameOptions): void;
  /** Keep the resumed game. */
  resume(): void;
  /** Why the last try to play this table failed (null: it did not); kept for the Play button's tooltip. */
  refused: PlayRefusalText | null;
  /** Why this table cannot be played, known before trying (the ruleset's check) or from the last try. */
  unplayable: PlayRefusalText | null;
  /** The refusal is on show (until dismissed). */
  refusalOpen: boolean;
  dismissRefusal(): void;
  /** This scenario's autosave would not load, so a new game started: why (until dismissed). */
  resumeFailed: PlayRefusalText | null;
  dismissResumeFailed(): void;
}

function flagFromUrl(): boolean {
  const v = new URLSearchParams(window.location.search).get('play');
  return v !== null && v !== '0' && v !== 'false';
}

function seedFromUrl(): number | undefined {
  const s = new URLSearchParams(window.location.search).get('seed');
  const n = s === null ? NaN : Number(s);
  return Number.isInteger(n) ? n : undefined;
}

function setUrlFlag(on: boolean): void {
  const url = new URL(window.location.href);
  if (on) url.searchParams.set('play', '1');
  else url.searchParams.delete('play');
  window.history.replaceState(null, '', url);
}

/** The browser's storage for autosaves, or null where it is not available (private modes, policies). */
function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function usePlayMode(scenario: Scenario | null, battlefield: Battlefield | null): PlayMode {
  const [playing, setPlaying] = useState(flagFromUrl);
  const [handle, setHandle] = useState<PlayModeHandle | null>(null);
  const [choosing, setChoosing] = useState(false);
  const [refused, setRefused] = useState<PlayRefusalText | null>(null);
  const [refusalOpen, setRefusalOpen] = useState(false);
  const [ahead, setAhead] = useState<PlayRefusalText | null>(null);
  const [resumeFailed, setResumeFailed] = useState<PlayRefusalText | null>(null);
  // Another table: the refusal was about the one left; ask the ruleset about this one (the registry
  // is loaded with the table already, so this costs one validation).
  useEffect(() => {
    setRefused(null);
    setAhead(null);
    if (!scenario) return;
    let cancelled = false;
    playRefusalAhead(scenario).then((r) => { if (!cancelled) setAhead(r); }, (err: unknown) => console.warn('could not check whether the table is playable', err));
    return () => { cancelled = true; };
  }, [scenario]);
  // Bumped by New game: the effect below then builds a fresh game without resuming.
  const [generation, setGeneration] = useState(0);
  const fresh = useRef(false);
  // The options the next game starts with, and whether entering asked for them (the Play button).
  const options = useRef<GameOptions | undefined>(undefined);
  const asked = useRef(false);

  useEffect(() => {
    if (!playing || !scenario || !battlefield) return;
    let cancelled = false;
    let made: PlayModeHandle | null = null;
    // The battlefield module is loaded already (the table was built with it): a game whose options
    // switch terrain builds its own table from it at once.
    void Promise.all([import('./play'), import('../battlefield')]).then(([{ createPlay }, { createBattlefieldNow }]) => {
      if (cancelled) return;
      const startFresh = fresh.current;
      fresh.current = false;
      const ask = asked.current;
      asked.current = false;
      const chosen = options.current;
      const seed = seedFromUrl();
      // The seat goes to the game too: a step any player may take (a card draw) is sent as the seat's.
      const seat = createStore<string | null>(null);
      made = Object.assign(createPlay(scenario, battlefield, { storage: browserStorage(), resume: !startFresh, seat, buildTable: createBattlefieldNow, ...(seed !== undefined ? { seed } : {}), ...(chosen ? { options: chosen } : {}) }), { seat, picked: createStore<string[] | null>(null), moveFloor: createMoveFloorStore() });
      setHandle(made);
      if (made.resumed?.ok === false) setResumeFailed({ title: `The saved game of ${scenario.title} could not be resumed`, reasons: [made.resumed.message] });
      setChoosing(!startFresh && (made.resumed?.ok === true || (ask && made.options.choices.length > 0)));
    }).catch((err: unknown) => {
      console.warn('play mode could not start', err);
      if (cancelled) return;
      setRefused(playRefusalOf(err, scenario.title));
      setRefusalOpen(true);
      setUrlFlag(false);
      setPlaying(false);
    });
    return () => {
      cancelled = true;
      made?.dispose();
      setHandle(null);
      setChoosing(false);
      setResumeFailed(null);
    };
  }, [playing, scenario, battlefield, generation]);

  const enter = useCallback(() => { asked.current = true; setRefused(null); setUrlFlag(true); setPlaying(true); }, []);
  const dismissRefusal = useCallback(() => setRefusalOpen(false), []);
  const dismissResumeFailed = useCallback(() => setResumeFailed(null), []);
  const leave = useCallback(() => { setUrlFlag(false); setPlaying(false); }, []);
  const newGameWith = useCallback((chosen?: GameOptions) => {
    options.current = chosen && Object.keys(chosen).length ? chosen : undefined;
    handle?.saves.clearAutosave();
    fresh.current = true;
    setGeneration((g) => g + 1);
  }, [handle]);
  const newGame = useCallback(() => newGameWith(handle?.options.chosen()), [handle, newGameWith]);
  const resume = useCallback(() => setChoosing(false), []);
  return { playing, handle, choosing, enter, leave, newGame, newGameWith, resume, refused, unplayable: refused ?? ahead, refusalOpen: refused !== null && refusalOpen, dismissRefusal, resumeFailed, dismissResumeFailed };
}
