// The CLI verbs. Each returns an exit code and writes to the given streams (testable in-process).
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseScenario, formatIssue, type Scenario } from '../scenario';
import { askLoadingRapier, createBattlefieldNow, type Battlefield } from '../battlefield';
import type { LengthUnit, Vec3 } from '../core';
import type { ModuleSource } from '../game';
import { playRulesetId, rulesetModuleFor } from '../rules';
import { viewshedPng } from './viewshed-png';
import { loadScenarioFile, parseScenarioWithRuleset, readStdin, UsageError, type Io } from './cli-io';
import { losBatch, losSingle, readBatch } from './los';
import { DEFAULT_EYE_HEIGHT, parsePoint, resolvePoint } from './points';
import { play } from './play';
import { optionsFlag, playedScenario } from './played';

// Re-exported for the callers that know the CLI by this module.
export { loadScenarioFile, UsageError, type Io };

const stdio: Io = { out: (s) => process.stdout.write(s), err: (s) => process.stderr.write(s), input: readStdin };

const USAGE = `usage: npm run cli -- <verb> …
  validate <file|dir>
  height <scenario> <x> <z> [--floor n] [--options JSON] [--json]
  los <scenario> --from POINT --to POINT [--options JSON] [--json]
  los <scenario> [--lines FILE|-] [--text] [--options JSON]   many sight lines on stdin or in FILE, one a line:
    {"from": POINT, "to": POINT} or plain "POINT POINT"; one JSON answer a line, or with --text one verdict line
  viewshed <scenario> --from POINT --out file.png [--res cm] [--target-height cm] [--options JSON] [--json]
--options: the game options the table is played with, as for play (a terrain switch such as
  '{"rules":{"opt-rail-embankment":false}}' changes the table)
  play <scenario> [--seed N] [--options JSON] [--ruleset id] [--commands file.jsonl] [--random-legal] [--random-seed N] [--max-commands N] [--save file.json] [--load file.json] [--json]
POINT: "x,z" the eye of a standard figure standing there (${DEFAULT_EYE_HEIGHT.toFixed(3)} cm up); "x,z,2" that eye on floor 2;
  "x,z,@h" h cm above the surface; "x,z,2,@h" h cm above floor 2; "x,z,=y" the absolute height y cm`;

interface Args {
  positional: string[];
  flags: Map<string, string | true>;
}

function parseArgs(argv: string[]): Args {
  const positional: string[] = [];
  const flags = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a.startsWith('--')) {
      const next = argv[i + 1];
      if (next !== undefined && !next.startsWith('--') && a !== '--json' && a !== '--text') { flags.set(a.slice(2), next); i++; }
      else flags.set(a.slice(2), true);
    } else positional.push(a);
  }
  return { positional, flags };
}

function num(s: string | undefined, what: string): number {
  const n = Number(s);
  if (s === undefined || s.trim() === '' || !Number.isFinite(n)) throw new UsageError(`${what}: expected a number, got ${s === undefined ? 'nothing' : JSON.stringify(s)}`);
  return n;
}

function flag(a: Args, name: string): string | undefined {
  const v = a.flags.get(name);
  if (v === true) throw new UsageError(`--${name}: expected a value`);
  return v;
}

/** The unit a scenario's ruleset shows lengths in (the scenario's own displayUnit wins over it). */
function rulesetUnit(ruleset: string): LengthUnit {
  const m: ModuleSource | undefined = rulesetModuleFor(playRulesetId({ ruleset }));
  return m?.measure === 'inch' ? 'in' : 'cm';
}

function listJson(path: string): string[] {
  const st = statSync(path, { throwIfNoEntry: false });
  if (!st) throw new UsageError(`no such file or directory: ${path}`);
  if (st.isFile()) return [path];
  return readdirSync(path, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.json') && !f.endsWith('.schema.json'))
    .sort()
    .map((f) => join(path, f));
}

async function validate(a: Args, io: Io): Promise<number> {
  const target = a.positional[1];
  if (!target) throw new UsageError('validate: expected a file or directory');
  const files = listJson(target);
  let bad = 0;
  const report: Array<{ file: string; ok: boolean; issues: unknown[] }> = [];
  for (const f of files) {
    const r = parseScenarioWithRuleset(readFileSync(f, 'utf8'), relative(process.cwd(), f) || f);
    report.push({ file: f, ok: r.ok, issues: r.ok ? [] : r.issues });
    if (r.ok) { if (!a.flags.has('json')) io.out(`ok  ${f}\n`); }
    else {
      bad++;
      if (!a.flags.has('json')) for (const i of r.issues) io.out(`${formatIssue(i)}\n`);
    }
  }
  if (a.flags.has('json')) io.out(`${JSON.stringify({ files: report })}\n`);
  else io.out(`${files.length - bad} of ${files.length} scenario files valid\n`);
  return bad ? 1 : 0;
}

/**
 * The table of the scenario file (positional 1) as played with `--options`, if given (a terrain switch
 * changes it). Built without Rapier: `f` asks its queries through askLoadingRapier, which loads Rapier
 * only for the few that need it (most sight lines and heights do not).
 */
async function withBattlefield<T>(a: Args, f: (bf: Battlefield) => T | Promise<T>): Promise<T> {
  const file = a.positional[1];
  if (!file) throw new UsageError('expected a scenario file');
  const bf = createBattlefieldNow(playedScenario(loadScenarioFile(file), optionsFlag(flag(a, 'options'))));
  try {
    return await f(bf);
  } finally {
    bf.free();
  }
}

const round = (n: number) => Math.round(n * 1000) / 1000;
const r3 = (v: Vec3): Vec3 => [round(v[0]), round(v[1]), round(v[2])];

async function height(a: Args, io: Io): Promise<number> {
  const x = num(a.positional[2], 'x');
  const z = num(a.positional[3], 'z');
  const floorFlag = flag(a, 'floor');
  const floor = floorFlag === undefined ? undefined : num(floorFlag, '--floor');
  return withBattlefield(a, async (bf) => {
    const { ground, stand, building } = await askLoadingRapier(() => ({ ground: bf.groundHeight(x, z), stand: bf.standHeight(x, z, floor), building: bf.buildingAt(x, z) }));
    if (a.flags.has('json')) io.out(`${JSON.stringify({ x, z, floor: floor ?? 0, ground: round(ground), stand: round(stand), building: building?.id ?? null })}\n`);
    else io.out(`ground ${ground.toFixed(2)} cm, stand ${stand.toFixed(2)} cm${building ? ` (in ${building.id}, floor ${floor ?? 0})` : ''}\n`);
    return 0;
  });
}

async function los(a: Args, io: Io): Promise<number> {
  const lines = flag(a, 'lines');
  const single = a.flags.has('from') || a.flags.has('to');
  if (single && lines !== undefined) throw new UsageError('los: --from and --to ask one sight line, --lines many: give one or the other');
  if (!single) {
    const { body, source } = await readBatch(lines, io);
    if (a.flags.has('json') && a.flags.has('text')) throw new UsageError('los: --json and --text ask for different answers: give one or the other');
    return withBattlefield(a, (bf) => losBatch(bf, body, source, io, { text: a.flags.has('text'), unit: bf.scenario.displayUnit ?? rulesetUnit(bf.scenario.ruleset) }));
  }
  const from = parsePoint(flag(a, 'from'), '--from');
  const to = parsePoint(flag(a, 'to'), '--to');
  return withBattlefield(a, (bf) => losSingle(bf, from, to, a.flags.has('json'), bf.scenario.displayUnit ?? rulesetUnit(bf.scenario.ruleset), io));
}

async function viewshed(a: Args, io: Io): Promise<number> {
  const from = parsePoint(flag(a, 'from'), '--from');
  const out = flag(a, 'out');
  if (!out) throw new UsageError('viewshed: expected --out file.png');
  const resFlag = flag(a, 'res');
  const thFlag = flag(a, 'target-height');
  const res = resFlag === undefined ? 1 : num(resFlag, '--res');
  if (res <= 0) throw new UsageError(`--res: expected a number > 0, got ${res}`);
  const th = thFlag === undefined ? DEFAULT_EYE_HEIGHT : num(thFlag, '--target-height');
  return withBattlefield(a, async (bf) => {
    const { width, depth } = bf.scenario.table;
    const { eye, vs, ms } = await askLoadingRapier(() => {
      const p = resolvePoint(bf, from, '--from');
      const t0 = performance.now();
      return { eye: p, vs: bf.viewshed(p, { minX: 0, minZ: 0, maxX: width, maxZ: depth }, res, th), ms: performance.now() - t0 };
    });
    writeFileSync(out, await viewshedPng(bf, vs, eye));
    if (a.flags.has('json')) io.out(`${JSON.stringify({ out, eye: r3(eye), columns: vs.columns, rows: vs.rows, visibleFraction: round(vs.visibleFraction), ms: Math.round(ms) })}\n`);
    else io.out(`wrote ${out}: ${vs.columns}×${vs.rows} cells, ${(vs.visibleFraction * 100).toFixed(1)} % visible from (${r3(eye).join(', ')}) in ${Math.round(ms)} ms\n`);
    return 0;
  });
}

export async function runCli(argv: string[], io: Io = stdio): Promise<number> {
  const a = parseArgs(argv);
  try {
    switch (a.positional[0]) {
      case 'validate': return await validate(a, io);
      case 'height': return await height(a, io);
      case 'los': return await los(a, io);
      case 'viewshed': return await viewshed(a, io);
      case 'play': return await play(a, io);
      case undefined: case 'help': io.out(`${USAGE}\n`); return a.positional[0] ? 0 : 2;
      default: throw new UsageError(`unknown verb ${JSON.stringify(a.positional[0])}: expected validate, height, los or viewshed`);
    }
  } catch (err) {
    const msg = err instanceof Error ? err.message : String(err);
    io.err(`sandtable: ${msg.split('\n')[0]}\n`);
    return 2;
  }
}
