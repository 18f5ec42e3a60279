// How the log and the HUD name a soldier and a side: players read names, never ids. A scenario gives
// soldiers no names, so a soldier is his role and his place in the unit he was deployed in.
import type { FigureRole, KState } from './state';

const ROLE_NAMES: Record<FigureRole, string> = {
  soldier: 'rifleman', 'squad-leader': 'squad leader', 'lance-corporal': 'lance corporal', leader: 'leader',
  'mg-gunner': 'machine gunner', 'mg-loader': 'loader', medic: 'medic',
};

/**
 * The names given for the latest figures record: a wound allocation's options name the same soldiers
 * again and again (the decision is listed at every state that waits for it), and the log names them in
 * every event. A name reads the soldier's record and his home unit's list of soldiers (each kept with
 * the name: a unit's record is new at every activation mark, its list only when its soldiers change);
 * records are never changed in place (a change makes new ones).
 */
let NAMES: { figures: KState['figures']; names: Map<string, { ids: readonly string[] | undefined; name: string }> } | undefined;

/** "rifleman 3", "the squad leader": a soldier within the unit he was deployed in (a role it has once goes without a number). */
export function nameInUnit(s: KState, figureId: string): string {
  if (!NAMES || NAMES.figures !== s.figures) NAMES = { figures: s.figures, names: new Map() };
  const ids = s.units[s.figures[figureId]!.homeUnitId]?.figures;
  const known = NAMES.names.get(figureId);
  if (known && known.ids === ids) return known.name;
  const name = unitName(s, figureId);
  NAMES.names.set(figureId, { ids, name });
  return name;
}

/** nameInUnit worked out. */
function unitName(s: KState, figureId: string): string {
  const f = s.figures[figureId]!;
  const role = ROLE_NAMES[f.role] ?? f.role;
  const same = s.units[f.homeUnitId]?.figures.filter((id) => s.figures[id]?.role === f.role) ?? [];
  return same.length > 1 ? `${role} ${same.indexOf(f.id) + 1}` : `the ${role}`;
}

/** "rifleman 3 of 2nd Squad", "the squad leader of 2nd Squad". */
export function soldierName(s: KState, figureId: string): string {
  const f = s.figures[figureId];
  if (!f) return 'a soldier no longer on the table';
  const home = s.units[f.homeUnitId];
  return home ? `${nameInUnit(s, figureId)} of ${home.name}` : ROLE_NAMES[f.role] ?? f.role;
}

/** A side's name as the scenario gives it. */
export function sideName(s: KState, side: string): string {
  return s.sides.find((x) => x.id === side)?.name ?? side;
}

/**
 * The soldiers of an allocation by name, each with his wounds when more than one: "the squad leader
 * and rifleman 1 of 2nd Squad" (`within` that unit: without "of 2nd Squad", where the unit is named already).
 */
export function allocationText(s: KState, allocation: Readonly<Record<string, number>>, opts: { within?: string } = {}): string {
  const ids = Object.entries(allocation).filter(([, n]) => n).map(([id]) => id);
  const homes = new Set(ids.map((id) => s.figures[id]?.homeUnitId));
  const home = homes.size === 1 && ids.every((id) => s.figures[id]) ? s.units[[...homes][0]!] : undefined;
  // Soldiers of one unit: "the squad leader and rifleman 1 of 2nd Squad".
  const parts = ids.map((id) => `${home ? nameInUnit(s, id) : soldierName(s, id)}${allocation[id]! > 1 ? ` (${allocation[id]} wounds)` : ''}`);
  const list = parts.length < 2 ? parts.join('') : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
  return home && home.id !== opts.within ? `${list} of ${home.name}` : list;
}
