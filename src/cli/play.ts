// `cli play`: play a scenario headless — a commands file (JSON lines, each command with its side), random legal commands to the
// end, or a save replayed and verified — and print the event log (each line with its rule id) and
// the result, or all of it as JSON. Also writes saves, so games replay outside the browser.
import { readFileSync, writeFileSync } from 'node:fs';
import { createBattlefield } from '../battlefield';
import { cachedTable, playableModule, playGame } from '../flow';
import { GameOptionsError, GameSession, loadSave, makeSave, parseSave, SaveError, TableFor, type AnyRulesetModule, type Command, type GameEvent, type ModuleSource, type Ruleset } from '../game';
import { playRulesetId, rulesetIds, rulesetModuleFor } from '../rules';
import type { Scenario } from '../scenario';
import { loadScenarioFile, UsageError, type Io } from './cli-io';
import { optionsFlag, tablesFrom } from './played';

export interface PlayArgs {
  positional: string[];
  flags: Map<string, string | true>;
}

export const PLAY_USAGE = 'play <scenario> [--seed N] [--options JSON] [--ruleset id] [--commands file.jsonl] [--random-legal] [--random-seed N] [--max-commands N] [--save file.json] [--load file.json] [--json]';

// The CLI drives any registered ruleset through its module: the game layer's contract, and its player for random play.
type AnyRuleset = Ruleset<unknown, Command, GameEvent, unknown>;

function text(a: PlayArgs, name: string): string | undefined {
  const v = a.flags.get(name);
  if (v === true) throw new UsageError(`--${name}: expected a value`);
  return v;
}

function int(a: PlayArgs, name: string, fallback: number): number {
  const v = text(a, name);
  if (v === undefined) return fallback;
  const n = Number(v);
  if (!Number.isInteger(n)) throw new UsageError(`--${name}: expected a whole number, got ${JSON.stringify(v)}`);
  return n;
}

/** The ruleset module to play: --ruleset, else the scenario's own; a sandbox table is played with the registry's default. */
function chooseRuleset(a: PlayArgs, scenario: Scenario): AnyRulesetModule {
  const id = text(a, 'ruleset') ?? playRulesetId(scenario);
  const m: ModuleSource | undefined = rulesetModuleFor(id);
  if (!m) throw new UsageError(`--ruleset: no ruleset "${id}" (known: ${rulesetIds().join(', ')})`);
  return playableModule(m);
}

/** A command of a commands file with the line it came from (for messages). */
export interface CommandLine {
  command: Command;
  line: number;
}

/**
 * JSON lines: one command object per line, each with its "type" and the "side" (id) that sends it;
 * blank lines and lines starting with # are skipped. `sides`: the scenario's, named in the message
 * for a command without one.
 */
export function parseCommandFile(body: string, file: string, sides: ReadonlyArray<{ id: string; name: string }> = []): CommandLine[] {
  const out: CommandLine[] = [];
  body.split('\n').forEach((line, i) => {
    const t = line.trim();
    if (!t || t.startsWith('#')) return;
    let c: unknown;
    try {
      c = JSON.parse(t);
    } catch (err) {
      throw new UsageError(`${file}:${i + 1}: bad JSON (${err instanceof Error ? err.message : String(err)})`);
    }
    if (!c || typeof c !== 'object' || typeof (c as { type?: unknown }).type !== 'string') throw new UsageError(`${file}:${i + 1}: a command is an object with a "type"`);
    const side = (c as { side?: unknown }).side;
    if (typeof side !== 'string' || !side) {
      const choices = sides.length ? `: ${sides.map((x) => `"${x.id}" (${x.name})`).join(' or ')}` : '';
      throw new UsageError(`${file}:${i + 1}: ${(c as Command).type} has no "side": every command names the side that sends it${choices}`);
    }
    out.push({ command: c as Command, line: i + 1 });
  });
  return out;
}

/** The commands of a commands file (parseCommandFile without the line numbers). */
export function parseCommandLines(body: string, file: string, sides: ReadonlyArray<{ id: string; name: string }> = []): Command[] {
  return parseCommandFile(body, file, sides).map((l) => l.command);
}

/** A log line: the turn label (when the ruleset numbers its turns), the rule id, the event's text. */
function logLine(e: GameEvent, turn: number | undefined): string {
  const rule = (e.rule ?? '').padEnd(9);
  return `${turn === undefined ? '' : `T${turn} `}${rule} ${e.text ?? e.type}`;
}

export async function play(a: PlayArgs, io: Io): Promise<number> {
  // `--random-legal` takes no value: a word after it is the scenario.
  const rl = a.flags.get('random-legal');
  if (typeof rl === 'string') {
    a.positional.push(rl);
    a.flags.set('random-legal', true);
  }
  const file = a.positional[1];
  if (!file) throw new UsageError(`play: expected a scenario file — ${PLAY_USAGE}`);
  const scenario = loadScenarioFile(file);
  const rulesetModule = chooseRuleset(a, scenario);
  const ruleset: AnyRuleset = rulesetModule.ruleset;
  const problems = ruleset.validateScenario(scenario);
  if (problems.length) {
    for (const p of problems) io.err(`${file}: ${p.path}: ${p.message}\n`);
    return 1;
  }
  const json = a.flags.has('json');
  const bf = await createBattlefield(scenario);
  // The game's table is built from the scenario as played: options that switch terrain get their own.
  const tables = tablesFrom(bf);
  const table = new TableFor((played: Scenario) => cachedTable(tables.tableFor(played)));
  try {
    let session: GameSession<unknown, Command, GameEvent, unknown>;
    const load = text(a, 'load');
    if (load) {
      let body: string;
      try {
        body = readFileSync(load, 'utf8');
      } catch {
        throw new UsageError(`cannot read save file ${load}`);
      }
      try {
        session = loadSave(parseSave(body, load), load, scenario, ruleset, table);
      } catch (err) {
        if (err instanceof SaveError) {
          io.err(`sandtable: ${err.message}\n`);
          return 1;
        }
        throw err;
      }
    } else {
      // --options '{"rules":{"opt-womens-guard":true}}': the game options a new game starts with (a save brings its own).
      const options = optionsFlag(text(a, 'options'));
      try {
        session = new GameSession({ ruleset, scenario, table, seed: int(a, 'seed', 1), ...(options === undefined ? {} : { options }), optionsSource: '--options' });
      } catch (err) {
        if (err instanceof GameOptionsError) throw new UsageError(err.message);
        throw err;
      }
    }
    const replayed = session.log.length;
    const commandsFile = text(a, 'commands');
    if (commandsFile) {
      let body: string;
      try {
        body = readFileSync(commandsFile, 'utf8');
      } catch {
        throw new UsageError(`cannot read commands file ${commandsFile}`);
      }
      const commands = parseCommandFile(body, commandsFile, session.scenario.sides);
      // To the session, as a player at the table sends them: its refusal is the rules' or the sequence machine's.
      for (const [i, { command: c, line }] of commands.entries()) {
        const r = session.dispatch(c);
        if (!r.ok) {
          io.err(`sandtable: ${commandsFile}:${line}: command ${i + 1} (${c.type}) refused — ${r.reason}${r.rule ? ` (${r.rule})` : ''}\n`);
          return 1;
        }
      }
    }
    if (a.flags.has('random-legal')) {
      const player = rulesetModule.player;
      if (!player) throw new UsageError(`--random-legal: ruleset "${ruleset.id}" has no player`);
      playGame(session, player({ seed: int(a, 'random-seed', session.seed) }), { table: session.table, maxCommands: int(a, 'max-commands', 20_000) });
    }
    const save = text(a, 'save');
    if (save) writeFileSync(save, `${JSON.stringify(makeSave(session), null, 1)}\n`);
    const result = session.victory();
    const events = session.events;
    if (json) {
      io.out(`${JSON.stringify({
        scenario: scenario.id, ruleset: ruleset.id, seed: session.seed, replayed, commands: session.log.length,
        result: result ?? null, stateHash: session.stateHash(), events, state: session.state,
      })}\n`);
      return 0;
    }
    io.out(`${scenario.title} — ${ruleset.id} ${ruleset.version}, seed ${session.seed}${load ? `, replayed from ${load} (${replayed} commands, state hash verified)` : ''}\n`);
    // Each command's lines carry the turn its ruleset reads in the state after it (a command that
    // starts a turn is labelled with the new turn); a ruleset without `turnOf` prints no label.
    const turnOf = rulesetModule.turnOf?.bind(rulesetModule);
    let i = 0;
    for (const after of session.statesAfterCommands()) {
      const turn = turnOf?.(after);
      for (const e of session.log[i++]!.events) io.out(`${logLine(e, turn)}\n`);
    }
    io.out(result ? `Result: ${result.reason}${result.rule ? ` (${result.rule})` : ''}\n` : `No result yet: the game goes on (${session.legalCommands().length} legal commands)\n`);
    io.out(`${session.log.length} commands, ${events.length} events, state hash ${session.stateHash()}${save ? `, saved to ${save}` : ''}\n`);
    return 0;
  } finally {
    tables.free();
    bf.free();
  }
}
