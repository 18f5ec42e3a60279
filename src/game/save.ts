// Save files: scenario id + content hash + game options + seed + command log (versioned JSON).
// Loading checks them with clear messages and replays the log to the identical state (compared by
// state hash). Format 2 added the options; format 3 commands carry their side (older logs are
// replayed with the side to act stamped on each command); a format-1 save loads without options. A
// log from before the rules asked a decision of the other player (a wound allocation) replays with
// each missing answer given as the decision's default.
import { z } from 'zod';
import { hashValue } from '../core';
import { describeJsonError, describeZodIssue, jsonPath, type Scenario } from '../scenario';
import { GameOptionsError, normaliseOptions, parseGameOptions } from './options';
import { answerMissingDecisions } from './missing-answers';
import { GameSession, type TableFor } from './session';
import type { Command, GameEvent, Ruleset } from './types';

export const SAVE_FORMAT = 3;
/** Older formats still read (1: no options; 1 and 2: commands without their side). */
const READABLE = [1, 2, 3];

const SaveSchema = z
  .object({
    sandtableSave: z.literal([1, 2, 3]).describe('save format version'),
    scenario: z.object({ id: z.string(), hash: z.string() }).strict(),
    ruleset: z.object({ id: z.string(), version: z.string() }).strict(),
    /** The game options chosen at the start (format 2; checked again against the ruleset on load). */
    options: z.unknown().optional(),
    seed: z.number().int(),
    /** Format 3: each with the side that sent it (checked in parseSave; older formats have none). */
    commands: z.array(z.object({ type: z.string(), side: z.string().optional() }).passthrough()),
    /** Hash of the state after the last command: a truncated or tampered log no longer matches. */
    stateHash: z.string(),
    savedAt: z.string().optional(),
  })
  .strict();

export type SaveFile = z.infer<typeof SaveSchema>;

export class SaveError extends Error {
  override name = 'SaveError';
}

export function makeSave<S, C extends Command, E extends GameEvent, Q>(session: GameSession<S, C, E, Q>): SaveFile {
  return {
    sandtableSave: SAVE_FORMAT,
    scenario: { id: session.scenario.id, hash: session.scenarioHash },
    ruleset: { id: session.ruleset.id, version: session.ruleset.version },
    options: normaliseOptions(session.options),
    seed: session.seed,
    commands: session.log.map((e) => e.command as SaveFile['commands'][number]),
    stateHash: session.stateHash(),
    savedAt: new Date().toISOString(),
  };
}

/** Parse and check a save's text; throws SaveError with file and JSON path on any problem. */
export function parseSave(text: string, file: string): SaveFile {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new SaveError(`${file}: $: ${describeJsonError(text, err, 'a Sandtable save')}`);
  }
  const version = (data as { sandtableSave?: unknown } | null)?.sandtableSave;
  if (typeof version === 'number' && !READABLE.includes(version)) {
    throw new SaveError(`${file}: $.sandtableSave: unknown save version ${version}, expected one of ${READABLE.join(', ')}`);
  }
  const r = SaveSchema.safeParse(data);
  if (!r.success) {
    const i = describeZodIssue(data, r.error.issues[0]!);
    throw new SaveError(`${file}: ${jsonPath(i.path)}: ${i.message}`);
  }
  if (r.data.sandtableSave === 1 && r.data.options !== undefined) throw new SaveError(`${file}: $.options: a format-1 save has no options: expected sandtableSave 2`);
  if (r.data.sandtableSave >= 3) {
    const i = r.data.commands.findIndex((c) => !c.side);
    if (i >= 0) throw new SaveError(`${file}: $.commands[${i}].side: expected the side that sent this ${r.data.commands[i]!.type} (a format-3 save's commands carry their side)`);
  }
  try {
    return { ...r.data, options: parseGameOptions(r.data.options, file, '$.options') };
  } catch (err) {
    if (err instanceof GameOptionsError) throw new SaveError(err.message);
    throw err;
  }
}

/**
 * Replay a save against its scenario and ruleset; the result has the saved state hash or this throws.
 * Each logged command goes to the session, as play sends it (a sequenced ruleset's machine runs in its fold).
 * `table` as a TableFor: built for the scenario as the save's options make it (terrain they switch off is gone).
 */
export function loadSave<S, C extends Command, E extends GameEvent, Q>(
  save: SaveFile, file: string, scenario: Scenario, ruleset: Ruleset<S, C, E, Q>, table: Q | TableFor<Q>,
): GameSession<S, C, E, Q> {
  if (save.scenario.id !== scenario.id) {
    throw new SaveError(`${file}: $.scenario.id: this save is for scenario "${save.scenario.id}", not "${scenario.id}": expected a save of "${scenario.id}"`);
  }
  const hash = hashValue(scenario);
  if (save.scenario.hash !== hash) {
    throw new SaveError(`${file}: $.scenario.hash: the scenario "${scenario.id}" has changed since this game was saved (hash ${save.scenario.hash}, now ${hash}): expected the scenario as it was saved`);
  }
  if (save.ruleset.id !== ruleset.id) {
    throw new SaveError(`${file}: $.ruleset.id: saved with ruleset "${save.ruleset.id}", expected "${ruleset.id}"`);
  }
  // A save from an older version of the rules may not replay the same: say so rather than suspect tampering.
  const rulesChanged = save.ruleset.version !== ruleset.version
    ? `; saved with ${ruleset.id} rules version ${save.ruleset.version}, these are version ${ruleset.version}: the rules have changed since`
    : '';
  // The options must still mean something to this ruleset and scenario (an option removed since?).
  let session: GameSession<S, C, E, Q>;
  try {
    session = new GameSession({ ruleset, scenario, table, seed: save.seed, options: parseGameOptions(save.options, file, '$.options'), optionsSource: file, optionsPath: '$.options' });
  } catch (err) {
    if (err instanceof GameOptionsError) throw new SaveError(err.message);
    throw err;
  }
  // Formats 1 and 2 logged commands without their side: each is sent by the side to act when it comes.
  const stamp = save.sandtableSave < 3;
  const send = (c: C) => session.dispatch(c);
  save.commands.forEach((command, i) => {
    answerMissingDecisions(session, command, send);
    const r = send(stamp ? session.withSideToAct(command as C) : (command as C));
    if (!r.ok) throw new SaveError(`${file}: $.commands[${i}]: the log does not replay here — ${r.reason}${r.rule ? ` (${r.rule})` : ''}: expected a command the rules accept at this point${rulesChanged}`);
  });
  // An older log ending where the rules now ask a decision: its default answer gives the saved game
  // (a game saved while the decision waited has the saved hash already and is left waiting).
  if (!savedHashMatches(session, ruleset, save.stateHash)) answerMissingDecisions(session, undefined, send);
  if (!savedHashMatches(session, ruleset, save.stateHash)) {
    throw new SaveError(`${file}: $.stateHash: the replayed game differs from the saved one (${rulesChanged ? rulesChanged.slice(2) : 'log tampered or truncated?'}): expected the log to replay to the saved state`);
  }
  return session;
}

/** The replayed game is the saved one: its state hashes as saved (or, an older save, as one of the state's earlier forms did). */
function savedHashMatches<S, C extends Command, E extends GameEvent, Q>(session: GameSession<S, C, E, Q>, ruleset: Ruleset<S, C, E, Q>, saved: string): boolean {
  if (session.stateHash() === saved) return true;
  return (ruleset.savedStateForms?.(session.state) ?? []).some((form) => hashValue(form) === saved);
}
