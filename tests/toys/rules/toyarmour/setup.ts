// The toy armour setup (the setup variant, tests only): TA-12 a roll for who places first, TA-13 the
// sides place the scenario's terrain pool by turns (the winner the larger share), TA-14 they deploy
// their units by turns near their own edge, the roll's loser first. The stages are the flow machine's
// `setup`; the pieces placed make the table (armourTableScenario), which the session rebuilds.
import { hypot, type Command, type Dice, type GameEvent, type Resolution, type SetupProgram, type SetupStage, type TableQueries, type Vec2 } from '../../core';
import { placedFeature, type Scenario } from '../../scenario';
import type { ArmourState, ArmourTable } from './rules';

/** A terrain piece placed: its own id, the pool piece, where and how far turned (degrees counter-clockwise). */
export interface PlacedPiece {
  id: string;
  piece: string;
  side: string;
  at: Vec2;
  rotation: number;
}

/** The setup's record on the table (absent outside the setup variant). */
export interface ArmourSetup {
  /** TA-12 the roll's winner (absent until rolled). */
  winner?: string;
  /** TA-13 the pieces each side has still to place. */
  quota: Record<string, number>;
  /** TA-13 the copies of each pool piece still to place. */
  pool: Record<string, number>;
  placed: PlacedPiece[];
  /** TA-14 the units still to deploy. */
  undeployed: string[];
}

/** TA-13 a piece stands at least this far from the west and east edges (clear of the deployment zones), cm. */
export const TERRAIN_CLEAR = 15;
/** TA-14 every figure of a unit deploys within this far of its side's edge, cm. */
export const DEPLOY_DEPTH = 10;

type Ctx = { scenario: Scenario; table: TableQueries };
const no = (reason: string, rule: string): Resolution => ({ ok: false, reason, rule });
const sideName = (scenario: Scenario, side: string) => scenario.sides.find((x) => x.id === side)?.name ?? side;
const nameOf = (scenario: Scenario, unit: string) => scenario.units?.find((u) => u.id === unit)?.name ?? unit;
const otherSide = (scenario: Scenario, side: string) => scenario.sides.find((x) => x.id !== side)?.id ?? side;

/** The setup variant's table as the scenario sets it: the whole pool to place, every unit to deploy. */
export function armourSetupStart(scenario: Scenario): ArmourSetup {
  const pool = Object.fromEntries((scenario.terrainPool ?? []).map((p) => [p.id, p.count ?? 1]));
  return { quota: Object.fromEntries(scenario.sides.map((x) => [x.id, 0])), pool, placed: [], undeployed: (scenario.units ?? []).map((u) => u.id) };
}

const setupOf = (t: ArmourTable): ArmourSetup => {
  if (!t.setup) throw new Error('toy armour: the setup variant\'s table has no setup record');
  return t.setup;
};

/** TA-12 both sides roll a d6, a tie re-rolled: the higher places terrain first. */
function resolveRoll(_s: ArmourState, _c: Command, { scenario, dice }: Ctx & { dice: Dice }): Resolution {
  const sides = scenario.sides.map((x) => x.id);
  let a = 0;
  let b = 0;
  while (a === b) {
    a = dice.roll(6, `setup roll of ${sideName(scenario, sides[0]!)}`, 'TA-12');
    b = dice.roll(6, `setup roll of ${sideName(scenario, sides[1]!)}`, 'TA-12');
  }
  const winner = a > b ? sides[0]! : sides[1]!;
  return { ok: true, events: [{ type: 'SETUP_ROLLED', rule: 'TA-12', winner, loser: otherSide(scenario, winner), text: `${sideName(scenario, winner)} win the setup roll (${a}–${b})` }] };
}

/** Where a side's edge runs: the x of the west or east edge (the toy's sides hold those). */
const edgeX = (scenario: Scenario, side: string) => (scenario.sides.find((x) => x.id === side)?.edge === 'east' ? scenario.table.width : 0);

/** TA-13 a piece from the pool placed at `at`, turned `rotation`: on the table, clear of both deployment zones. */
function resolvePlace(s: ArmourState, c: Command, { scenario }: Ctx): Resolution {
  const st = setupOf(s.table);
  const piece = scenario.terrainPool?.find((p) => p.id === c.piece);
  if (!piece || !(st.pool[piece.id]! > 0)) return no(`no piece "${String(c.piece)}" is left in the pool`, 'TA-13');
  const at = c.at as Vec2 | undefined;
  const rotation = Number(c.rotation ?? 0);
  if (!Array.isArray(at) || at.length !== 2 || !at.every(Number.isFinite) || !Number.isFinite(rotation)) return no('a piece needs "at": [x, z] (cm) and a rotation (degrees)', 'TA-13');
  if (at[0] < TERRAIN_CLEAR || at[0] > scenario.table.width - TERRAIN_CLEAR || at[1] < 0 || at[1] > scenario.table.depth) {
    return no(`a piece stands on the table at least ${TERRAIN_CLEAR} cm from the west and east edges`, 'TA-13');
  }
  const id = `${piece.id}-${(piece.count ?? 1) - st.pool[piece.id]! + 1}`;
  return { ok: true, events: [{ type: 'TERRAIN_PLACED', rule: 'TA-13', side: c.side, piece: piece.id, id, at: [at[0], at[1]], rotation, text: `${sideName(scenario, String(c.side))} place ${piece.name} at (${at[0]}, ${at[1]})` }] };
}

/** TA-14 a unit deployed: moved as one (its first figure to `at`), every figure within DEPLOY_DEPTH of its side's edge. */
function resolveDeploy(s: ArmourState, c: Command, { scenario }: Ctx): Resolution {
  const st = setupOf(s.table);
  const unit = String(c.unitId);
  const figs = s.table.figures.filter((f) => f.unit === unit);
  const lead = figs[0];
  if (!lead || !st.undeployed.includes(unit) || lead.side !== c.side) return no(`${nameOf(scenario, unit)} is no unit of theirs still to deploy`, 'TA-14');
  const at = c.at as Vec2 | undefined;
  if (!Array.isArray(at) || at.length !== 2 || !at.every(Number.isFinite)) return no('a deployment needs "at": [x, z] (cm)', 'TA-14');
  const [dx, dz] = [at[0] - lead.at[0], at[1] - lead.at[1]];
  const edge = edgeX(scenario, lead.side);
  const outside = figs.some((f) => {
    const [x, z] = [f.at[0] + dx, f.at[1] + dz];
    return Math.abs(x - edge) > DEPLOY_DEPTH + 1e-9 || x < 0 || x > scenario.table.width || z < 0 || z > scenario.table.depth;
  });
  if (outside) return no(`every figure deploys on the table within ${DEPLOY_DEPTH} cm of its side's edge`, 'TA-14');
  return { ok: true, events: [{ type: 'UNIT_DEPLOYED', rule: 'TA-14', unit, dx, dz, text: `${nameOf(scenario, unit)} deploy ${hypot(dx, dz).toFixed(1)} cm from where the file put them` }] };
}

/** TA-13 spots a piece may go (the legal list offers these; the rules take any spot clear of the zones). */
function terrainSpots(scenario: Scenario): Vec2[] {
  const { width, depth } = scenario.table;
  return [0.35, 0.5, 0.65].flatMap((fx) => [0.25, 0.5, 0.75].map((fz) => [Math.round(width * fx), Math.round(depth * fz)] as Vec2));
}

/** TA-14 spots a unit may deploy its first figure to: along its edge, half the zone in. */
function deploySpots(scenario: Scenario, side: string): Vec2[] {
  const x = Math.abs(edgeX(scenario, side) - DEPLOY_DEPTH / 2);
  return [0.25, 0.5, 0.75].map((fz) => [x, Math.round(scenario.table.depth * fz)] as Vec2);
}

/** The setup's events folded into the table (the other events are the rules'). */
export function evolveArmourSetup(t: ArmourTable, e: GameEvent): ArmourTable {
  switch (e.type) {
    case 'SETUP_ROLLED': {
      // TA-13 the winner places the larger share of the pool, the loser the rest.
      const st = setupOf(t);
      const n = Object.values(st.pool).reduce((a, b) => a + b, 0);
      return { ...t, setup: { ...st, winner: String(e.winner), quota: { [String(e.winner)]: Math.ceil(n / 2), [String(e.loser)]: Math.floor(n / 2) } } };
    }
    case 'TERRAIN_PLACED': {
      const st = setupOf(t);
      const side = String(e.side);
      const placed: PlacedPiece = { id: String(e.id), piece: String(e.piece), side, at: e.at as Vec2, rotation: Number(e.rotation) };
      return { ...t, setup: { ...st, quota: { ...st.quota, [side]: st.quota[side]! - 1 }, pool: { ...st.pool, [placed.piece]: st.pool[placed.piece]! - 1 }, placed: [...st.placed, placed] } };
    }
    case 'UNIT_DEPLOYED': {
      const st = setupOf(t);
      const [dx, dz] = [Number(e.dx), Number(e.dz)];
      return { ...t, figures: t.figures.map((f) => (f.unit === e.unit ? { ...f, at: [f.at[0] + dx, f.at[1] + dz] as Vec2 } : f)), setup: { ...st, undeployed: st.undeployed.filter((u) => u !== e.unit) } };
    }
    default:
      return t;
  }
}

const SCENARIOS = new WeakMap<readonly PlacedPiece[], { scenario: Scenario; played: Scenario }>();

/** The scenario as the table stands: the file's features and every piece placed (the same scenario object while none is, and per list of pieces placed). */
export function armourTableScenario(t: ArmourTable, scenario: Scenario): Scenario {
  const placed = t.setup?.placed;
  if (!placed?.length) return scenario;
  const known = SCENARIOS.get(placed);
  if (known?.scenario === scenario) return known.played;
  const pieces = placed.map((p) => placedFeature(scenario.terrainPool!.find((x) => x.id === p.piece)!, p.at, p.rotation, p.id));
  const played = { ...scenario, features: [...scenario.features, ...pieces] };
  SCENARIOS.set(placed, { scenario, played });
  return played;
}

type Stage = SetupStage<ArmourTable, Scenario, TableQueries>;

/** The three stages, in order (TA-12 … TA-14). */
const STAGES: readonly Stage[] = [
  {
    name: 'roll', rule: 'TA-12', kind: 'roll', title: 'roll for who places terrain first',
    side: () => null,
    legal: (_s, side) => [{ type: 'SETUP_ROLL', side }],
    resolve: resolveRoll,
  },
  {
    name: 'terrain', rule: 'TA-13', kind: 'alternate', title: 'place a terrain piece',
    side: (s) => setupOf(s.table).winner!,
    legal: (s, side, { scenario }) => {
      const st = setupOf(s.table);
      if (!(st.quota[side]! > 0)) return [];
      return Object.entries(st.pool).filter(([, n]) => n > 0).flatMap(([piece]) => terrainSpots(scenario).flatMap((at) => [0, 90].map((rotation) => ({ type: 'PLACE_TERRAIN', side, piece, at, rotation }))));
    },
    resolve: resolvePlace,
    left: (t, side) => setupOf(t).quota[side] ?? 0,
  },
  {
    name: 'deploy', rule: 'TA-14', kind: 'alternate', title: 'deploy a unit',
    // The roll's loser deploys first.
    side: (s) => s.seq.sides.find((x) => x !== setupOf(s.table).winner)!,
    legal: (s, side, { scenario }) => {
      const own = setupOf(s.table).undeployed.filter((u) => s.table.figures.some((f) => f.unit === u && f.side === side));
      return own.flatMap((unitId) => deploySpots(scenario, side).map((at) => ({ type: 'DEPLOY', side, unitId, at })));
    },
    resolve: resolveDeploy,
    left: (t, side) => setupOf(t).undeployed.filter((u) => t.figures.some((f) => f.unit === u && f.side === side)).length,
  },
];

/** What a stage awaits, in players' words (the HUD's prompt). */
export const setupTitle = (name: string | undefined) => STAGES.find((st) => st.name === name)?.title ?? 'set up';

/** The setup variant's program part: its command types and (for any scenario) the three stages. */
export const armourSetup: SetupProgram<ArmourTable, Scenario, TableQueries> = {
  types: ['SETUP_ROLL', 'PLACE_TERRAIN', 'DEPLOY'],
  stages: () => STAGES,
};
