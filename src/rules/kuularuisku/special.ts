// A scenario's special rules as executable data (K-GAP-1: scenarios bring their own rules). Each
// `specialRules[i].data` carries a `kind` this module knows; validateSpecialRules checks it (JSON path,
// expectation), buildSpecial resolves it once at setup into plain geometry the rules read from the
// state (KState.special), so no rule looks at the scenario file during play. Numbers the brief leaves
// open are house values, marked in the data's `house` map (field path → why) for the rules panel.
import { z } from 'zod';
import { type Vec2, closestOnSegment, pointInPolygon } from '../../core';
import { type Feature, Feature as FeatureSchema, type Scenario, UnitPlacement, areaPolygon, buildingCorners, isArea, resolveTags, specialRuleName } from '../../scenario';
import { ribbonPolygon } from '../../core';

const Level = z.number().int().min(1).max(6);
const Die = z.array(z.number().int().min(1).max(6)).min(1).max(6);
const Point = z.tuple([z.number(), z.number()]);
const FeatureId = z.string().min(1);
/** House values: a field path inside this rule's data → why that value (shown in the rules panel). */
const House = z.record(z.string(), z.string().min(10)).optional();
const KIds = z.array(z.string().regex(/^K-/)).min(1).describe('the K- rules this special rule modifies');

/** An attack made by no unit on the table (shells, a gun off the table): dice, hits, cover, wounds, morale. */
export const SpecialAttack = z.object({
  firepower: z.number().int().min(1).max(30),
  skill: Level.describe('K-5.3d hits on this or more'),
  closeRangeRerolls: z.boolean().optional().describe('K-5.7a (never for fire from off the table)'),
  machineGun: z.boolean().optional().describe('K-7.1-T2 the target tests morale as under MG fire'),
  cover: z.enum(['terrain', 'open']).optional().describe("K-5.4 the target's cover: from the terrain around it (default) or open"),
}).strict();

const PreparationFire = z.object({
  kind: z.literal('preparation-fire'),
  modifies: KIds,
  when: z.literal('before-turn-1'),
  salvoes: z.array(z.object({
    side: z.string(),
    /** Roll for each unit of the side with a soldier inside this area feature … */
    unitsIn: FeatureId.optional(),
    /** … or one die for the side's unit nearest to this feature. */
    nearestTo: FeatureId.optional(),
    on: Die.describe('die results that bring the attack down on the unit'),
  }).strict().refine((v) => !!v.unitsIn !== !!v.nearestTo, 'give exactly one of unitsIn or nearestTo')).min(1),
  attack: SpecialAttack,
  house: House,
}).strict();

const Winter = z.object({
  kind: z.literal('winter'),
  modifies: KIds,
  winter: z.boolean().describe('K-SKL-3 is this a winter scenario for snow suits'),
  house: House,
}).strict();

/** The two readings of "cannot go to ground" (K-7.1b menee maahan); which one plays is a house value the players may switch. */
export const BITE_READINGS = ['no-cover', 'not-pinned'] as const;
export type BiteReading = (typeof BITE_READINGS)[number];
/** Each reading as players read it when they choose (the start dialog, the rules panel, the log). */
export const BITE_READING_LABELS: Readonly<Record<BiteReading, string>> = { 'no-cover': 'No cover in the open', 'not-pinned': 'Not pinned by a failed test' };

/**
 * An optional scenario rule (players switch it at the start): these units, in the open, cannot go to
 * ground in the turn they are first fired on. `reading` says what that does in the engine (K-7.1b, K-5.4d).
 */
const CannotGoToGround = z.object({
  kind: z.literal('cannot-go-to-ground'),
  modifies: KIds,
  enabled: z.boolean().describe('the default: on (true) or off (false) unless the players choose'),
  units: z.array(z.string()).min(1),
  where: z.literal('open').describe('only while the cover test (no-cover) or the majority of the soldiers\' ground (not-pinned) is open (K-5.4c)'),
  when: z.literal('turn-first-fired-on').describe('only in the turn in which the unit was first fired on'),
  reading: z.enum(BITE_READINGS),
  readings: z.object({ 'no-cover': z.string().min(10), 'not-pinned': z.string().min(10) }).strict().describe('what each reading means, for the players choosing'),
  openCover: z.number().int().min(6).max(7).optional().describe('no-cover: the cover value in the open instead of 6 (7: every hit wounds)'),
  house: House,
}).strict();

const Elevated = z.object({
  kind: z.literal('elevated'),
  modifies: KIds,
  side: z.string().optional().describe('only this side\'s figures count (default: both)'),
  area: FeatureId.optional().describe('figures standing inside this area feature …'),
  minGround: z.number().optional().describe('… on ground at least this high (cm)'),
  buildings: z.array(FeatureId).min(1).optional().describe('figures inside these buildings …'),
  minFloor: z.number().int().min(0).optional().describe('… on this floor index or higher (0 = ground floor)'),
  firesOver: z.object({
    friendlyUnits: z.boolean().describe('K-5.1d friendly soldiers (not elevated themselves) never block'),
    features: z.array(z.string()).optional().describe('feature ids (a trailing * matches a prefix) sight lines from these figures pass over'),
  }).strict(),
  house: House,
}).strict().refine((v) => !!v.area !== !!v.buildings, 'give exactly one of area or buildings');

const Night = z.object({
  kind: z.literal('night'),
  modifies: KIds,
  turns: z.array(z.number().int().positive()).min(1),
  visibility: z.number().positive().describe('K-5.2a sight limit in cm'),
  exceptTargets: z.array(z.enum(['burning-buildings', 'lit-areas'])).optional(),
  searchlight: z.object({
    side: z.string(),
    origin: Point,
    bearing: z.number().describe('degrees, 0 = east (x+), counter-clockwise'),
    width: z.number().positive(),
    length: z.number().positive().optional().describe('cm; default to the table edge'),
  }).strict().optional(),
  house: House,
}).strict();

const OffTableFire = z.object({
  kind: z.literal('off-table-fire'),
  modifies: KIds,
  side: z.string(),
  perTurn: z.number().int().min(1),
  from: z.enum(['west', 'east', 'north', 'south']),
  targetsIn: z.array(FeatureId).min(1),
  attack: SpecialAttack,
  house: House,
}).strict();

const Demolition = z.object({
  kind: z.literal('demolition'),
  modifies: KIds,
  charge: z.string().describe('the objective marking the charge'),
  bridge: FeatureId.describe('the bridge whose span it destroys'),
  over: FeatureId.describe('the water under the span: the deck over it is the span'),
  fire: z.object({
    side: z.string(), within: z.number().positive(), of: FeatureId, on: Die,
    tries: z.number().int().min(1).optional().describe('how many tries the side has in the whole game (default: one per activation, no limit)'),
    notPinned: z.boolean().optional().describe('a pinned unit (K-7.1b) cannot try (default: it can)'),
  }).strict(),
  remove: z.object({
    side: z.string(), reach: z.number().positive(),
    units: z.array(z.string()).min(1).optional().describe('only these units can remove the charge (default: any unit of the side)'),
  }).strict(),
  house: House,
}).strict();

const NarrowCrossing = z.object({
  kind: z.literal('narrow-crossing'),
  modifies: KIds,
  feature: FeatureId,
  singleFile: z.boolean(),
  speedFactor: z.number().gt(0).max(1),
  fastMoveFall: z.object({
    on: Die,
    underFire: z.boolean().optional().describe('only a soldier of a unit fired on in this turn (a shot or fire from off the table) risks the fall (default: every fast mover)'),
  }).strict().optional(),
  cover: z.literal('open').optional(),
  house: House,
}).strict();

const HiddenUnits = z.object({
  kind: z.literal('hidden-units'),
  modifies: KIds,
  units: z.array(z.string()).min(1),
  feature: FeatureId.optional().describe('where they hide (for the briefing)'),
  reveal: z.object({ onFire: z.boolean(), enemyWithin: z.number().positive() }).strict(),
  house: House,
}).strict();

/** K-GAP-1 a condition added to every victory condition of a side (e.g. a foothold on the far bank). */
export const UnitsIn = z.object({
  kind: z.literal('units-in'),
  region: z.array(Point).min(3),
  atLeast: z.number().int().min(1),
  unbroken: z.boolean().optional().describe('count only units not routing, not surrendered, on the table (default true)'),
  where: z.enum(['all-figures', 'any-figure']).optional().describe('a unit is in the region when all (default) or any of its soldiers on the table are'),
  leaders: z.boolean().optional().describe('lone leader units count (default false)'),
}).strict();

const VictoryRequirement = z.object({
  kind: z.literal('victory-requirement'),
  modifies: KIds,
  side: z.string(),
  requires: UnitsIn,
  house: House,
}).strict();

/**
 * K-GAP-1 who can hold or contest an objective (house: the book has no objectives). By default every
 * unit with a fighting soldier there does; a scenario may leave out lone leaders and pinned units.
 */
const ObjectiveControl = z.object({
  kind: z.literal('objective-control'),
  modifies: KIds,
  loneLeaders: z.boolean().describe('a leader on his own (not joined to a squad, K-1.3) holds or contests an objective'),
  pinned: z.boolean().describe('a pinned unit (K-7.1b) holds or contests an objective'),
  house: House,
}).strict();

const AidPosts = z.object({
  kind: z.literal('aid-posts'),
  modifies: KIds,
  posts: z.array(z.object({ side: z.string(), feature: FeatureId, radius: z.number().positive() }).strict()).min(1),
  house: House,
}).strict();

/**
 * A unit the players may add or leave out at the start (game options). The file's `units` are the
 * default game: an added unit (`unit`, a placement as in `units`) is off by default, a listed unit
 * that may be left out (`existing`) is on by default.
 */
const OptionalUnit = z.object({
  kind: z.literal('optional-unit'),
  modifies: KIds,
  enabled: z.boolean().describe('the default: false for an added `unit`, true for an `existing` one'),
  unit: z.record(z.string(), z.unknown()).optional().describe('the unit placement (as in `units`) the option adds'),
  existing: z.string().optional().describe('the unit of `units` the option keeps (on) or leaves out (off)'),
  deployIn: FeatureId.optional().describe('every figure of the added unit stands inside this area'),
  house: House,
}).strict().superRefine((v, ctx) => {
  if (!!v.unit === !!v.existing) ctx.addIssue({ code: 'custom', path: [], message: 'give exactly one of unit (a unit the option adds) or existing (a unit of `units` it may leave out)' });
  else if (v.unit && v.enabled) ctx.addIssue({ code: 'custom', path: ['enabled'], message: 'an added unit is off by default (the file\'s `units` are the default game): expected false' });
  else if (v.existing && !v.enabled) ctx.addIssue({ code: 'custom', path: ['enabled'], message: 'a unit listed in `units` is in the default game: expected true' });
});

/**
 * Terrain the players may leave out or put on the table at the start (game options): the brief's
 * optional pieces (a railway embankment, a belfry). The file's `features` are the default table: terrain
 * on by default stands there and `features` names it; terrain off by default is held in `terrain`
 * (features as in the file's `features`) and `features` names its ids. The table is built from the
 * scenario as played, so the switch changes sight, heights and the drawn table alike.
 */
const OptionalTerrain = z.object({
  kind: z.literal('optional-terrain'),
  modifies: KIds,
  enabled: z.boolean().describe('the default: true when the features stand in the file\'s `features`, false when held in `terrain`'),
  features: z.array(FeatureId).min(1).describe('the ids of the features the option puts on the table'),
  terrain: z.array(z.record(z.string(), z.unknown())).optional().describe('off by default: the features themselves (as in `features`)'),
  house: House,
}).strict().superRefine((v, ctx) => {
  if (v.enabled && v.terrain) ctx.addIssue({ code: 'custom', path: ['terrain'], message: 'terrain on by default stands in the file\'s `features` (the default table): expected no terrain here' });
  if (!v.enabled && !v.terrain) ctx.addIssue({ code: 'custom', path: ['terrain'], message: 'terrain off by default is held here: expected the features the option puts on the table' });
});

const KINDS = {
  'preparation-fire': PreparationFire, winter: Winter, elevated: Elevated, night: Night, 'off-table-fire': OffTableFire,
  demolition: Demolition, 'narrow-crossing': NarrowCrossing, 'hidden-units': HiddenUnits, 'victory-requirement': VictoryRequirement,
  'aid-posts': AidPosts, 'optional-unit': OptionalUnit, 'cannot-go-to-ground': CannotGoToGround, 'objective-control': ObjectiveControl,
  'optional-terrain': OptionalTerrain,
} as const;

export type SpecialKind = keyof typeof KINDS;
export type SpecialData = z.infer<(typeof KINDS)[SpecialKind]>;
export type SpecialOf<K extends SpecialKind> = z.infer<(typeof KINDS)[K]>;
export type UnitsInT = z.infer<typeof UnitsIn>;

export interface SpecialIssue { path: string; message: string }

function parseOne(data: unknown): { ok: true; data: SpecialData } | { ok: false; issues: Array<{ path: string; message: string }> } {
  const kind = (data as { kind?: unknown } | null)?.kind;
  if (typeof kind !== 'string' || !(kind in KINDS)) {
    return { ok: false, issues: [{ path: 'kind', message: `K-GAP-1: a special rule's data names its kind, one of ${Object.keys(KINDS).join(', ')}` }] };
  }
  const r = KINDS[kind as SpecialKind].safeParse(data);
  if (r.success) return { ok: true, data: r.data as SpecialData };
  return { ok: false, issues: r.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message })) };
}

/** One special rule's data parsed (undefined when invalid: validateSpecialRules says why). */
export function parseSpecialData(data: unknown): SpecialData | undefined {
  const r = parseOne(data);
  return r.ok ? r.data : undefined;
}

/** Does `pattern` (a feature id, or a prefix ending in *) name this feature id? */
export function idMatches(pattern: string, id: string): boolean {
  return pattern.endsWith('*') ? id.startsWith(pattern.slice(0, -1)) : pattern === id;
}

function get(o: unknown, path: string): unknown {
  let v: unknown = o;
  for (const k of path.split('.')) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[k];
  }
  return v;
}

/** Every problem of a scenario's special-rule data, with its JSON path (an empty list: all can be played). */
export function validateSpecialRules(s: Scenario): SpecialIssue[] {
  const issues: SpecialIssue[] = [];
  const features = new Map(s.features.map((f) => [f.id, f]));
  const units = new Set((s.units ?? []).map((u) => u.id));
  const sides = new Set(s.sides.map((x) => x.id));
  const objectives = new Set((s.objectives ?? []).map((o) => o.id));
  const added = addedUnitIds(s);
  (s.specialRules ?? []).forEach((rule, i) => {
    if (rule.data === undefined) return; // prose only (briefing text)
    const base = `specialRules.${i}.data`;
    const r = parseOne(rule.data);
    if (!r.ok) {
      for (const is of r.issues) issues.push({ path: is.path ? `${base}.${is.path}` : base, message: is.message });
      return;
    }
    const d = r.data;
    const bad = (path: string, message: string) => issues.push({ path: `${base}.${path}`, message });
    const feature = (path: string, id: string | undefined, want?: (f: Feature) => boolean, what?: string) => {
      if (id === undefined) return;
      const f = features.get(id);
      if (!f) bad(path, `unknown feature "${id}"`);
      else if (want && !want(f)) bad(path, `"${id}" is a ${f.kind}: expected ${what}`);
    };
    const side = (path: string, id: string) => { if (!sides.has(id)) bad(path, `unknown side "${id}"`); };
    const outlined = (f: Feature) => outlineOf(f).length >= 3;
    for (const key of Object.keys(d.house ?? {})) if (get(d, key) === undefined) bad(`house.${key}`, `the house value "${key}" names no field of this rule's data`);
    switch (d.kind) {
      case 'preparation-fire':
        d.salvoes.forEach((v, j) => {
          side(`salvoes.${j}.side`, v.side);
          feature(`salvoes.${j}.unitsIn`, v.unitsIn, outlined, 'an area or building');
          feature(`salvoes.${j}.nearestTo`, v.nearestTo, outlined, 'an area or building');
        });
        break;
      case 'elevated':
        if (d.side) side('side', d.side);
        feature('area', d.area, outlined, 'an area');
        d.buildings?.forEach((b, j) => feature(`buildings.${j}`, b, (f) => f.kind === 'building', 'a building'));
        d.firesOver.features?.forEach((p, j) => { if (![...features.keys()].some((id) => idMatches(p, id))) bad(`firesOver.features.${j}`, `"${p}" matches no feature`); });
        break;
      case 'night':
        if (d.searchlight) side('searchlight.side', d.searchlight.side);
        break;
      case 'off-table-fire':
        side('side', d.side);
        d.targetsIn.forEach((f, j) => feature(`targetsIn.${j}`, f, outlined, 'an area, road or bridge'));
        break;
      case 'demolition':
        if (!objectives.has(d.charge)) bad('charge', `unknown objective "${d.charge}"`);
        feature('bridge', d.bridge, (f) => f.kind === 'bridge', 'a bridge');
        feature('over', d.over, (f) => f.kind === 'water', 'water');
        feature('fire.of', d.fire.of, outlined, 'a feature with an outline');
        side('fire.side', d.fire.side);
        side('remove.side', d.remove.side);
        d.remove.units?.forEach((u, j) => { if (!units.has(u) && !added.has(u)) bad(`remove.units.${j}`, `unknown unit "${u}": expected the id of a unit in \`units\` or one an optional rule adds`); });
        break;
      case 'narrow-crossing':
        feature('feature', d.feature, (f) => f.kind === 'bridge', 'a bridge (the walkway)');
        break;
      case 'hidden-units':
        d.units.forEach((u, j) => { if (!units.has(u)) bad(`units.${j}`, `unknown unit "${u}"`); });
        feature('feature', d.feature);
        break;
      case 'victory-requirement':
        side('side', d.side);
        break;
      case 'aid-posts':
        d.posts.forEach((p, j) => {
          side(`posts.${j}.side`, p.side);
          feature(`posts.${j}.feature`, p.feature, outlined, 'a building or area');
        });
        break;
      case 'optional-unit':
        if (d.existing !== undefined && !units.has(d.existing)) bad('existing', `unknown unit "${d.existing}": expected the id of a unit in \`units\``);
        if (d.unit) optionalUnitIssues(s, d.unit, d.deployIn, features, bad);
        break;
      case 'cannot-go-to-ground':
        d.units.forEach((u, j) => { if (!units.has(u) && !added.has(u)) bad(`units.${j}`, `unknown unit "${u}"`); });
        break;
      case 'optional-terrain':
        optionalTerrainIssues(d, features, bad);
        break;
      default:
        break;
    }
  });
  return issues;
}

/**
 * Optional terrain: on by default, every named feature stands in `features`; off by default, each held
 * feature is a valid feature whose id is named and clashes with none on the table. (The scenario as
 * played is checked whole when the option changes the table: options.ts.)
 */
function optionalTerrainIssues(d: SpecialOf<'optional-terrain'>, features: Map<string, Feature>, bad: (path: string, message: string) => void): void {
  if (d.enabled) {
    d.features.forEach((id, j) => { if (!features.has(id)) bad(`features.${j}`, `unknown feature "${id}": expected the id of a feature in \`features\` (terrain on by default stands there)`); });
    return;
  }
  const held = new Set<string>();
  (d.terrain ?? []).forEach((t, j) => {
    const r = FeatureSchema.safeParse(t);
    if (!r.success) {
      for (const i of r.error.issues) bad(['terrain', j, ...i.path.map(String)].join('.'), i.message);
      return;
    }
    held.add(r.data.id);
    if (features.has(r.data.id)) bad(`terrain.${j}.id`, `"${r.data.id}" is already a feature in \`features\`: expected a new id`);
    if (!d.features.includes(r.data.id)) bad(`terrain.${j}.id`, `"${r.data.id}" is not listed in features: expected one of ${d.features.join(', ')}`);
  });
  d.features.forEach((id, j) => { if (!held.has(id)) bad(`features.${j}`, `"${id}" is held in no terrain entry (terrain off by default is held there): expected a feature of terrain with this id`); });
}

/** The ids of the units optional-unit rules may add (so other rules may name them). */
function addedUnitIds(s: Scenario): Set<string> {
  const out = new Set<string>();
  for (const r of s.specialRules ?? []) {
    const d = r.data as { kind?: unknown; unit?: { id?: unknown } } | undefined;
    if (d?.kind === 'optional-unit' && typeof d.unit?.id === 'string') out.add(d.unit.id);
  }
  return out;
}

/** An added unit: a valid placement, ids clashing with no unit or figure, a known side, every figure inside `deployIn`. */
function optionalUnitIssues(s: Scenario, unit: Record<string, unknown>, deployIn: string | undefined, features: Map<string, Feature>, bad: (path: string, message: string) => void): void {
  const r = UnitPlacement.safeParse(unit);
  if (!r.success) {
    for (const i of r.error.issues) bad(['unit', ...i.path.map(String)].join('.'), i.message);
    return;
  }
  const u = r.data;
  if ((s.units ?? []).some((x) => x.id === u.id)) bad('unit.id', `"${u.id}" is already a unit in \`units\`: expected a new id`);
  if (!s.sides.some((x) => x.id === u.side)) bad('unit.side', `unknown side "${u.side}"`);
  const taken = new Set((s.units ?? []).flatMap((x) => x.figures.map((f) => f.id)));
  const area = deployIn ? features.get(deployIn) : undefined;
  if (deployIn && !area) bad('deployIn', `unknown feature "${deployIn}"`);
  const poly = area ? outlineOf(area) : [];
  u.figures.forEach((f, j) => {
    if (taken.has(f.id)) bad(`unit.figures.${j}.id`, `figure id "${f.id}" is already used in \`units\``);
    if (poly.length >= 3 && !pointInPolygon(f.at, poly)) bad(`unit.figures.${j}.at`, `[${f.at.join(', ')}] is outside ${deployIn}: expected a point inside it`);
  });
}

/** The plan outline of a feature: buildings, areas, and path features (bridges, barricades, walls) as ribbons. */
export function outlineOf(f: Feature): Vec2[] {
  if (f.kind === 'building') return buildingCorners(f);
  if (isArea(f)) return areaPolygon(f);
  const path = (f as { path?: Vec2[] }).path;
  const width = (f as { width?: number }).width ?? (f as { thickness?: number }).thickness;
  if (path && path.length >= 2 && width) return ribbonPolygon(path, width);
  return [];
}

function centroid(poly: readonly Vec2[]): Vec2 {
  let x = 0;
  let z = 0;
  for (const p of poly) { x += p[0]; z += p[1]; }
  return [x / poly.length, z / poly.length];
}

/** A straight band: from `a` to `b`, half-width `half` (bridge decks, dams, searchlight strips). */
export interface Band { a: Vec2; b: Vec2; half: number }

/** The plan box of a band (its axis padded by the half width), for a quick reject before exact tests. */
export function bandBox(band: Band): [number, number, number, number] {
  return [Math.min(band.a[0], band.b[0]) - band.half, Math.max(band.a[0], band.b[0]) + band.half, Math.min(band.a[1], band.b[1]) - band.half, Math.max(band.a[1], band.b[1]) + band.half];
}

/** Is p on the band (its projection inside the ends, within half the width of the axis)? */
export function onBand(band: Band, p: Vec2, margin = 0): boolean {
  const c = closestOnSegment(p, band.a, band.b);
  return c.t > 0 && c.t < 1 && c.distance <= band.half + margin;
}

/** Distance from p to the nearest point of a polygon (0 inside). */
export function distanceToPolygon(p: Vec2, poly: readonly Vec2[]): number {
  if (pointInPolygon(p, poly)) return 0;
  let d = Infinity;
  for (let i = 0; i < poly.length; i++) d = Math.min(d, closestOnSegment(p, poly[i]!, poly[(i + 1) % poly.length]!).distance);
  return d;
}

/** A feature's straight axis (first to last path point) and half width: bridges, dams. */
function bandOf(f: Feature | undefined): Band | undefined {
  const path = (f as { path?: Vec2[] } | undefined)?.path;
  const width = (f as { width?: number } | undefined)?.width;
  if (!path || path.length < 2 || !width) return undefined;
  return { a: path[0]!, b: path[path.length - 1]!, half: width / 2 };
}

/** The special rules resolved for play: plain data (ids, outlines, bands), kept in the state. */
export interface KSpecialConfig {
  /** Every rule with executable data, by id (the original data, for the rules panel); `name`: how players read it (specialRuleName). */
  rules: Array<{ id: string; name: string; kind: SpecialKind; modifies: string[] }>;
  preparation?: { id: string; name: string; rule: string; salvoes: Array<{ side: string; unitsIn?: Vec2[]; nearestTo?: Vec2[]; on: number[]; where: string }>; attack: z.infer<typeof SpecialAttack> };
  elevated: Array<{ id: string; name: string; rule: string; side?: string; area?: Vec2[]; minGround?: number; buildings?: string[]; minFloor: number; overFriends: boolean; overFeatures: string[] }>;
  night?: { id: string; name: string; rule: string; turns: number[]; visibility: number; lit?: Band & { side: string } };
  offTable: Array<{ id: string; name: string; rule: string; side: string; perTurn: number; from: 'west' | 'east' | 'north' | 'south'; targetsIn: Vec2[][]; where: string; attack: z.infer<typeof SpecialAttack> }>;
  demolition: Array<{ id: string; name: string; rule: string; charge: Vec2; bridge: string; span: Band; over: Vec2[]; fire: { side: string; within: number; of: Vec2[]; ofId: string; on: number[]; tries?: number; notPinned?: boolean }; remove: { side: string; reach: number; units?: string[] } }>;
  crossings: Array<{ id: string; name: string; rule: string; feature: string; band: Band; singleFile: boolean; speedFactor: number; fallOn?: number[]; fallUnderFire?: boolean; open: boolean }>;
  /** objective-control: lone leaders and pinned units left out of holding objectives (K-GAP-1). */
  control?: { id: string; name: string; rule: string; loneLeaders: boolean; pinned: boolean };
  hidden?: { id: string; name: string; rule: string; units: string[]; onFire: boolean; within: number };
  victory: Array<{ id: string; name: string; rule: string; side: string; requires: UnitsInT }>;
  aidPosts: Array<{ side: string; at: Vec2; radius: number }>;
  winter?: boolean;
  /** cannot-go-to-ground, when switched on: these units (and their split halves), the reading in force. */
  bite?: { id: string; name: string; rule: string; units: string[]; reading: BiteReading; openCover: number };
}

/** The dynamic part: who is still hidden, what has been used, destroyed or cleared. */
export interface KSpecialState {
  config: KSpecialConfig;
  /** Units not yet revealed (hidden-units). */
  hidden: string[];
  /** Special rule id → turn → uses that turn (off-table fire). */
  used: Record<string, { turn: number; n: number }>;
  /** Demolition rule id → "turn:unit" of the last try (one per activation). */
  tried: Record<string, string>;
  /** Demolition rule ids whose bridge span is destroyed. */
  destroyed: string[];
  /** Demolition rule ids whose charge was removed. */
  cleared: string[];
  /** cannot-go-to-ground: unit id → the turn it was first fired on (present only when the rule is on). */
  firstFiredOn?: Record<string, number>;
  /** narrow-crossing with falls only under fire: unit id → the last turn it was fired on (present only then). */
  lastFiredOn?: Record<string, number>;
  /** demolition with a limited number of tries: rule id → tries made (present once tried). */
  triesMade?: Record<string, number>;
}

const BUILT = new WeakMap<Scenario, KSpecialConfig | null>();

/** Resolve a validated scenario's special rules (invalid entries are skipped: validation reports them). */
export function buildSpecial(s: Scenario): KSpecialState | undefined {
  // The resolved rules are plain read-only data: worked out once per scenario object, shared by its games.
  let cfg = BUILT.get(s);
  if (cfg === undefined) {
    cfg = resolveSpecial(s) ?? null;
    BUILT.set(s, cfg);
  }
  if (!cfg) return undefined;
  const hidden = cfg.hidden ? [...cfg.hidden.units] : [];
  const underFire = cfg.crossings.some((c) => c.fallUnderFire);
  return { config: cfg, hidden, used: {}, tried: {}, destroyed: [], cleared: [], ...(cfg.bite ? { firstFiredOn: {} } : {}), ...(underFire ? { lastFiredOn: {} } : {}) };
}

function resolveSpecial(s: Scenario): KSpecialConfig | undefined {
  const rules = (s.specialRules ?? []).flatMap((r) => {
    if (r.data === undefined) return [];
    const p = parseOne(r.data);
    return p.ok ? [{ id: r.id, name: specialRuleName(r), d: p.data }] : [];
  });
  if (!rules.length) return undefined;
  const features = new Map(s.features.map((f) => [f.id, f]));
  const outline = (id: string | undefined) => (id && features.has(id) ? outlineOf(features.get(id)!) : []);
  const cfg: KSpecialConfig = { rules: [], elevated: [], offTable: [], demolition: [], crossings: [], victory: [], aidPosts: [] };
  for (const { id, name, d } of rules) {
    // Optional terrain is applied to the table before setup (options.ts): play reads nothing of it.
    if (d.kind === 'optional-terrain') continue;
    cfg.rules.push({ id, name, kind: d.kind, modifies: d.modifies });
    const rule = d.modifies[0]!;
    switch (d.kind) {
      case 'preparation-fire':
        cfg.preparation = {
          id, name, rule, attack: d.attack,
          salvoes: d.salvoes.map((v) => ({
            side: v.side, on: v.on, where: (v.unitsIn ?? v.nearestTo)!,
            ...(v.unitsIn ? { unitsIn: outline(v.unitsIn) } : {}), ...(v.nearestTo ? { nearestTo: outline(v.nearestTo) } : {}),
          })),
        };
        break;
      case 'winter':
        cfg.winter = d.winter;
        break;
      case 'elevated':
        cfg.elevated.push({
          id, name, rule, ...(d.side ? { side: d.side } : {}), ...(d.area ? { area: outline(d.area) } : {}), ...(d.minGround !== undefined ? { minGround: d.minGround } : {}),
          ...(d.buildings ? { buildings: d.buildings } : {}), minFloor: d.minFloor ?? 0, overFriends: d.firesOver.friendlyUnits,
          // Only features that could hide anything matter to a sight line (K-5.2b: fences and low rows never block).
          overFeatures: s.features.filter((f) => (d.firesOver.features ?? []).some((p) => idMatches(p, f.id)))
            .filter((f) => { const t = resolveTags(f); return t.blocksSight || t.seeInDepth !== undefined; }).map((f) => f.id),
        });
        break;
      case 'night': {
        const sl = d.searchlight;
        let lit: (Band & { side: string }) | undefined;
        if (sl) {
          const rad = (sl.bearing * Math.PI) / 180;
          const len = sl.length ?? Math.hypot(s.table.width, s.table.depth);
          lit = { side: sl.side, a: [sl.origin[0] - Math.cos(rad) * 1e-6, sl.origin[1] - Math.sin(rad) * 1e-6], b: [sl.origin[0] + Math.cos(rad) * len, sl.origin[1] + Math.sin(rad) * len], half: sl.width / 2 };
        }
        cfg.night = { id, name, rule, turns: d.turns, visibility: d.visibility, ...(lit && (d.exceptTargets ?? []).includes('lit-areas') ? { lit } : {}) };
        break;
      }
      case 'off-table-fire':
        cfg.offTable.push({ id, name, rule, side: d.side, perTurn: d.perTurn, from: d.from, targetsIn: d.targetsIn.map((f) => outline(f)), where: d.targetsIn.join(' or '), attack: d.attack });
        break;
      case 'demolition': {
        const span = bandOf(features.get(d.bridge));
        const charge = s.objectives?.find((o) => o.id === d.charge)?.at;
        if (!span || !charge) break;
        cfg.demolition.push({
          id, name, rule, charge: [charge[0], charge[1]], bridge: d.bridge, span, over: outline(d.over),
          fire: { side: d.fire.side, within: d.fire.within, of: outline(d.fire.of), ofId: d.fire.of, on: d.fire.on, ...(d.fire.tries ? { tries: d.fire.tries } : {}), ...(d.fire.notPinned ? { notPinned: true } : {}) }, remove: d.remove,
        });
        break;
      }
      case 'narrow-crossing': {
        const band = bandOf(features.get(d.feature));
        if (band) cfg.crossings.push({ id, name, rule, feature: d.feature, band, singleFile: d.singleFile, speedFactor: d.speedFactor, ...(d.fastMoveFall ? { fallOn: d.fastMoveFall.on } : {}), ...(d.fastMoveFall?.underFire ? { fallUnderFire: true } : {}), open: d.cover === 'open' });
        break;
      }
      case 'hidden-units':
        cfg.hidden = { id, name, rule, units: d.units, onFire: d.reveal.onFire, within: d.reveal.enemyWithin };
        break;
      case 'victory-requirement':
        cfg.victory.push({ id, name, rule, side: d.side, requires: d.requires });
        break;
      case 'aid-posts':
        for (const p of d.posts) {
          const o = outline(p.feature);
          if (o.length) cfg.aidPosts.push({ side: p.side, at: centroid(o), radius: p.radius });
        }
        break;
      case 'optional-unit':
        break; // placed (or left out) by the game options before setup (options.ts)
      case 'objective-control':
        cfg.control = { id, name, rule, loneLeaders: d.loneLeaders, pinned: d.pinned };
        break;
      case 'cannot-go-to-ground':
        if (d.enabled) cfg.bite = { id, name, rule, units: d.units, reading: d.reading, openCover: d.openCover ?? 7 };
        break;
    }
  }
  return cfg;
}

/** The house values of a scenario's special rules, for the rules panel: rule id, field, value, why. */
export function specialHouseValues(s: Scenario): Array<{ ruleId: string; key: string; value: unknown; reason: string }> {
  const out: Array<{ ruleId: string; key: string; value: unknown; reason: string }> = [];
  for (const r of s.specialRules ?? []) {
    if (r.data === undefined) continue;
    const p = parseOne(r.data);
    if (!p.ok) continue;
    for (const [key, reason] of Object.entries(p.data.house ?? {})) out.push({ ruleId: r.id, key, value: get(p.data, key), reason });
  }
  return out;
}

/** The bite's unit key for a unit: itself, or the unit it was split from (K-1.1b halves share it). */
function biteKey(units: Readonly<Record<string, { splitFrom?: string }>>, unitId: string, list: readonly string[]): string | undefined {
  if (list.includes(unitId)) return unitId;
  const parent = units[unitId]?.splitFrom;
  return parent && list.includes(parent) ? parent : undefined;
}

/**
 * cannot-go-to-ground: note the turn a listed unit is first fired on (folded on SHOT_FIRED and
 * SPECIAL_FIRE); narrow-crossing under fire: the turn any unit was last fired on. Only a game with such
 * a rule carries the record, so other games' states are unchanged.
 */
export function noteFiredOn<S extends { turn: number; units: Readonly<Record<string, { splitFrom?: string }>>; special?: KSpecialState }>(s: S, unitId: string): S {
  const sp = s.special;
  if (sp?.lastFiredOn && sp.lastFiredOn[unitId] !== s.turn) {
    // narrow-crossing with falls under fire only: the turn this unit was last fired on.
    return noteFiredOn({ ...s, special: { ...sp, lastFiredOn: { ...sp.lastFiredOn, [unitId]: s.turn } } }, unitId);
  }
  if (!sp?.firstFiredOn || !sp.config.bite) return s;
  const key = biteKey(s.units, unitId, sp.config.bite.units);
  if (!key || key in sp.firstFiredOn) return s;
  return { ...s, special: { ...sp, firstFiredOn: { ...sp.firstFiredOn, [key]: s.turn } } };
}

/** The bite in force on this unit now (listed, switched on, first fired on in this very turn), if any. */
export function biteNow(s: { turn: number; units: Readonly<Record<string, { splitFrom?: string }>>; special?: KSpecialState }, unitId: string): KSpecialConfig['bite'] {
  const b = s.special?.config.bite;
  if (!b) return undefined;
  const key = biteKey(s.units, unitId, b.units);
  return key !== undefined && s.special!.firstFiredOn?.[key] === s.turn ? b : undefined;
}

/**
 * cannot-go-to-ground, no-cover reading (K-5.4d, K-7.1b): a listed unit first fired on this turn, whose
 * cover test would be against the open (6), cannot use the ground: the test is against `openCover`.
 */
export function biteCover(s: Parameters<typeof biteNow>[0], unitId: string, cover: { value: number; name: string }): { value: number; name: string } {
  const b = biteNow(s, unitId);
  if (!b || b.reading !== 'no-cover' || cover.value !== 6) return cover;
  return { value: b.openCover, name: `${cover.name}; cannot go to ground, first fired on this turn (${b.name})` };
}
