// The rulebook's tables as validated data: weapons (K-WPN), skills (K-SKL), organisations (K-ORG).
import { z } from 'zod';
import weaponsRaw from './data/weapons.json';
import skillsRaw from './data/skills.json';
import orgsRaw from './data/organisations.json';
import type { SkillKey } from './state';

const Weapon = z.object({
  id: z.string().regex(/^K-WPN-\d+$/),
  key: z.string().regex(/^[a-z0-9-]+$/),
  name: z.string(),
  class: z.enum(['pistol', 'rifle', 'light-mg', 'mg']),
  range: z.number().positive(),
  firepower: z.number().int().positive(),
  /** Dice without a loader (K-WPN-10/11); null where the book gives none (K-AMB-19). */
  withoutLoader: z.number().int().positive().nullable().optional(),
  users: z.array(z.enum(['red', 'white'])).min(1),
  /** K-5.5h a special weapon: taken over or left as a marker when its bearer falls. */
  special: z.boolean().optional(),
  halfSpeed: z.boolean().optional(),
  cannotShootAndMove: z.boolean().optional(),
}).strict();

const Skill = z.object({
  id: z.string().regex(/^K-SKL-\d+$/),
  key: z.enum(['no-retreat', 'leader', 'snow-suit', 'multilingual', 'swedish', 'german', 'russian', 'medic']),
  fi: z.string(),
  name: z.string(),
  who: z.enum(['leader', 'unit-or-leader', 'soldier']),
  range: z.number().positive().optional(),
  openCover: z.number().int().min(2).max(6).optional(),
  nationality: z.enum(['swedish', 'german', 'russian']).optional(),
}).strict();

const Count = z.tuple([z.number().int().nonnegative(), z.number().int().nonnegative()]).refine(([a, b]) => a <= b, 'min ≤ max');
const Organisation = z.object({
  id: z.string().regex(/^K-ORG-\d+$/),
  side: z.enum(['red', 'white']),
  key: z.string(),
  name: z.string(),
  leaders: z.array(z.object({ title: z.string(), count: Count }).strict()),
  squad: z.object({
    name: z.string(),
    count: Count,
    squadLeader: z.boolean(),
    mg: z.boolean().optional(),
    weapons: z.array(z.string().regex(/^K-WPN-\d+$/)).optional(),
    members: z.array(z.object({ role: z.enum(['soldier', 'lance-corporal', 'mg-gunner', 'mg-loader']), count: z.number().int().positive() }).strict()),
  }).strict(),
}).strict();

export type Weapon = z.infer<typeof Weapon>;
export type SkillInfo = z.infer<typeof Skill>;
export type OrganisationInfo = z.infer<typeof Organisation>;

export class RulesDataError extends Error {
  override name = 'RulesDataError';
}

function parse<T>(schema: z.ZodType<T>, data: unknown, file: string): T {
  const r = schema.safeParse(data);
  if (!r.success) throw new RulesDataError(`${file}: ${r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return r.data;
}

function unique<T>(items: readonly T[], key: (t: T) => string, file: string): void {
  const seen = new Set<string>();
  for (const i of items) {
    const k = key(i);
    if (seen.has(k)) throw new RulesDataError(`${file}: duplicate "${k}"`);
    seen.add(k);
  }
}

/** K-WPN load and check the weapons table. */
export function loadWeapons(data: unknown = weaponsRaw): Weapon[] {
  const w = parse(z.object({ source: z.string(), weapons: z.array(Weapon).min(1) }).strict(), data, 'weapons.json').weapons;
  unique(w, (x) => x.id, 'weapons.json');
  unique(w, (x) => x.key, 'weapons.json');
  return w;
}

/** K-SKL load and check the skills table. */
export function loadSkills(data: unknown = skillsRaw): SkillInfo[] {
  const s = parse(z.object({ source: z.string(), skills: z.array(Skill).min(1) }).strict(), data, 'skills.json').skills;
  unique(s, (x) => x.id, 'skills.json');
  return s;
}

/** K-ORG load and check the organisations (squad weapons must exist in the weapons table). */
export function loadOrganisations(data: unknown = orgsRaw, weapons: readonly Weapon[] = WEAPONS): OrganisationInfo[] {
  const o = parse(z.object({ source: z.string(), organisations: z.array(Organisation).min(1) }).strict(), data, 'organisations.json').organisations;
  unique(o, (x) => x.id, 'organisations.json');
  for (const org of o) for (const w of org.squad.weapons ?? []) {
    if (!weapons.some((x) => x.id === w)) throw new RulesDataError(`organisations.json: ${org.id} names unknown weapon ${w}`);
  }
  return o;
}

export const WEAPONS: readonly Weapon[] = loadWeapons();
export const SKILLS: readonly SkillInfo[] = loadSkills();
export const ORGANISATIONS: readonly OrganisationInfo[] = loadOrganisations();

/** id and key → weapon, built once: weaponById is asked on every shot, move and wound. The first weapon whose id
 *  or key matches wins, as WEAPONS.find would give it. */
const WEAPON_INDEX: ReadonlyMap<string, Weapon> = (() => {
  const m = new Map<string, Weapon>();
  for (const w of WEAPONS) {
    if (!m.has(w.id)) m.set(w.id, w);
    if (!m.has(w.key)) m.set(w.key, w);
  }
  return m;
})();

/** A weapon by its K-WPN id or key. */
export function weaponById(idOrKey: string): Weapon | undefined {
  return WEAPON_INDEX.get(idOrKey);
}

export function skillInfo(key: SkillKey): SkillInfo {
  return SKILLS.find((s) => s.key === key)!;
}

/** K-ORG squad size (figures) of an organisation: squad leader + members. */
export function squadSize(org: OrganisationInfo): number {
  return (org.squad.squadLeader ? 1 : 0) + org.squad.members.reduce((s, m) => s + m.count, 0);
}
