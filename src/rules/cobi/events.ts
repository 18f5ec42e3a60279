// COBI's table events (what the rules' actions lead to) and their makers: each cites its rule and
// carries the log's line.
import type { GameEvent, Vec2 } from '../../core';

/** One figure's move as resolved: where it went and the tape's length (cm). */
export interface FigureMoved {
  readonly figure: string;
  readonly to: Vec2;
  readonly cm: number;
}

/** C-3.3.1e the unit's figures moved. */
export function unitMoved(unit: string, moves: readonly FigureMoved[], text: string): GameEvent {
  return { type: 'UNIT_MOVED', rule: 'C-3.3.1e', unit, moves: moves.map((m) => ({ figure: m.figure, to: [m.to[0], m.to[1]], cm: m.cm })), text };
}

/** C-3.3c the unit held: its activation spent doing nothing (F2: a unit may decline to act). */
export function unitHeld(unit: string, text: string): GameEvent {
  return { type: 'UNIT_HELD', rule: 'C-3.3c', unit, text };
}
