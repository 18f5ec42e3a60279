// The ruleset's part of a scenario file: units' and figures' `data`, and the scenario's `rules`
// (house options, winter, dressing stations), checked with zod (K-GAP-3, K-GAP-5, K-GAP-11, K-ORG, K-SKL).
import { z } from 'zod';
import type { Scenario, UnitPlacement } from '../../scenario';
import { ORGANISATIONS, squadSize, weaponById } from './data';
import { HouseChoice, resolveHouse } from './house';
import { validateSpecialRules } from './special';
import { nightLightIssues } from './night-light';
import { FigureStart, StartRules, UnitStart, startInfo, validateStartStates, type StartUnitInfo } from './start-states';
import type { FigureRole, Nationality, SkillKey, UnitKind } from './state';

const Level = z.number().int().min(1).max(6);
export const NationalitySchema = z.enum(['finnish', 'swedish', 'german', 'russian']);
export const SkillKeySchema = z.enum(['no-retreat', 'leader', 'snow-suit', 'multilingual', 'swedish', 'german', 'russian', 'medic']);
export const RoleSchema = z.enum(['soldier', 'squad-leader', 'lance-corporal', 'leader', 'mg-gunner', 'mg-loader', 'medic']);
const WeaponRef = z.string().refine((w) => weaponById(w) !== undefined, { message: 'unknown weapon (give a K-WPN id or key from data/weapons.json)' });

/** A unit's `data` in a Kuularuisku scenario. */
export const KUnitData = z.object({
  kind: z.enum(['squad', 'mg-squad', 'leader']).optional().describe('K-1.0a; default from the unit type'),
  skill: Level.optional().describe('K-5.3d skill level (K-GAP-5: house default otherwise)'),
  morale: Level.optional().describe('K-7.1a morale value (K-GAP-5: house default otherwise)'),
  nationality: NationalitySchema.optional().describe('K-SKL-4…7 (default finnish)'),
  languages: z.array(z.enum(['swedish', 'german', 'russian'])).optional().describe('K-SKL-4 the nationalities a multilingual leader also counts as'),
  skills: z.array(SkillKeySchema).optional(),
  grenades: z.boolean().optional().describe('K-6.6 / K-GAP-8'),
  weapon: WeaponRef.optional().describe('K-WPN default weapon of its soldiers (K-GAP-11)'),
  organisation: z.enum(['K-ORG-1', 'K-ORG-2', 'K-ORG-3', 'K-ORG-4', 'K-ORG-5']).optional(),
  squadLeader: z.boolean().optional().describe('K-1.4 whether the first figure is the squad leader (default: squads yes, MG squads no)'),
  joinedTo: z.string().optional().describe('K-1.3b a leader starting the game joined to this unit id'),
  start: UnitStart.optional().describe('its state when a scenario opens mid-battle (start-states.ts)'),
}).strict();

/** A figure's `data`. */
export const KFigureData = z.object({
  role: RoleSchema.optional(),
  weapon: WeaponRef.nullable().optional(),
  skill: Level.optional(),
  morale: Level.optional(),
  skills: z.array(SkillKeySchema).optional(),
  base: z.number().positive().max(5).optional().describe('base radius, cm'),
  start: FigureStart.optional().describe('his state when a scenario opens mid-battle (start-states.ts)'),
}).strict();

/** The scenario's `rules` for Kuularuisku. */
export const KRules = z.object({
  house: z.record(z.string(), HouseChoice).optional().describe('house options by key (data/house-values.json)'),
  winter: z.boolean().optional().describe('K-SKL-3 a winter scenario (default: conditions.snow)'),
  dressingStations: z.array(z.object({ side: z.string(), at: z.tuple([z.number(), z.number()]), radius: z.number().positive() }).strict()).optional().describe('K-5.6a'),
  start: StartRules.optional().describe('the turn a mid-battle scenario opens in, its deck, weapons left on the table (start-states.ts)'),
}).strict();

export type KUnitDataT = z.infer<typeof KUnitData>;
export type KFigureDataT = z.infer<typeof KFigureData>;
export type KRulesT = z.infer<typeof KRules>;

export interface Issue { path: string; message: string }

function zodIssues(prefix: string, err: z.ZodError): Issue[] {
  return err.issues.map((i) => ({ path: [prefix, ...i.path.map(String)].filter(Boolean).join('.'), message: i.message }));
}

export function unitKindOf(u: UnitPlacement, data: KUnitDataT): UnitKind {
  if (data.kind) return data.kind;
  if (u.type === 'leader') return 'leader';
  if (u.type === 'weapon-team') return 'mg-squad';
  return 'squad';
}

export function unitNationality(data: KUnitDataT): Nationality {
  if (data.nationality) return data.nationality;
  const s = data.skills ?? [];
  if (s.includes('swedish')) return 'swedish';
  if (s.includes('german')) return 'german';
  if (s.includes('russian')) return 'russian';
  return 'finnish';
}

/** Default role of figure i in a unit (K-1.3, K-1.4, K-AMB-19, K-GAP-12 crew size). */
export function defaultRole(kind: UnitKind, index: number, data: KUnitDataT, mgCrew = 2): FigureRole {
  if (kind === 'leader') return 'leader';
  if (kind === 'mg-squad') {
    if (data.squadLeader && index === 0) return 'squad-leader';
    const i = data.squadLeader ? index - 1 : index;
    return i % mgCrew === 0 ? 'mg-gunner' : 'mg-loader';
  }
  return index === 0 && data.squadLeader !== false ? 'squad-leader' : 'soldier';
}

export function parseUnitData(u: UnitPlacement): KUnitDataT {
  const r = KUnitData.safeParse(u.data ?? {});
  return r.success ? r.data : {};
}

export function parseFigureData(d: unknown): KFigureDataT {
  const r = KFigureData.safeParse(d ?? {});
  return r.success ? r.data : {};
}

export function parseRules(s: Scenario): KRulesT {
  const r = KRules.safeParse(s.rules ?? {});
  return r.success ? r.data : {};
}

/** K-SKL-4…7 may a leader of these nationalities command / join / lend morale to this unit? */
export function nationalityCompatible(leader: { nationality: Nationality; languages: readonly Nationality[]; skills: readonly SkillKey[] }, unit: { nationality: Nationality }): boolean {
  if (leader.nationality === unit.nationality) return true;
  // K-SKL-4 a multilingual hero counts as Finnish and as the nationalities on his profile.
  if (leader.skills.includes('multilingual')) {
    const his: Nationality[] = ['finnish', ...leader.languages, leader.nationality];
    return his.includes(unit.nationality);
  }
  return false;
}

/**
 * K-GAP-3, K-ORG, K-SKL, K-1.3b: every ruleset-specific problem of a Kuularuisku scenario, with its
 * JSON path. An empty list means the scenario can be played.
 */
export function validateKScenario(s: Scenario): Issue[] {
  const issues: Issue[] = [...validateSpecialRules(s), ...nightLightIssues(s)];
  const rules = KRules.safeParse(s.rules ?? {});
  if (!rules.success) issues.push(...zodIssues('rules', rules.error));
  else {
    const { house, issues: hi } = resolveHouse(rules.data.house);
    issues.push(...hi);
    for (const [i, d] of (rules.data.dressingStations ?? []).entries()) {
      if (!s.sides.some((x) => x.id === d.side)) issues.push({ path: `rules.dressingStations.${i}.side`, message: `unknown side "${d.side}"` });
    }
    const units = s.units ?? [];
    const byId = new Map(units.map((u) => [u.id, u]));
    const starts: StartUnitInfo[] = [];
    let startsComplete = true;
    units.forEach((u, ui) => {
      const base = `units.${ui}`;
      if (house.refuseUnsupportedUnits && (u.type === 'gun' || u.type === 'vehicle' || u.type === 'cavalry')) {
        issues.push({ path: `${base}.type`, message: `K-GAP-3: Kuularuisku has no rules for ${u.type} units (only infantry, MG teams and leaders)` });
      }
      const d = KUnitData.safeParse(u.data ?? {});
      if (!d.success) {
        issues.push(...zodIssues(`${base}.data`, d.error));
        startsComplete = false;
        return;
      }
      const data = d.data;
      const kind = unitKindOf(u, data);
      if (kind === 'leader' && u.figures.length !== 1) issues.push({ path: `${base}.figures`, message: 'K-1.0a a leader unit is a single leader figure' });
      let squadLeaders = 0;
      const roles: FigureRole[] = [];
      u.figures.forEach((f, fi) => {
        const fd = KFigureData.safeParse(f.data ?? {});
        if (!fd.success) {
          issues.push(...zodIssues(`${base}.figures.${fi}.data`, fd.error));
          startsComplete = false;
        }
        roles.push(fd.data?.role ?? defaultRole(kind, fi, data, house.mgCrew));
        if (roles[fi] === 'squad-leader') squadLeaders++;
      });
      starts.push(startInfo(u, ui, kind, data.joinedTo, roles));
      if (squadLeaders > 1) issues.push({ path: `${base}.figures`, message: 'K-1.4 a unit has at most one squad leader' });
      if (kind === 'mg-squad') {
        const hasMg = u.figures.some((f, fi) => {
          const fd = parseFigureData(f.data);
          const role = fd.role ?? defaultRole(kind, fi, data, house.mgCrew);
          const w = fd.weapon === undefined ? (role === 'mg-gunner' ? data.weapon ?? house.defaultWeapons['mg-gunner'] : null) : fd.weapon;
          const info = w ? weaponById(w) : undefined;
          return info?.class === 'mg' || info?.class === 'light-mg';
        });
        if (!hasMg) issues.push({ path: `${base}.figures`, message: 'K-1.0a a machine-gun squad needs a figure carrying a machine gun' });
      }
      if (data.organisation) {
        const org = ORGANISATIONS.find((o) => o.id === data.organisation)!;
        if (kind !== 'leader' && u.figures.length > squadSize(org)) {
          issues.push({ path: `${base}.figures`, message: `${org.id}: a ${org.squad.name} has at most ${squadSize(org)} figures, this one has ${u.figures.length}` });
        }
      }
      if (data.joinedTo !== undefined) {
        const target = byId.get(data.joinedTo);
        const tData = target ? parseUnitData(target) : {};
        if (kind !== 'leader') issues.push({ path: `${base}.data.joinedTo`, message: 'K-1.3b only a leader may start the game joined to a unit' });
        else if (!target) issues.push({ path: `${base}.data.joinedTo`, message: `unknown unit "${data.joinedTo}"` });
        else if (target.side !== u.side) issues.push({ path: `${base}.data.joinedTo`, message: 'K-1.3b a leader joins a unit of his own side' });
        else if (unitKindOf(target, tData) === 'leader') issues.push({ path: `${base}.data.joinedTo`, message: 'K-1.3b a leader joins a squad, not another leader' });
        else if (!nationalityCompatible({ nationality: unitNationality(data), languages: data.languages ?? [], skills: data.skills ?? [] }, { nationality: unitNationality(tData) })) {
          issues.push({ path: `${base}.data.joinedTo`, message: 'K-SKL-5…7 a leader joins only units of his nationality (or K-SKL-4 multilingual)' });
        }
      }
    });
    // Starting states once every unit's and figure's data is sound (their checks read each other's).
    if (startsComplete) issues.push(...validateStartStates(s, house, starts, rules.data.start));
  }
  return issues;
}
