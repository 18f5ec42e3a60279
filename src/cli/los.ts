// `cli los`: one sight line (--from, --to), or many in one call — lines from --lines FILE or stdin,
// each a JSON object or plain text "FROM TO", one answer line each (JSON, or a verdict line with
// --text) — all asked of one battlefield built once (the costly part of a call). Each answer is asked
// through askLoadingRapier: the few lines that need Rapier (a deck, a fence near the line) load it.
import { readFileSync } from 'node:fs';
import { BattlefieldQueryError, askLoadingRapier, type Battlefield } from '../battlefield';
import type { LengthUnit, Vec3 } from '../core';
import { formatLength } from '../core';
import { parsePoint, pointFromJson, resolvePoint, type PointSpec } from './points';
import { UsageError, type Io } from './cli-io';

const round = (n: number) => Math.round(n * 1000) / 1000;
const r3 = (v: Vec3): Vec3 => [round(v[0]), round(v[1]), round(v[2])];

/** The answer `los --json` prints, and each batch line carries: the battlefield's verdict, lengths rounded to 0.001 cm. */
export function losAnswer(bf: Battlefield, from: PointSpec, to: PointSpec, names: readonly [string, string] = ['--from', '--to']) {
  const p = resolvePoint(bf, from, names[0]);
  const q = resolvePoint(bf, to, names[1]);
  const r = bf.lineOfSight(p, q);
  return {
    clear: r.clear, from: r3(p), to: r3(q), distance: round(r.distance),
    blocker: r.blocker ? { ...r.blocker, point: r3(r.blocker.point), distance: round(r.blocker.distance) } : null,
    crossed: r.crossed.map((c) => ({ ...c, point: r3(c.point), distance: round(c.distance) })),
    areas: r.areas.map((ar) => ({ featureId: ar.featureId, kind: ar.kind, length: round(ar.length) })),
  };
}

export type LosAnswer = ReturnType<typeof losAnswer>;

/** One sight line in words: the verdict, the first blocker, what it crosses. */
export function losText(a: LosAnswer, unit: LengthUnit): string {
  let s = `${a.clear ? 'CLEAR' : 'BLOCKED'}  ${formatLength(a.distance, unit)} from (${a.from.join(', ')}) to (${a.to.join(', ')})\n`;
  const b = a.blocker;
  if (b) s += `  first blocker: ${b.featureId} (${b.kind} ${b.part}) at ${formatLength(b.distance, unit)}, point (${b.point.join(', ')})\n`;
  for (const c of a.crossed) s += `  crosses ${c.featureId} (${c.kind}) at ${formatLength(c.distance, unit)}\n`;
  for (const ar of a.areas) s += `  inside ${ar.featureId} (${ar.kind}) for ${formatLength(ar.length, unit)}\n`;
  return s;
}

const LINE_KEYS = new Set(['from', 'to', 'id']);
const LINE_FORM = '{"from": point, "to": point, "id"?: anything}';
const TEXT_FORM = 'FROM TO (two points split by spaces, e.g. "15,60 65,60,@1")';
const LINE_FORMS = `a JSON object ${LINE_FORM} or plain text ${TEXT_FORM}`;

/** A batch line's answer: its line number, its "id" when it has one, then the answer or the error. */
export type BatchResult = { line: number; id?: unknown } & (LosAnswer | { error: string });

/** A plain-text line, "FROM TO": each point in its text form (the single call's --from and --to). */
function answerTextLine(bf: Battlefield, text: string, where: string, line: number): BatchResult {
  const parts = text.split(/\s+/);
  try {
    if (parts.length !== 2) throw new UsageError(`${where}: expected ${LINE_FORMS}; got ${parts.length} word${parts.length === 1 ? '' : 's'} in ${JSON.stringify(text)}`);
    const from = parsePoint(parts[0], `${where}: from`);
    const to = parsePoint(parts[1], `${where}: to`);
    return { line, ...losAnswer(bf, from, to, [`${where}: from`, `${where}: to`]) };
  } catch (err) {
    if (err instanceof UsageError || err instanceof BattlefieldQueryError) return { line, error: err instanceof UsageError ? err.message : `${where}: ${err.message}` };
    throw err;
  }
}

/**
 * Answers one line of a batch: a JSON object (it starts with "{") or plain text "FROM TO"; a bad
 * line's result carries its error (`source`: the file, or "stdin").
 */
export function answerLine(bf: Battlefield, text: string, source: string, line: number): BatchResult {
  const where = `${source}:${line}`;
  if (!text.startsWith('{')) return answerTextLine(bf, text, where, line);
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (err) {
    return { line, error: `${where}: bad JSON (${err instanceof Error ? err.message : String(err)}): expected ${LINE_FORM}` };
  }
  if (!v || typeof v !== 'object' || Array.isArray(v)) return { line, error: `${where}: expected an object ${LINE_FORM}, got ${JSON.stringify(v)}` };
  const o = v as Record<string, unknown>;
  const head: { line: number; id?: unknown } = o.id === undefined ? { line } : { line, id: o.id };
  try {
    const unknown = Object.keys(o).find((k) => !LINE_KEYS.has(k));
    if (unknown !== undefined) throw new UsageError(`${where}: $.${unknown}: unknown key; expected ${LINE_FORM}`);
    const from = pointFromJson(o.from, `${where}: $.from`);
    const to = pointFromJson(o.to, `${where}: $.to`);
    return { ...head, ...losAnswer(bf, from, to, [`${where}: $.from`, `${where}: $.to`]) };
  } catch (err) {
    if (err instanceof UsageError || err instanceof BattlefieldQueryError) return { ...head, error: err instanceof UsageError ? err.message : `${where}: ${err.message}` };
    throw err;
  }
}

/** A batch answer as one verdict line (--text): the input's line, CLEAR/BLOCKED, length, both points, the first blocker; or ERROR and why. */
export function verdictLine(r: BatchResult, unit: LengthUnit): string {
  if ('error' in r) return `line ${r.line}: ERROR ${r.error}`;
  const b = r.blocker;
  return `line ${r.line}: ${r.clear ? 'CLEAR' : 'BLOCKED'} ${formatLength(r.distance, unit)} from (${r.from.join(', ')}) to (${r.to.join(', ')})`
    + (b ? `; first blocker ${b.featureId} (${b.kind} ${b.part}) at ${formatLength(b.distance, unit)}` : '');
}

/** How many answer lines go out in one write: few writes, bounded memory. */
const CHUNK = 500;

/** How a batch's answers are printed: JSON lines, or with `text` a verdict line each in `unit`. */
export interface BatchOutput { text?: boolean; unit?: LengthUnit }

/**
 * Answers every line of a batch (blank lines and lines starting with # are skipped) and prints one
 * line each, in order: JSON, or a verdict line with `output.text`. Returns how many lines were answered
 * and how many carried an error.
 */
export async function answerLines(bf: Battlefield, body: string, source: string, io: Io, output: BatchOutput = {}): Promise<{ lines: number; refused: string[] }> {
  const refused: string[] = [];
  let lines = 0;
  let pending: string[] = [];
  const rows = body.split('\n');
  for (let i = 0; i < rows.length; i++) {
    const t = rows[i]!.trim();
    if (!t || t.startsWith('#')) continue;
    const r = await askLoadingRapier(() => answerLine(bf, t, source, i + 1));
    lines++;
    if ('error' in r) refused.push(r.error);
    pending.push(output.text ? verdictLine(r, output.unit ?? 'cm') : JSON.stringify(r));
    if (pending.length >= CHUNK) { io.out(`${pending.join('\n')}\n`); pending = []; }
  }
  if (pending.length) io.out(`${pending.join('\n')}\n`);
  return { lines, refused };
}

/** The batch's text and the name its messages give it: --lines FILE, or stdin (--lines - or no points given). */
export async function readBatch(file: string | undefined, io: Io): Promise<{ body: string; source: string }> {
  if (file !== undefined && file !== '-') {
    try {
      return { body: readFileSync(file, 'utf8'), source: file };
    } catch {
      throw new UsageError(`cannot read sight-lines file ${file}`);
    }
  }
  if (!io.input) throw new UsageError('los: expected --from and --to, or sight lines (JSON or "FROM TO" lines) on stdin or in --lines FILE');
  return { body: await io.input(), source: 'stdin' };
}

/** `los` with --from and --to: one answer, as JSON or in words. */
export async function losSingle(bf: Battlefield, from: PointSpec, to: PointSpec, json: boolean, unit: LengthUnit, io: Io): Promise<number> {
  const a = await askLoadingRapier(() => losAnswer(bf, from, to));
  io.out(json ? `${JSON.stringify(a)}\n` : losText(a, unit));
  return 0;
}

/** `los` with lines: every line answered; exit 1 when some line was refused (its result says why), 2 when there were none. */
export async function losBatch(bf: Battlefield, body: string, source: string, io: Io, output: BatchOutput = {}): Promise<number> {
  const { lines, refused } = await answerLines(bf, body, source, io, output);
  if (!lines) throw new UsageError(`${source}: no sight lines: expected one per line, ${LINE_FORMS}`);
  if (refused.length) io.err(`sandtable: ${refused.length} of ${lines} sight lines refused, each result line says why; the first: ${refused[0]}\n`);
  return refused.length ? 1 : 0;
}
