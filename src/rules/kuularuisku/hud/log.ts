// The game log as the HUD lists it: one readable line per event with its rule id and the side it
// concerns; each die rolled is its own DICE_ROLLED line with the roll's purpose, value and rule. The
// rules word a roll's purpose with figure ids; players read names, so the log names each soldier and
// the dice tray names the unit whose soldiers rolled (one line for a unit's dice of one test).
import { sideName, soldierName } from '../soldier-names';
import type { KState } from '../state';
import type { GameEvent, PlayLogLine, PlayShot } from '../../../core';

/** An event as the session logs it. */
export type LoggedEvent = GameEvent;

interface Roll { sides: number; value: number; purpose: string; rule?: string }

/** The side an event concerns: its own `side`, else that of the unit, figure or leader it names. */
export function eventSide(s: KState, e: LoggedEvent, fallback?: string): string | undefined {
  if (typeof e.side === 'string') return e.side;
  for (const key of ['unitId', 'leaderId', 'leaderUnitId']) {
    const id = e[key];
    if (typeof id === 'string' && s.units[id]) return s.units[id]!.side;
  }
  for (const key of ['figureId']) {
    const id = e[key];
    if (typeof id === 'string' && s.figures[id]) return s.figures[id]!.side;
  }
  const offer = e.offer as { side?: string } | undefined;
  const pending = e.pending as { side?: string } | undefined;
  const choice = e.choice as { side?: string } | undefined;
  return offer?.side ?? pending?.side ?? choice?.side ?? fallback;
}

/** A test each soldier of a unit rolls for alike: the tray shows the unit's dice together, under its name. */
const UNIT_TEST = /^((?:shooting test|wound test|melee die|close-range re-roll) of )([\w-]+)/;

/**
 * A roll's purpose as players read it: each figure id replaced by the soldier's name ("shooting test
 * of rifleman 2 of 2nd Squad (4+)", "the medic of 2nd Squad re-rolls …"), a side's id by its name.
 */
export function namedPurpose(s: KState, purpose: string): string {
  const side = /^(readiness roll-off: )(\S+)$/.exec(purpose);
  if (side) return `${side[1]}${sideName(s, side[2]!)}`;
  const soldiers = (text: string) => text.replace(/[\w-]+/g, (word) => (s.figures[word] ? soldierName(s, word) : word));
  const medic = /^medic ([\w-]+)( .*)$/.exec(purpose);
  return medic && s.figures[medic[1]!] ? `${soldierName(s, medic[1]!)}${soldiers(medic[2]!)}` : soldiers(purpose);
}

/** A roll's purpose for the dice tray: a unit test names the unit ("shooting test of 2nd Squad (4+)"), anything else as namedPurpose. */
export function trayPurpose(s: KState, purpose: string): string {
  const m = UNIT_TEST.exec(purpose);
  const unit = m ? s.units[s.figures[m[2]!]?.homeUnitId ?? '']?.name : undefined;
  return unit ? `${m![1]}${unit}${namedPurpose(s, purpose.slice(m![0].length))}` : namedPurpose(s, purpose);
}

/** The shot an event records, for the table to draw (SHOT_FIRED, and SPECIAL_FIRE from off the table or above). */
export function shotOf(s: KState, e: LoggedEvent): PlayShot | undefined {
  const dice = e.dice as Array<{ figureId?: string; success: boolean }> | undefined;
  if (!Array.isArray(dice) || typeof e.targetId !== 'string') return undefined;
  const roll = (d: { figureId?: string; success: boolean }) => ({ ...(d.figureId ? { figureId: d.figureId } : {}), hit: d.success });
  if (e.type === 'SHOT_FIRED') {
    const targets = Array.isArray(e.targets) ? (e.targets as string[]) : [];
    return { targetUnitId: e.targetId, targetFigureIds: targets, dice: dice.map(roll), ...(e.defensive ? { defensive: true } : {}) };
  }
  if (e.type === 'SPECIAL_FIRE') {
    const edge = s.special?.config.offTable.find((r) => r.id === e.special)?.from;
    const figures = Object.values(s.figures).filter((f) => f.unitId === e.targetId).map((f) => f.id);
    return { targetUnitId: e.targetId, targetFigureIds: figures, dice: dice.map((d) => ({ hit: d.success })), ...(edge ? { fromEdge: edge } : {}) };
  }
  return undefined;
}

/**
 * Log lines for a session's commands and their events, in order. `s` names units and figures (the
 * latest state: ids never change meaning); a roll's side is that of the command that made it.
 */
export function logLines(s: KState, log: ReadonlyArray<{ command: { type: string; side?: string }; events: readonly LoggedEvent[] }>): PlayLogLine[] {
  const out: PlayLogLine[] = [];
  let index = 0;
  log.forEach((entry, commandIndex) => {
    for (const e of entry.events) {
      const side = eventSide(s, e, entry.command.side);
      if (e.type === 'DICE_ROLLED') {
        const roll = e.roll as Roll;
        out.push({
          index, commandIndex, type: e.type, text: `${namedPurpose(s, roll.purpose)}: d${roll.sides} → ${roll.value}`, ...(roll.rule ? { rule: roll.rule } : {}),
          dice: { purpose: trayPurpose(s, roll.purpose), values: [roll.value], sides: roll.sides, ...(roll.rule ? { rule: roll.rule } : {}) }, ...(side ? { side } : {}),
        });
      } else {
        const shot = shotOf(s, e);
        out.push({ index, commandIndex, type: e.type, text: e.text ?? e.type.toLowerCase().replace(/_/g, ' '), ...(e.rule ? { rule: e.rule } : {}), ...(side ? { side } : {}), ...(shot ? { shot } : {}) });
      }
      index++;
    }
  });
  return out;
}
