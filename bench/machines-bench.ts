// The flow machines' own cost per command: random legal games are played and recorded (every command
// sent, its answer and the state after it), then the same commands are sent through the machines
// (machineSender) over a session that replays the record, so that no rule runs: what is left is the
// machines (XState's steps and the adapter's readings). Beside it, in the same process, the record
// replayed straight (the replaying session alone): the harness's own share.
// Usage: node bench/run-bundled.mjs bench/machines-bench.ts [--games N] [--reps N] [scenario files …]
import { readFileSync } from 'node:fs';
import { createBattlefield } from '../src/battlefield';
import type { Command, GameEvent, TableQueries } from '../src/core';
import { cachedTable, playableModule, machineSender, playGame } from '../src/flow';
import { GameSession } from '../src/game';
import { RULESET_MODULES } from '../src/rules';
import { parseScenarioOrThrow, type Scenario } from '../src/scenario';

const { ruleset, flow } = playableModule(RULESET_MODULES.kuularuisku);
const player = RULESET_MODULES.kuularuisku.player;

type Answer = { ok: true; events: GameEvent[] } | { ok: false; reason: string; rule?: string };
interface Sent { command: Command; answer: Answer; state: unknown }
interface Recorded { initial: unknown; sent: Sent[] }

const args = process.argv.slice(2);
const flag = (name: string, dflt: number) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : dflt;
};
const games = flag('--games', 4);
const reps = flag('--reps', 20);
const files = args.filter((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));
const scenarioFiles = files.length ? files : ['scenarios/kuularuisku/kalevankangas.json', 'scenarios/kuularuisku/tammerkoski.json'];

/** A game played through the machines, every command the session was sent kept with its answer and the state after it. */
function record(scenario: Scenario, table: TableQueries, seed: number): Recorded {
  const session = new GameSession({ ruleset, scenario, table, seed });
  const initial: unknown = session.state;
  const sent: Sent[] = [];
  const recording = new Proxy(session, {
    get(target, key) {
      if (key !== 'dispatch') return Reflect.get(target, key);
      return (command: Parameters<typeof target.dispatch>[0]) => {
        const answer = target.dispatch(command);
        sent.push({ command, answer, state: target.state });
        return answer;
      };
    },
  });
  playGame(recording, player({ seed: seed * 7919 + 1, draw: 'groups' }), { table, flow });
  return { initial, sent };
}

/** A session that gives the recorded answers in order (the machines read its state and events as a session's). */
function replaying(rec: Recorded) {
  let i = 0;
  let state = rec.initial;
  const events: GameEvent[] = [];
  return {
    get state() { return state; },
    get events() { return events; },
    dispatch(command: Command): Answer {
      const s = rec.sent[i++]!;
      if (s.command !== command) throw new Error(`replay out of step at command ${i}: ${command.type}`);
      state = s.state;
      if (s.answer.ok) events.push(...s.answer.events);
      return s.answer;
    },
    check: () => ({ ok: false as const, reason: 'a replay takes only its recorded commands' }),
    undo: () => false,
  };
}

function throughMachines(recs: readonly Recorded[]): void {
  for (const rec of recs) {
    const m = machineSender(replaying(rec) as never, flow);
    for (const s of rec.sent) m.send(s.command);
    m.stop();
  }
}

function straight(recs: readonly Recorded[]): void {
  for (const rec of recs) {
    const session = replaying(rec);
    for (const s of rec.sent) session.dispatch(s.command);
  }
}

const cpuMs = (f: () => void) => {
  const c0 = process.cpuUsage();
  f();
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1000;
};

console.log(`The flow machines alone: ${games} recorded games per scenario, sent ${reps} times through the machines (CPU time)`);
for (const file of scenarioFiles) {
  const scenario = parseScenarioOrThrow(readFileSync(file, 'utf8'), file);
  const bf = await createBattlefield(scenario);
  const table = cachedTable(bf);
  const recs = Array.from({ length: games }, (_, i) => record(scenario, table, i + 1));
  const commands = recs.reduce((a, r) => a + r.sent.length, 0);
  // Warm-up: the machines' code compiled before the measured runs.
  for (let i = 0; i < 5; i++) throughMachines(recs);
  let machines = 0;
  let bare = 0;
  for (let i = 0; i < reps; i++) {
    machines += cpuMs(() => throughMachines(recs));
    bare += cpuMs(() => straight(recs));
  }
  const per = (ms: number) => ((1000 * ms) / reps / commands).toFixed(1);
  console.log(`${scenario.id.padEnd(24)} ${commands} commands sent a run: ${per(machines)} µs a command through the machines (the replay alone ${per(bare)} µs)`);
  bf.free();
}
