// The game log as the HUD lists it: one readable line per event with its rule id and the side it
// concerns; each die rolled is its own DICE_ROLLED line with the roll's purpose, value and rule.
import type { KState } from '../state';
import type { GameEvent, PlayLogLine } from '../../../core';

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
          index, commandIndex, type: e.type, text: `${roll.purpose}: d${roll.sides} → ${roll.value}`, ...(roll.rule ? { rule: roll.rule } : {}),
          dice: { purpose: roll.purpose, values: [roll.value], sides: roll.sides, ...(roll.rule ? { rule: roll.rule } : {}) }, ...(side ? { side } : {}),
        });
      } else {
        out.push({ index, commandIndex, type: e.type, text: e.text ?? e.type.toLowerCase().replace(/_/g, ' '), ...(e.rule ? { rule: e.rule } : {}), ...(side ? { side } : {}) });
      }
      index++;
    }
  });
  return out;
}
