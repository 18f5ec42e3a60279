// The move the active unit may make now (K-2.4 parts): its mode from the action gate, each soldier's
// allowance in open and difficult ground with the reasons (K-4.0, K-4.1, K-4.2, K-5.5f, K-WPN …) and
// the reach outline around him. Absent when the unit may not move at this step.
import { nameInUnit } from '../soldier-names';
import type { KState } from '../state';
import type { PlayMoveOffer, TableQueries } from '../../../core';
import { actionGate, type MoveMode } from '../activation/action-gate';
import { moveRefusal, movementAllowance } from '../movement';
import { liveFigures } from '../table';
import { goingAt } from '../terrain';
import { floorReach, reachOutline } from './reach';

const MODE_RULE: Partial<Record<MoveMode, string>> = { normal: 'K-4.0', fast: 'K-4.1', regroup: 'K-1.0c', join: 'K-1.2a' };

/** The move mode the active unit's next step allows (undefined: it may not move now). */
export function moveModeNow(s: KState, unitId: string): MoveMode | undefined {
  const u = s.units[unitId];
  if (!u || !s.activation) return undefined;
  const gate = actionGate(s, { type: 'MOVE', side: u.side, unitId });
  if (!gate.ok || gate.part !== 'move') return undefined;
  const mode = gate.mode ?? 'normal';
  return moveRefusal(s, u, mode, s.house) ? undefined : mode;
}

/** "rifleman 1, rifleman 2 and the squad leader". */
function listed(names: string[]): string {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** The move offer for one unit, or undefined when it may not move now. */
export function moveOffer(s: KState, unitId: string, table: TableQueries): PlayMoveOffer | undefined {
  const mode = moveModeNow(s, unitId);
  if (!mode) return undefined;
  const figs = liveFigures(s, unitId);
  if (!figs.length) return undefined;
  // K-4.2c a soldier starting in difficult ground puts the whole unit on the difficult rate.
  const inDifficult = figs.filter((f) => goingAt(table, f.at, s.house).going === 'difficult');
  const startDifficult = inDifficult.length > 0;
  const allowance: PlayMoveOffer['allowance'] = {};
  const reach: PlayMoveOffer['reach'] = {};
  const floors: NonNullable<PlayMoveOffer['floorReach']> = {};
  const why = new Set<string>();
  for (const f of figs) {
    const open = movementAllowance(s, f.id, mode, false, s.house);
    const difficult = movementAllowance(s, f.id, mode, true, s.house);
    allowance[f.id] = { open: open.allowance, difficult: difficult.allowance };
    for (const w of open.why) why.add(`${nameInUnit(s, f.id)}: ${w}`);
    const input = { figure: f, open: open.allowance, difficult: difficult.allowance, startDifficult };
    reach[f.id] = reachOutline(table, s.house, input);
    // The other storeys of buildings in reach (the floor buttons, PageUp / PageDown): where he may end on each.
    const other = floorReach(table, s.house, input);
    if (other.length) floors[f.id] = other;
  }
  if (startDifficult) why.add(`K-4.2c ${listed(inDifficult.map((f) => nameInUnit(s, f.id)))} start${inDifficult.length === 1 ? 's' : ''} in difficult ground: the whole unit moves at the difficult rate`);
  else why.add('K-4.2c if any soldier ends in or passes through difficult ground, the whole unit moves at the difficult rate (each outline assumes only its own soldier\'s path)');
  why.add('K-4.2d a soldier who has run further than his difficult-terrain move stops at its edge');
  why.add('K-1.0b every soldier ends within 3 cm of another, all in one chain');
  const rules = new Set<string>([MODE_RULE[mode] ?? 'K-4.0', 'K-4.2c', 'K-4.2d', 'K-1.0b']);
  for (const w of why) for (const m of w.matchAll(/K-[A-Z0-9.]+[a-z]?/g)) rules.add(m[0].replace(/\.$/, ''));
  return { unitId, mode, allowance, rules: [...rules], why: [...why], reach, ...(Object.keys(floors).length ? { floorReach: floors } : {}), commandType: 'MOVE' };
}
