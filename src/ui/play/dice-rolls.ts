// The latest rolls for the dice tray: the DICE_ROLLED lines of the last command that rolled, merged
// when consecutive lines roll for the same rule and purpose (the deck shuffle's one die per card,
// one wound test per figure), and which dice count as successes when the line names "N+".
import type { PlayLogLine } from '../../game';

export interface TrayDie {
  value: number;
  sides: number;
}

export interface TrayRoll {
  index: number;
  purpose: string;
  rule?: string;
  dice: TrayDie[];
  /** Target number from "N+" in the purpose or line, when there is one. */
  need?: number;
}

/** Purposes alike but for their numbers ("card 3 of 11", "f4") share a group. */
function shape(purpose: string): string {
  return purpose.replace(/\d+/g, '#');
}

/** The part of a purpose that all merged lines share (before the first parenthesis when they differ). */
function common(a: string, b: string): string {
  if (a === b) return a;
  const cut = a.indexOf(' (');
  return cut > 0 ? a.slice(0, cut) : a.replace(/\s*\S*\d\S*$/, '');
}

/** Rolls of the latest command that rolled any, oldest first. */
export function latestRolls(log: readonly PlayLogLine[]): TrayRoll[] {
  let last = -1;
  for (let i = log.length - 1; i >= 0; i--) if (log[i]!.dice) { last = log[i]!.commandIndex; break; }
  if (last < 0) return [];
  const out: TrayRoll[] = [];
  let prevShape = '';
  for (const line of log) {
    const d = line.dice;
    if (line.commandIndex !== last || !d) continue;
    const rule = d.rule ?? line.rule;
    const need = targetNumber(`${d.purpose} ${line.text}`);
    const dice = d.values.map((value) => ({ value, sides: d.sides }));
    const prev = out[out.length - 1];
    if (prev && prevShape === shape(d.purpose) && prev.rule === rule && prev.need === need) {
      prev.dice.push(...dice);
      prev.purpose = common(prev.purpose, d.purpose);
      continue;
    }
    prevShape = shape(d.purpose);
    out.push({ index: line.index, purpose: d.purpose, ...(rule ? { rule } : {}), dice, ...(need ? { need } : {}) });
  }
  return out;
}

/** "4+" in a roll's words: the score a die needs to succeed. */
export function targetNumber(text: string): number | undefined {
  const m = /(?:^|[\s(])([1-9])\+/.exec(text);
  return m ? Number(m[1]) : undefined;
}
