// What a COBI scenario must hold, and the table it sets up: two sides, infantry squads of at most five
// figures in coherency (C-3.3b, C-3.2a), deployed within 40 cm of their side's edge (C-3.2a), a round
// limit (C-3.2g: the scenario decides how the game ends). Vehicles come with the vehicle rules.
// `rules.players` gives the players per side for the initiative's team dice (C-3.0d).
import { hypot, type Vec2 } from '../../core';
import type { Scenario } from '../../scenario';
import { CARDS, cobiData } from './data';
import type { CTable, CVehicle } from './state';

type Issue = { path: string; message: string };

/** C-3.2a a deployment no farther than this from the side's own edge (cm). */
export const DEPLOY_DEPTH = 40;
/** C-3.3b a squad's most figures (unless special rules say otherwise). */
export const SQUAD_MAX = 5;
/** C-3.3b, C-3.2a each figure within this of another of its squad (cm, base to base). */
export const SQUAD_SPREAD = 5;
/** A COBI figure on its stand: base radius and height (cm). */
export const FIGURE = { radius: 1, height: 4.5 } as const;

/** The base-to-base gap between two figures (cm, plan). */
export const baseGap = (a: Vec2, b: Vec2) => Math.max(0, hypot(a[0] - b[0], a[1] - b[1]) - 2 * FIGURE.radius);

/** C-3.3b is every figure within SQUAD_SPREAD of another of the squad (a single figure always is)? */
export function coherent(points: readonly Vec2[]): boolean {
  return points.length < 2 || points.every((p, i) => points.some((q, j) => i !== j && baseGap(p, q) <= SQUAD_SPREAD + 1e-6));
}

/** How far a point is from a table edge (cm); Infinity for a side with no edge. */
export function fromEdge(scenario: Scenario, edge: string, at: Vec2): number {
  const { width, depth } = scenario.table;
  switch (edge) {
    case 'north': return depth - at[1];
    case 'south': return at[1];
    case 'east': return width - at[0];
    case 'west': return at[0];
    default: return Infinity;
  }
}

/** C-3.0d the players on each side: the scenario's `rules.players`, else one a side. */
export function playersOf(scenario: Scenario, side: string): number {
  const players = (scenario.rules as { players?: Record<string, unknown> } | undefined)?.players;
  const n = players?.[side];
  return typeof n === 'number' ? n : 1;
}

export function validateCobiScenario(scenario: Scenario): Issue[] {
  const out: Issue[] = [];
  if (scenario.sides.length !== 2) out.push({ path: '$.sides', message: `expected two sides, got ${scenario.sides.length}` });
  if (scenario.turnLimit === undefined) out.push({ path: '$.turnLimit', message: 'expected a round limit (C-3.2g: the scenario decides how the game ends)' });
  const rules = scenario.rules;
  if (rules !== undefined) {
    if (typeof rules !== 'object' || rules === null || Array.isArray(rules)) out.push({ path: '$.rules', message: 'expected an object' });
    else {
      for (const key of Object.keys(rules)) if (!RULES_KEYS.includes(key)) out.push({ path: `$.rules.${key}`, message: `unknown COBI setting (known: ${RULES_KEYS.join(', ')})` });
      // C-GAP-9/C-AMB-n a scenario's weapons and house values on the shipped ones.
      for (const i of cobiData({ weapons: (rules as { weapons?: unknown }).weapons, house: (rules as { house?: unknown }).house }).issues) out.push({ path: i.path, message: i.message });
      const players = (rules as { players?: unknown }).players;
      if (players !== undefined) {
        if (typeof players !== 'object' || players === null || Array.isArray(players)) out.push({ path: '$.rules.players', message: 'expected an object of side id → number of players' });
        else for (const [side, n] of Object.entries(players)) {
          if (!scenario.sides.some((s) => s.id === side)) out.push({ path: `$.rules.players.${side}`, message: `no side "${side}"` });
          else if (!Number.isInteger(n) || (n as number) < 1) out.push({ path: `$.rules.players.${side}`, message: 'expected a whole number of players, at least 1' });
        }
      }
    }
  }
  (scenario.units ?? []).forEach((u, i) => {
    const path = `$.units[${i}]`;
    const side = scenario.sides.find((s) => s.id === u.side);
    if (!side) out.push({ path: `${path}.side`, message: `no side "${u.side}"` });
    if (u.type === 'vehicle') return void out.push(...vehicleIssues(u, path, side?.edge, scenario));
    if (u.type !== 'infantry') out.push({ path: `${path}.type`, message: `expected "infantry" or "vehicle", got "${u.type}"` });
    if (u.figures.length > SQUAD_MAX) out.push({ path: `${path}.figures`, message: `a squad has at most ${SQUAD_MAX} figures (C-3.3b), this one ${u.figures.length}` });
    if (!coherent(u.figures.map((f) => f.at))) out.push({ path: `${path}.figures`, message: `every figure must stand within ${SQUAD_SPREAD} cm of another of its squad (C-3.3b)` });
    u.figures.forEach((f, j) => {
      // C-4.2 a figure's weapon: its profile, else its squad's, when that names a weapon (else a rifle).
      if (f.profile !== undefined && !weaponIds(scenario).has(f.profile)) out.push({ path: `${path}.figures[${j}].profile`, message: `expected a weapon id (${[...weaponIds(scenario)].join(', ')}), got "${f.profile}"` });
      const data = f.data as { binoculars?: unknown } | undefined;
      if (data !== undefined && (typeof data !== 'object' || data === null || Object.keys(data).some((k) => k !== 'binoculars') || (data.binoculars !== undefined && typeof data.binoculars !== 'boolean'))) {
        out.push({ path: `${path}.figures[${j}].data`, message: 'expected { binoculars?: boolean }' });
      }
      if (f.floor) out.push({ path: `${path}.figures[${j}].floor`, message: 'COBI squads start on the ground floor so far' });
      if (side && fromEdge(scenario, side.edge, f.at) > DEPLOY_DEPTH + 1e-6) {
        out.push({ path: `${path}.figures[${j}].at`, message: `deployed ${fromEdge(scenario, side.edge, f.at).toFixed(1)} cm from the ${side.edge} edge, beyond ${DEPLOY_DEPTH} cm (C-3.2a)` });
      }
    });
  });
  return out;
}

/** The keys a COBI scenario's `rules` may hold. */
const RULES_KEYS = ['players', 'weapons', 'house'];

/** The weapon ids a scenario may name (the shipped ones and its own). */
const weaponIds = (scenario: Scenario) => new Set(cobiData({ weapons: (scenario.rules as { weapons?: unknown } | undefined)?.weapons }).data.weapons.keys());

/** C-4.2 a figure's weapon: its own profile, else its squad's profile when that is a weapon, else a rifle (the common arm). */
export function figureWeapon(scenario: Scenario, unitProfile: string, figureProfile: string | undefined): string {
  const ids = weaponIds(scenario);
  if (figureProfile && ids.has(figureProfile)) return figureProfile;
  return ids.has(unitProfile) ? unitProfile : 'rifle';
}

type ScenarioUnit = NonNullable<Scenario['units']>[number];

/** A vehicle unit's card id: `data.card` (C-4.1; C-2.7 any model may carry any card). */
export function cardIdOf(u: ScenarioUnit): string | undefined {
  const card = (u.data as { card?: unknown } | undefined)?.card;
  return typeof card === 'string' ? card : undefined;
}

/** C-4.1, C-3.2a a vehicle unit: one hull with its size, a known card, deployed within 40 cm of its edge. */
function vehicleIssues(u: ScenarioUnit, path: string, edge: string | undefined, scenario: Scenario): Issue[] {
  const out: Issue[] = [];
  const card = cardIdOf(u);
  if (!card || !CARDS.some((c) => c.id === card)) out.push({ path: `${path}.data.card`, message: `expected a card id of cards.json (${CARDS.map((c) => c.id).join(', ')}), got ${JSON.stringify(card)}` });
  const data = u.data as { crew?: unknown } | undefined;
  if (data?.crew !== undefined && (!Number.isInteger(data.crew) || (data.crew as number) < 1)) out.push({ path: `${path}.data.crew`, message: 'expected the crew serving at the start, a whole number, at least 1' });
  if (u.figures.length !== 1) out.push({ path: `${path}.figures`, message: `a vehicle is one hull: expected one figure, got ${u.figures.length}` });
  u.figures.forEach((f, j) => {
    if (!f.hull) out.push({ path: `${path}.figures[${j}].hull`, message: 'expected the model\'s hull size (length, width, height in cm): the hull blocks sight and movement' });
    if (edge && fromEdge(scenario, edge, f.at) > DEPLOY_DEPTH + 1e-6) out.push({ path: `${path}.figures[${j}].at`, message: `deployed ${fromEdge(scenario, edge, f.at).toFixed(1)} cm from the ${edge} edge, beyond ${DEPLOY_DEPTH} cm (C-3.2a)` });
  });
  return out;
}

/** The vehicles as the scenario deploys them: loaded, unharmed, the card's crew unless `data.crew` says fewer. */
function setupVehicles(scenario: Scenario): CVehicle[] {
  return (scenario.units ?? []).filter((u) => u.type === 'vehicle').flatMap((u) => {
    const card = CARDS.find((c) => c.id === cardIdOf(u));
    const f = u.figures[0];
    if (!card || !f) return [];
    const crew = (u.data as { crew?: number } | undefined)?.crew ?? card.crew;
    const width = f.hull?.width ?? 6;
    const hull = { length: f.hull?.length ?? 12, width, height: f.hull?.height ?? Math.min(width / 2, 2.5) };
    const facing = f.facing ?? 0;
    return [{ id: f.id, unit: u.id, side: u.side, card: card.id, at: [f.at[0], f.at[1]] as Vec2, facing, turret: f.turretFacing ?? facing, hull, crew, wounded: 0, marks: [], wreck: false, gun: 'loaded' as const }];
  });
}

/** The table as the scenario deploys it (the vehicles' list only where there are vehicles). */
export function setupTable(scenario: Scenario): CTable {
  const units = (scenario.units ?? []).map((u) => ({ id: u.id, side: u.side, name: u.name, type: u.type }));
  const figures = (scenario.units ?? []).filter((u) => u.type !== 'vehicle').flatMap((u) => u.figures.map((f) => ({
    id: f.id, unit: u.id, side: u.side, at: [f.at[0], f.at[1]] as Vec2, facing: f.facing ?? 0, alive: true,
    weapon: figureWeapon(scenario, u.profile, f.profile),
    ...((f.data as { binoculars?: boolean } | undefined)?.binoculars ? { binoculars: true } : {}),
  })));
  const vehicles = setupVehicles(scenario);
  return { units, figures, ...(vehicles.length ? { vehicles } : {}) };
}

export const unitName = (scenario: Scenario, unit: string) => scenario.units?.find((u) => u.id === unit)?.name ?? unit;
export const sideName = (scenario: Scenario, side: string | null | undefined) => scenario.sides.find((x) => x.id === side)?.name ?? side ?? '';
/** A figure as players read it: its squad's name and its number in the squad ("1st Squad 3"). */
export function figureName(scenario: Scenario, unit: string, figure: string): string {
  const u = scenario.units?.find((x) => x.id === unit);
  const n = u ? u.figures.findIndex((x) => x.id === figure) : -1;
  return u && u.figures.length > 1 && n >= 0 ? `${u.name} ${n + 1}` : unitName(scenario, unit);
}
