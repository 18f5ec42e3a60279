// The COBI table the rules fold: the units and their figures where they stand. The sequence (round,
// initiative, who acts, which units acted) is the alternating machine's, read from `seq`.
import type { Sequenced, Vec2 } from '../../core';

/** Command words of COBI's sequence steps and actions (the machine's steps take the first three). */
export const COBI_COMMAND_TYPES = ['BEGIN_ROUND', 'SELECT_UNIT', 'END_ROUND', 'HOLD', 'MOVE'] as const;
/** The actions an activated unit may take (C-3.3c: so far hold and move). */
export const COBI_ACTION_TYPES = ['HOLD', 'MOVE'] as const;

export interface CFigure {
  readonly id: string;
  readonly unit: string;
  readonly side: string;
  readonly at: Vec2;
  readonly facing: number;
  /** False once the figure is out of the game. */
  readonly alive: boolean;
}

export interface CUnit {
  readonly id: string;
  readonly side: string;
  readonly name: string;
  readonly type: string;
}

export interface CTable {
  readonly units: readonly CUnit[];
  readonly figures: readonly CFigure[];
}

/** The game state: the table and the machine's read-only sequence. */
export type CState = Sequenced<CTable>;

export const liveFigures = (t: CTable): CFigure[] => t.figures.filter((f) => f.alive);
export const unitFigures = (t: CTable, unit: string): CFigure[] => liveFigures(t).filter((f) => f.unit === unit);

/** C-3.3a the units of a side still on the table (a unit with a figure standing). */
export function sideUnits(t: CTable, side: string): string[] {
  return t.units.filter((u) => u.side === side && unitFigures(t, u.id).length > 0).map((u) => u.id);
}
