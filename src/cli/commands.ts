// The CLI verbs. Each returns an exit code and writes to the given streams (testable in-process).
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseScenario, formatIssue, type Scenario } from '../scenario';
import { createBattlefield, DEFAULT_FIGURE_HEIGHT, EYE_FRACTION, type Battlefield } from '../battlefield';
import type { LengthUnit, Vec3 } from '../core';
import { formatLength } from '../core';
import type { AnyRulesetModule } from '../game';
import { playRulesetId, rulesetModuleFor } from '../rules';
import { viewshedPng } from './viewshed-png';
import { loadScenarioFile, parseScenarioWithRuleset, UsageError, type Io } from './cli-io';
import { play } from './play';

// Re-exported for the callers that know the CLI by this module.
export { loadScenarioFile, UsageError, type Io };

const stdio: Io = { out: (s) => process.stdout.write(s), err: (s) => process.stderr.write(s) };

const USAGE = `usage: npm run cli -- <verb> …
  validate <file|dir>
  height <scenario> <x> <z> [--floor n] [--json]
  los <scenario> --from x,z[,floor|,@height] --to x,z[,floor|,@height] [--json]
  viewshed <scenario> --from x,z[,floor|,@height] --out file.png [--res cm] [--target-height cm] [--json]
  play <scenario> [--seed N] [--options JSON] [--ruleset id] [--commands file.jsonl] [--random-legal] [--random-seed N] [--max-commands N] [--save file.json] [--load file.json] [--json]
points: "x,z" is the eye of a figure standing there; "x,z,2" the eye on floor 2; "x,z,@h" a point h cm above the surface`;

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
      if (next !== undefined && !next.startsWith('--') && a !== '--json') { flags.set(a.slice(2), next); i++; }
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

export interface PointSpec { x: number; z: number; floor?: number; above?: number }

export function parsePoint(s: string | undefined, what: string): PointSpec {
  if (!s) throw new UsageError(`${what}: expected x,z[,floor|,@height]`);
  const parts = s.split(',');
  if (parts.length < 2 || parts.length > 3) throw new UsageError(`${what}: expected x,z[,floor|,@height], got ${JSON.stringify(s)}`);
  const p: PointSpec = { x: num(parts[0], `${what} x`), z: num(parts[1], `${what} z`) };
  const third = parts[2];
  if (third !== undefined) {
    if (third.startsWith('@')) p.above = num(third.slice(1), `${what} height`);
    else {
      const f = num(third, `${what} floor`);
      if (!Number.isInteger(f) || f < 0) throw new UsageError(`${what} floor: expected a whole number ≥ 0, got ${third}`);
      p.floor = f;
    }
  }
  return p;
}

/** A figure's eye at a place (or a point a given height above the surface). */
export function resolvePoint(bf: Battlefield, p: PointSpec): Vec3 {
  const y = bf.standHeight(p.x, p.z, p.floor);
  return [p.x, y + (p.above ?? DEFAULT_FIGURE_HEIGHT * EYE_FRACTION), p.z];
}

/** The unit a scenario's ruleset shows lengths in (the scenario's own displayUnit wins over it). */
function rulesetUnit(ruleset: string): LengthUnit {
  const m: AnyRulesetModule | undefined = rulesetModuleFor(playRulesetId({ ruleset }));
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

async function withBattlefield<T>(file: string | undefined, f: (bf: Battlefield) => T | Promise<T>): Promise<T> {
  if (!file) throw new UsageError('expected a scenario file');
  const bf = await createBattlefield(loadScenarioFile(file));
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
  return withBattlefield(a.positional[1], (bf) => {
    const ground = bf.groundHeight(x, z);
    const stand = bf.standHeight(x, z, floor);
    const building = bf.buildingAt(x, z);
    if (a.flags.has('json')) io.out(`${JSON.stringify({ x, z, floor: floor ?? 0, ground: round(ground), stand: round(stand), building: building?.id ?? null })}\n`);
    else io.out(`ground ${ground.toFixed(2)} cm, stand ${stand.toFixed(2)} cm${building ? ` (in ${building.id}, floor ${floor ?? 0})` : ''}\n`);
    return 0;
  });
}

async function los(a: Args, io: Io): Promise<number> {
  const from = parsePoint(flag(a, 'from'), '--from');
  const to = parsePoint(flag(a, 'to'), '--to');
  return withBattlefield(a.positional[1], (bf) => {
    const p = resolvePoint(bf, from);
    const q = resolvePoint(bf, to);
    const r = bf.lineOfSight(p, q);
    const unit = bf.scenario.displayUnit ?? rulesetUnit(bf.scenario.ruleset);
    if (a.flags.has('json')) {
      io.out(`${JSON.stringify({
        clear: r.clear, from: r3(p), to: r3(q), distance: round(r.distance),
        blocker: r.blocker ? { ...r.blocker, point: r3(r.blocker.point), distance: round(r.blocker.distance) } : null,
        crossed: r.crossed.map((c) => ({ ...c, point: r3(c.point), distance: round(c.distance) })),
        areas: r.areas.map((ar) => ({ featureId: ar.featureId, kind: ar.kind, length: round(ar.length) })),
      })}\n`);
    } else {
      io.out(`${r.clear ? 'CLEAR' : 'BLOCKED'}  ${formatLength(r.distance, unit)} from (${r3(p).join(', ')}) to (${r3(q).join(', ')})\n`);
      if (r.blocker) io.out(`  first blocker: ${r.blocker.featureId} (${r.blocker.kind} ${r.blocker.part}) at ${formatLength(r.blocker.distance, unit)}, point (${r3(r.blocker.point).join(', ')})\n`);
      for (const c of r.crossed) io.out(`  crosses ${c.featureId} (${c.kind}) at ${formatLength(c.distance, unit)}\n`);
      for (const ar of r.areas) io.out(`  inside ${ar.featureId} (${ar.kind}) for ${formatLength(ar.length, unit)}\n`);
    }
    return 0;
  });
}

async function viewshed(a: Args, io: Io): Promise<number> {
  const from = parsePoint(flag(a, 'from'), '--from');
  const out = flag(a, 'out');
  if (!out) throw new UsageError('viewshed: expected --out file.png');
  const resFlag = flag(a, 'res');
  const thFlag = flag(a, 'target-height');
  const res = resFlag === undefined ? 1 : num(resFlag, '--res');
  if (res <= 0) throw new UsageError(`--res: expected a number > 0, got ${res}`);
  const th = thFlag === undefined ? DEFAULT_FIGURE_HEIGHT * EYE_FRACTION : num(thFlag, '--target-height');
  return withBattlefield(a.positional[1], (bf) => {
    const eye = resolvePoint(bf, from);
    const { width, depth } = bf.scenario.table;
    const t0 = performance.now();
    const vs = bf.viewshed(eye, { minX: 0, minZ: 0, maxX: width, maxZ: depth }, res, th);
    const ms = performance.now() - t0;
    writeFileSync(out, viewshedPng(bf, vs, eye));
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
