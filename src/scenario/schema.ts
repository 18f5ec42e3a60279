// The scenario file format (zod). World units are cm; (x, z) from the table's south-west
// corner, x east, z north, y up. Ruleset-specific unit data stays `unknown` here.
import { z } from 'zod';
import { LIMITS } from './limits';

// Every length, height, coordinate and angle within the format's largest size (no overflow in building).
const M = LIMITS.magnitude;
const LARGEST = 'the format\'s largest size, cm';
const num = z.number().min(-M, LARGEST).max(M, LARGEST);
const pos = z.number().positive().max(M, LARGEST);
const nonneg = z.number().nonnegative().max(M, LARGEST);
/** An array of at most `max` items (the resource bounds of limits.ts). */
const list = <T extends z.ZodType>(item: T, max: number) => z.array(item).max(max);
const id = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.:-]*$/, 'an id of letters, digits, _ . : -');

/** A point on the table: [x, z] in cm. */
export const Point2 = z.tuple([num, num]).describe('[x, z] in cm from the south-west corner');
/** A point in space: [x, y, z] in cm. */
export const Point3 = z.tuple([num, num, num]).describe('[x, y, z] in cm');
const Polygon = list(Point2, LIMITS.shapePoints).min(3).describe('closed outline, at least 3 points');
const Path = list(Point2, LIMITS.shapePoints).min(2).describe('polyline, at least 2 points');

export const CoverClass = z.enum(['none', 'light', 'hard', 'building', 'fortification', 'armoured']);
export const HeightClass = z.enum(['flat', 'low', 'high', 'elevated']);

/** Rules tags: geometry is the same for all rulesets; each ruleset reads these its own way. */
export const Tags = z
  .object({
    cover: CoverClass.optional().describe('cover a figure in or behind this feature gets'),
    difficult: z.boolean().optional().describe('difficult going for movement'),
    impassable: z.boolean().optional().describe('no movement through it (without aids such as ladders)'),
    blocksSight: z.boolean().optional().describe('solid for line of sight'),
    seeInDepth: nonneg.optional().describe('cm one can see into or out of this area'),
    heightClass: HeightClass.optional(),
  })
  .strict();

const base = {
  id,
  name: z.string().optional(),
  tags: Tags.optional(),
};

export const Hill = z
  .object({
    ...base,
    kind: z.literal('hill'),
    center: Point2,
    radius: z.union([pos, z.tuple([pos, pos])]).describe('cm, or [along x, along z] before rotation'),
    height: num.describe('cm above the surrounding ground; negative digs a hollow'),
    rotation: num.optional().describe('degrees counter-clockwise'),
    profile: z.enum(['dome', 'cone', 'plateau']).optional(),
    plateau: z.number().min(0).max(0.95).optional().describe('flat-top fraction of the radius (plateau profile)'),
  })
  .strict();

export const WallSide = z.enum(['north', 'east', 'south', 'west']);

export const Opening = z
  .object({
    id: id.optional(),
    kind: z.enum(['window', 'door', 'embrasure', 'loophole', 'breach']),
    wall: WallSide.describe('wall of the unrotated footprint'),
    floor: z.number().int().nonnegative(),
    offset: num.describe('cm from the wall centre along the wall (east or north positive)'),
    width: pos,
    sill: nonneg.describe('cm above the floor surface'),
    height: pos,
  })
  .strict();

export const Floor = z
  .object({
    elevation: num.describe('floor surface, cm above the building base'),
    name: z.string().optional(),
  })
  .strict();

export const Roof = z
  .object({
    kind: z.enum(['gable', 'hip', 'flat', 'spire', 'none']),
    height: nonneg.optional().describe('ridge height above the eaves (0 for flat)'),
    walkable: z.boolean().optional().describe('figures may stand on it (flat roofs, tower platforms)'),
  })
  .strict();

export const Building = z
  .object({
    ...base,
    kind: z.literal('building'),
    style: z.enum(['house', 'church', 'tower', 'barn', 'mill', 'bunker', 'hut']).optional(),
    center: Point2,
    size: z.tuple([pos, pos]).describe('[width along x, depth along z] in cm'),
    rotation: num.optional(),
    wallThickness: pos.optional(),
    slab: pos.optional().describe('thickness of the upper floor slabs and of a flat roof, cm (default 0.3)'),
    baseHeight: num.optional().describe('absolute y of the building base; default: ground at its centre'),
    floors: list(Floor, LIMITS.floors).min(1),
    eaves: pos.describe('top of the walls, cm above the base'),
    roof: Roof.optional(),
    openings: list(Opening, LIMITS.openings).optional(),
    ruined: z.boolean().optional().describe('roofless shell, broken upper walls'),
    material: z.enum(['stone', 'brick', 'wood', 'concrete', 'plaster']).optional(),
  })
  .strict();

export const LinearObstacle = z
  .object({
    ...base,
    kind: z.enum(['wall', 'fence', 'hedge', 'palisade', 'wire', 'barricade']),
    path: Path,
    height: pos,
    thickness: pos.optional(),
    endOverlap: nonneg.optional().describe('cm each straight leg reaches past its end points, closing the corners (default: half the thickness)'),
    material: z.enum(['stone', 'brick', 'wood', 'hedge', 'wire', 'earth', 'sandbag']).optional(),
    style: z.enum(['plain', 'headstones']).optional().describe('how it is drawn (never a rule): "headstones" = a row of separate grave stones (fence or wall only); default plain'),
  })
  .strict();

const areaShape = {
  polygon: Polygon.optional(),
  path: Path.optional(),
  width: pos.optional().describe('cm, with path: a ribbon such as a road or river'),
  height: nonneg.optional().describe('cm of the volume above ground that sight passes through (default: woods 10, dense woods 12, rubble 1.5, rocky 1, a standing crop 1, others 0)'),
};

export const Woods = z.object({ ...base, kind: z.literal('woods'), ...areaShape, density: z.enum(['normal', 'dense']).optional(), trees: z.number().int().nonnegative().max(LIMITS.trees, 'the most trees one woods draws').optional().describe('trees to draw (visual only)') }).strict();
export const Field = z.object({ ...base, kind: z.literal('field'), ...areaShape, crop: z.enum(['stubble', 'crop', 'plough', 'pasture', 'mud']).optional() }).strict();
export const Marsh = z.object({ ...base, kind: z.literal('marsh'), ...areaShape }).strict();
export const Rubble = z.object({ ...base, kind: z.literal('rubble'), ...areaShape }).strict();
export const Rocky = z.object({ ...base, kind: z.literal('rocky'), ...areaShape }).strict();
/** A road or railway raised on a bank: sculpted into the relief, so the bank goes with the feature (an optional one too). */
export const Embankment = z
  .object({
    height: pos.describe('cm the crest stands above the ground around it'),
    crestWidth: pos.optional().describe('cm across the flat top (default: the road\'s width)'),
    slope: pos.describe('horizontal run of each side, cm'),
  })
  .strict();
export const Road = z.object({
  ...base, kind: z.literal('road'), ...areaShape, surface: z.enum(['dirt', 'paved', 'track', 'rail']).optional(),
  embankment: Embankment.optional().describe('the road runs on a bank (with path and width): raised into the relief'),
}).strict();
export const Water = z
  .object({
    ...base,
    kind: z.literal('water'),
    ...areaShape,
    water: z.enum(['river', 'stream', 'lake', 'pond']),
    frozen: z.boolean().optional(),
    flow: z.enum(['still', 'slow', 'strong']).optional(),
    depth: nonneg.optional().describe('cm the bed lies below the banks (carved into the relief)'),
  })
  .strict();

export const Fortification = z
  .object({
    ...base,
    kind: z.enum(['rampart', 'bastion', 'redoubt']),
    path: Path.describe('line of the rampart crest (of the ditch\'s inner edge when height is 0); the ditch and parapet lie on the outer side'),
    closed: z.boolean().optional(),
    outer: z.enum(['left', 'right']).optional().describe('outer (enemy) side, seen along the path'),
    height: nonneg.describe('walk (terreplein) height above the ground, cm; 0 = no bank, a ditch alone along the path'),
    crestWidth: pos.optional().describe('width of the walk on top, cm (default 4)'),
    slope: pos.optional().describe('horizontal run of each face, cm (default 3)'),
    frontSlope: pos.optional().describe('horizontal run of the outer (front) face, cm (default: slope)'),
    rearSlope: pos.optional().describe('horizontal run of the inner (rear) face, cm (default: slope)'),
    ditch: z
      .object({
        depth: pos,
        width: pos,
        scarp: pos.optional().describe('horizontal run of the near (inner) face, cm (default: width / 4, at most 1)'),
        counterscarp: pos.optional().describe('horizontal run of the far (outer) face, cm (default: width / 4, at most 1)'),
        berm: nonneg.optional().describe('level strip between the front foot (or the path) and the scarp, cm (default 0)'),
      })
      .strict()
      .optional(),
    parapet: z
      .object({
        height: pos,
        thickness: pos,
        frontSlope: nonneg.optional().describe('horizontal run of the outer face from its foot to its top, cm (default 0: upright); less than the thickness'),
      })
      .strict()
      .optional(),
    embrasures: list(z.object({ id: id.optional(), at: nonneg.describe('cm along the path'), width: pos }).strict(), LIMITS.embrasures).optional(),
  })
  .strict();

/** A ditch on its own, dug along its centre line: the scarp faces the inner side, the counterscarp the outer (enemy) side. */
export const Ditch = z
  .object({
    ...base,
    kind: z.literal('ditch'),
    path: Path.describe('centre line of the ditch (a closed ring when closed)'),
    closed: z.boolean().optional().describe('the path is a ring (default false); its outer side is then outside the ring'),
    outer: z.enum(['left', 'right']).optional().describe('outer (enemy) side of an open ditch, seen along the path: the counterscarp\'s side (default left)'),
    depth: pos.describe('depth of the floor below the ground, cm'),
    width: pos.describe('width at the ground, cm, centred on the path'),
    scarp: pos.optional().describe('horizontal run of the inner face, cm (default: width / 4, at most 1)'),
    counterscarp: pos.optional().describe('horizontal run of the outer face, cm (default: width / 4, at most 1)'),
  })
  .strict();

export const Bridge = z
  .object({
    ...base,
    kind: z.literal('bridge'),
    path: z.tuple([Point2, Point2]),
    width: pos,
    deckHeight: num.optional().describe('absolute y of the deck top; default: the higher bank + 0.5'),
    thickness: pos.optional(),
    railing: nonneg.optional().describe('railing height, cm (0 = none)'),
  })
  .strict();

export const Ladder = z
  .object({
    ...base,
    kind: z.literal('ladder'),
    foot: Point2,
    facing: num.describe('degrees: direction the climber faces, 0 = north, 90 = east'),
    topHeight: pos.describe('cm above the foot where the ladder rests'),
    width: pos.optional(),
    side: z.string().optional().describe('side that carries it, when placed by a player'),
  })
  .strict();

export const Feature = z.discriminatedUnion('kind', [
  Hill, Building, LinearObstacle, Woods, Field, Marsh, Rubble, Rocky, Road, Water, Fortification, Ditch, Bridge, Ladder,
]);

export const FEATURE_KINDS = [
  'hill', 'building', 'wall', 'fence', 'hedge', 'palisade', 'wire', 'barricade', 'woods', 'field', 'marsh',
  'rubble', 'rocky', 'road', 'water', 'rampart', 'bastion', 'redoubt', 'ditch', 'bridge', 'ladder',
] as const;

/** The kinds a terrain piece of a pool may be (pieces players place on the table: no earthworks, water or roads). */
export const POOL_KINDS = ['building', 'hill', 'woods', 'rubble', 'rocky', 'field', 'marsh', 'wall', 'fence', 'hedge', 'wire', 'barricade'] as const;

// A pool piece's feature: as on the table but drawn around (0, 0) and without an id of its own (each placed copy gets one).
const poolShape = { id: id.optional() };
const PoolFeature = z.discriminatedUnion('kind', [
  Building.extend(poolShape), Hill.extend(poolShape), Woods.extend(poolShape), Rubble.extend(poolShape), Rocky.extend(poolShape),
  Field.extend(poolShape), Marsh.extend(poolShape),
  LinearObstacle.extend({ ...poolShape, kind: z.enum(['wall', 'fence', 'hedge', 'wire', 'barricade']) }),
]);

/** A terrain piece players place during setup (a ruleset's stages read the pool): `count` copies of one feature. */
export const TerrainPiece = z
  .object({
    id,
    name: z.string().min(1),
    count: z.number().int().min(1).max(LIMITS.features).optional().describe('copies in the pool (default 1)'),
    feature: PoolFeature.describe(`the piece drawn around (0, 0), unrotated; kinds: ${POOL_KINDS.join(', ')}`),
  })
  .strict();

export const Relief = z
  .object({
    base: num.optional().describe('height of flat ground, cm (default 0)'),
    spacing: pos.optional().describe('cm between height samples (default 1)'),
    samples: z.tuple([z.number().int().min(2), z.number().int().min(2)]).optional().describe('[columns, rows] of samples; overrides spacing'),
    grid: z
      .object({
        columns: z.number().int().min(2),
        rows: z.number().int().min(2),
        heights: list(num, LIMITS.reliefSamples).describe('columns × rows heights, row-major from the south-west corner, spanning the table'),
      })
      .strict()
      .optional(),
  })
  .strict();

const TABLE_SIDE = 'the largest table side the format takes, cm';

export const TableEdge = z.enum(['north', 'east', 'south', 'west', 'none']);

/** How the figures are painted (drawn only, never a rule): coat colour and headgear. */
export const Uniform = z
  .object({
    colour: z.string().regex(/^#[0-9a-fA-F]{6}$/).optional().describe('coat and trousers, sRGB hex (default: a neutral olive)'),
    headgear: z.enum(['peaked-cap', 'fur-cap', 'hood', 'steel-helmet', 'm1-helmet']).optional().describe('default peaked-cap; steel-helmet: the German M35, m1-helmet: the US M1'),
  })
  .strict();

export const Side = z
  .object({
    id,
    name: z.string(),
    edge: TableEdge,
    colour: z.string().regex(/^#[0-9a-fA-F]{6}$/).optional(),
    uniform: Uniform.optional().describe('how the side\'s figures are painted, unless a unit says otherwise'),
    deployment: list(z.object({ id: id.optional(), polygon: Polygon }).strict(), LIMITS.deployment).optional(),
    briefing: z.string().optional(),
  })
  .strict();

/** A vehicle's model on the table: hull size and running gear (drawn, never a rule). */
export const VehicleHull = z
  .object({
    length: pos.describe('cm along the hull facing'),
    width: pos.describe('cm across'),
    height: pos.optional().describe('cm from the ground to the hull top (default: half the width, at most 2.5)'),
    running: z.enum(['tracks', 'wheels', 'halftrack']).optional().describe('running gear (default tracks)'),
    turret: z.boolean().optional().describe('has a turret (default true)'),
  })
  .strict();

export const FigurePlacement = z
  .object({
    id,
    at: Point2,
    facing: num.optional().describe('degrees, 0 = north, 90 = east (a vehicle: its hull)'),
    turretFacing: num.optional().describe('vehicles only: degrees the turret points, 0 = north, 90 = east (default: the hull facing)'),
    hull: VehicleHull.optional().describe('vehicles only: the model\'s size and running gear'),
    floor: z.number().int().nonnegative().optional().describe('floor of the building it stands in'),
    role: z.string().optional(),
    profile: z.string().optional(),
    data: z.unknown().optional(),
  })
  .strict();

const VEHICLE_ONLY = ['turretFacing', 'hull'] as const;

export const UnitPlacement = z
  .object({
    id,
    side: id,
    name: z.string(),
    type: z.enum(['infantry', 'leader', 'weapon-team', 'gun', 'vehicle', 'cavalry']),
    profile: z.string().describe('ruleset profile id'),
    figures: list(FigurePlacement, LIMITS.figures).min(1),
    reserve: z.boolean().optional().describe('enters later rather than deployed'),
    uniform: Uniform.optional().describe('how this unit\'s figures are painted (over the side\'s uniform)'),
    data: z.unknown().optional().describe('ruleset-specific unit data, validated by the ruleset'),
  })
  .strict()
  .superRefine((u, ctx) => {
    if (u.type === 'vehicle') return;
    u.figures.forEach((f, j) => {
      for (const key of VEHICLE_ONLY) {
        if (f[key] === undefined) continue;
        ctx.addIssue({ code: 'custom', path: ['figures', j, key], message: `"${key}" is for vehicles: expected a unit of type "vehicle", this one is "${u.type}"` });
      }
    });
  });

export const Objective = z
  .object({ id, name: z.string(), at: Point2, radius: pos, points: z.number().optional(), description: z.string().optional() })
  .strict();

export const Beat = z
  .object({
    id: id.optional(),
    title: z.string(),
    narration: z.string(),
    camera: z
      .object({
        position: Point3,
        target: Point3,
        follow: id.optional().describe('unit id: at show time the target moves to this unit\'s figures where they stand now (in play, the game\'s positions) and the position keeps its offset from the target'),
      })
      .strict(),
    highlight: list(id, LIMITS.highlight).optional().describe('unit ids to highlight'),
    turn: z.number().int().nonnegative().optional(),
  })
  .strict();

/** The table's light from a turn on (drawn only): day, the grey of first light or dusk, or moonlit night. */
export const LightChange = z
  .object({
    fromTurn: z.number().int().nonnegative().describe('the first turn with this light (0 = before the game, as a presenter beat at turn 0)'),
    light: z.enum(['day', 'dawn', 'dusk', 'night']),
  })
  .strict();

export const Conditions = z
  .object({
    night: z.boolean().optional(),
    snow: z.boolean().optional(),
    fog: z.boolean().optional(),
    visibility: pos.optional().describe('cm beyond which nothing can be seen'),
    timeOfDay: z.string().optional(),
    light: list(LightChange, LIMITS.lightChanges)
      .min(1)
      .optional()
      .describe('the light through the game, drawn only (the sight rules are the ruleset\'s): each entry holds from its turn until the next entry; before the first, the first entry\'s light. Default: night all game when "night" is true, else day'),
  })
  .strict();

export const ScenarioSchema = z
  .object({
    $schema: z.string().optional(),
    format: z.literal(1).describe('scenario format version'),
    id,
    // The scenario layer knows no rulesets: the id is checked against the registry where scenarios are loaded (src/app, src/cli).
    ruleset: id.describe('the ruleset it is played with (a registered id), or "sandbox" for a bare table'),
    title: z.string().min(1),
    date: z.string().optional(),
    place: z.string().optional(),
    summary: z.string().optional(),
    displayUnit: z.enum(['cm', 'in']).optional(),
    table: z.object({ width: pos.max(LIMITS.tableSide, TABLE_SIDE), depth: pos.max(LIMITS.tableSide, TABLE_SIDE) }).strict().describe('cm along x (east) and z (north)'),
    relief: Relief.optional(),
    features: list(Feature, LIMITS.features),
    terrainPool: list(TerrainPiece, LIMITS.features).optional().describe('terrain pieces the players place during setup (the ruleset\'s stages), each drawn around (0, 0)'),
    sides: list(Side, LIMITS.sides),
    units: list(UnitPlacement, LIMITS.units).optional(),
    objectives: list(Objective, LIMITS.objectives).optional(),
    victory: list(z.object({ side: id.optional(), text: z.string(), data: z.unknown().optional() }).strict(), LIMITS.victory).optional(),
    turnLimit: z.number().int().positive().optional(),
    conditions: Conditions.optional(),
    specialRules: list(z.object({ id, text: z.string(), data: z.unknown().optional() }).strict(), LIMITS.specialRules).optional(),
    beats: list(Beat, LIMITS.beats).optional(),
    rules: z.unknown().optional().describe('ruleset-specific options (house rules), validated by the ruleset'),
  })
  .strict();

export type Scenario = z.infer<typeof ScenarioSchema>;
export type Feature = z.infer<typeof Feature>;
export type FeatureKind = Feature['kind'];
export type Tags = z.infer<typeof Tags>;
export type CoverClass = z.infer<typeof CoverClass>;
export type HillFeature = z.infer<typeof Hill>;
export type BuildingFeature = z.infer<typeof Building>;
export type OpeningSpec = z.infer<typeof Opening>;
export type LinearFeature = z.infer<typeof LinearObstacle>;
export type FortificationFeature = z.infer<typeof Fortification>;
export type DitchFeature = z.infer<typeof Ditch>;
/** What is sculpted into the relief across a path: a rampart, bastion or redoubt, or a ditch alone. */
export type EarthworkFeature = FortificationFeature | DitchFeature;
export type BridgeFeature = z.infer<typeof Bridge>;
export type LadderFeature = z.infer<typeof Ladder>;
export type WaterFeature = z.infer<typeof Water>;
export type WoodsFeature = z.infer<typeof Woods>;
export type AreaFeature = Extract<Feature, { kind: 'woods' | 'field' | 'marsh' | 'rubble' | 'rocky' | 'road' | 'water' }>;
export type UnitPlacement = z.infer<typeof UnitPlacement>;
export type FigurePlacement = z.infer<typeof FigurePlacement>;
export type VehicleHull = z.infer<typeof VehicleHull>;
export type Side = z.infer<typeof Side>;
export type Uniform = z.infer<typeof Uniform>;
export type Beat = z.infer<typeof Beat>;
export type TerrainPiece = z.infer<typeof TerrainPiece>;
export type PoolFeature = z.infer<typeof PoolFeature>;
export type LightKind = z.infer<typeof LightChange>['light'];
