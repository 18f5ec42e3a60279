// setupK: a Kuularuisku scenario → the state before the first turn (no dice). Applies the house
// values (K-GAP-5 skill/morale, K-GAP-11 weapons) and K-1.3b leaders who start joined to a unit.
import type { Scenario } from '../../scenario';
import { BASE_RADIUS } from './constants';
import { weaponById } from './data';
import { resolveHouse } from './house';
import { defaultRole, parseFigureData, parseRules, parseUnitData, unitKindOf, unitNationality } from './scenario-data';
import { buildSpecial } from './special';
import { applyStartStates } from './start-states';
import { figureRecord, figureWith, unitRecord, unitWith } from './records';
import type { KFigure, KState, KUnit, SkillKey, TableEdge } from './state';
import { initialTableFlow } from './activation/flow-state';

/**
 * The state before turn 1 per scenario object. Scenarios are never changed in place (the game
 * session's scenario hashes rely on it too) and states are never changed in place, so every game of
 * one scenario can start from one state: parsing the units' and rules' data (zod) for each new game
 * cost ≈ 0.5 ms, ≈ 0.8 % of a random Tammerkoski game (warm profile).
 */
const SETUPS = new WeakMap<Scenario, KState>();

/** K-1.0a, K-1.3b, K-GAP-5, K-GAP-11, K-SKL-2 the state before turn 1 (or the scenario's mid-battle start: its sequence is the machine's opening, start-states.ts startOpening) from a validated scenario. */
export function setupK(scenario: Scenario): KState {
  let s = SETUPS.get(scenario);
  // A scenario that opens mid-battle: its units' and figures' starting states (start-states.ts).
  if (!s) SETUPS.set(scenario, (s = applyStartStates(scenario, buildSetup(scenario))));
  return s;
}

function buildSetup(scenario: Scenario): KState {
  const rules = parseRules(scenario);
  const { house } = resolveHouse(rules.house);
  const sides = scenario.sides.map((s) => ({ id: s.id, name: s.name, edge: s.edge as TableEdge }));
  const units: Record<string, KUnit> = {};
  const figures: Record<string, KFigure> = {};
  for (const u of scenario.units ?? []) {
    const data = parseUnitData(u);
    const kind = unitKindOf(u, data);
    const unitSkills: SkillKey[] = [...(data.skills ?? [])];
    if (kind === 'leader' && !unitSkills.includes('leader')) unitSkills.push('leader'); // K-SKL-2
    const skill = data.skill ?? house.defaultSkill;
    const morale = data.morale ?? house.defaultMorale;
    const side = sides.find((s) => s.id === u.side);
    u.figures.forEach((f, i) => {
      const fd = parseFigureData(f.data);
      const role = fd.role ?? defaultRole(kind, i, data, house.mgCrew);
      const inherits = role === 'soldier' || role === 'squad-leader' || role === 'lance-corporal' || role === 'mg-gunner';
      const fallback = role === 'mg-gunner' ? (data.weapon && weaponById(data.weapon)?.class !== 'rifle' ? data.weapon : undefined) : data.weapon;
      const weaponRef = fd.weapon !== undefined ? fd.weapon : (inherits && fallback) || house.defaultWeapons[role] || null;
      const skills: SkillKey[] = [...new Set([...(role === 'leader' ? unitSkills : []), ...(fd.skills ?? []), ...(role === 'leader' ? ['leader' as const] : [])])];
      figures[f.id] = figureRecord({
        id: f.id, unitId: u.id, homeUnitId: u.id, side: u.side, at: [f.at[0], f.at[1]], floor: f.floor ?? 0, facing: f.facing ?? 0,
        condition: 'healthy', wounds: 0, weapon: weaponRef ? weaponById(weaponRef)!.id : null,
        skill: fd.skill ?? skill, morale: fd.morale ?? morale, role, skills, baseRadius: fd.base ?? BASE_RADIUS,
      });
    });
    units[u.id] = unitRecord({
      id: u.id, side: u.side, name: u.name, kind, figures: u.figures.map((f) => f.id), status: 'normal',
      defensiveFireUsed: false, skill, morale,
      nationality: unitNationality(data), languages: data.languages ?? [], skills: unitSkills,
      grenades: data.grenades ?? house.defaultGrenades, startEdge: side?.edge ?? 'none', startStrength: u.figures.length,
      hadSquadLeader: u.figures.some((f) => figures[f.id]!.role === 'squad-leader'),
      joinedLeaders: [], boundLeaders: [], routLeaders: [], noMoveThisTurn: false, commandedMove: false,
      movedThisTurn: [], shotThisTurn: [],
    });
  }
  // K-1.3b leaders who start the game joined to a unit.
  for (const u of scenario.units ?? []) {
    const target = parseUnitData(u).joinedTo;
    const leader = units[u.id];
    const group = target ? units[target] : undefined;
    if (!leader || !group || leader.kind !== 'leader') continue;
    for (const fid of leader.figures) figures[fid] = figureWith(figures[fid]!, { unitId: group.id });
    units[group.id] = unitWith(group, { figures: [...group.figures, ...leader.figures], joinedLeaders: [...group.joinedLeaders, leader.id] });
    units[leader.id] = unitWith(leader, { figures: [], joinedTo: group.id });
  }
  // The scenario's special rules (special.ts): a winter ruling (K-SKL-3), aid posts (K-5.6a), hidden units …
  const special = buildSpecial(scenario);
  if (special) special.hidden = special.hidden.filter((id) => units[id]);
  return {
    ruleset: 'kuularuisku',
    winter: special?.config.winter ?? rules.winter ?? scenario.conditions?.snow ?? false,
    sides, units, figures, melees: {}, markers: {},
    dressingStations: [
      ...(rules.dressingStations ?? []).map((d) => ({ side: d.side, at: [d.at[0], d.at[1]] as [number, number], radius: d.radius })),
      ...(special?.config.aidPosts ?? []).map((d) => ({ side: d.side, at: [d.at[0], d.at[1]] as [number, number], radius: d.radius })),
    ],
    // Every field, optional ones as undefined, in KState's order: states keep one shape (records.ts).
    activation: undefined, nextId: 1, house, special, turn: 0,
    tableFlow: initialTableFlow(),
  };
}
