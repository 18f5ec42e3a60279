// Saves for play mode: the game layer's save format (scenario id + hash, seed, command log, state
// hash) as text, the per-scenario autosave key, and resuming from stored text — checked by parseSave
// and replayed by loadSave (to the session, as play sends commands), so a stale or tampered save is refused with its reason, never half-used.
import { GameSession, SaveError, loadSave, makeSave, parseSave, type Command, type GameEvent, type Ruleset, type TableFor } from '../../game';
import type { Scenario } from '../../scenario';

/** The part of the Web Storage API autosave uses (localStorage in the app; a Map-backed one in tests). */
export interface SaveStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export const AUTOSAVE_PREFIX = 'sandtable.autosave.';

export function autosaveKeyFor(scenario: Pick<Scenario, 'id'>): string {
  return `${AUTOSAVE_PREFIX}${scenario.id}`;
}

/** A session as save text. */
export function readSave(session: GameSession<unknown, Command, GameEvent, unknown>): string {
  return JSON.stringify(makeSave(session), null, 1);
}

/** The stored save under `key` replayed: undefined when there is none, else the session or why it was refused. */
export function resumeFrom(
  storage: SaveStorage, key: string, scenario: Scenario, ruleset: Ruleset<unknown, Command, GameEvent, unknown>, table: unknown | TableFor<unknown>,
): { ok: true; session: GameSession<unknown, Command, GameEvent, unknown> } | { ok: false; message: string } | undefined {
  let text: string | null;
  try {
    text = storage.getItem(key);
  } catch (err) {
    return { ok: false, message: `${key}: the saved game could not be read (${err instanceof Error ? err.message : String(err)})` };
  }
  if (text === null || text.trim() === '') return undefined;
  try {
    return { ok: true, session: loadSave(parseSave(text, key), key, scenario, ruleset, table) };
  } catch (err) {
    if (err instanceof SaveError) return { ok: false, message: err.message };
    return { ok: false, message: `${key}: the saved game does not replay (${err instanceof Error ? err.message : String(err)})` };
  }
}
