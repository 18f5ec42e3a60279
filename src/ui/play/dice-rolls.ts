// The latest rolls for the dice tray: the DICE_ROLLED lines of the last command that rolled, and
// which dice count as successes when the line names a target number ("4+").
import type { PlayLogLine } from '../../game';

export interface TrayRoll {
  index: number;
  purpose: string;
  rule?: string;
  sides: number;
  values: number[];
  /** Target number from "N+" in the purpose or line, when there is one. */
  need?: number;
}

/** Rolls of the latest command that rolled any (consecutive single-die lines of one purpose merged). */
export function latestRolls(log: readonly PlayLogLine[]): TrayRoll[] {
  let last = -1;
  for (let i = log.length - 1; i >= 0; i--) if (log[i]!.dice) { last = log[i]!.commandIndex; break; }
  if (last < 0) return [];
  const out: TrayRoll[] = [];
  for (const line of log) {
    const d = line.dice;
    if (line.commandIndex !== last || !d) continue;
    const need = targetNumber(`${d.purpose} ${line.text}`);
    const prev = out[out.length - 1];
    if (prev && prev.purpose === d.purpose && prev.sides === d.sides && prev.rule === (d.rule ?? line.rule)) {
      prev.values.push(...d.values);
      continue;
    }
    out.push({ index: line.index, purpose: d.purpose, rule: d.rule ?? line.rule, sides: d.sides, values: [...d.values], ...(need ? { need } : {}) });
  }
  return out;
}

export function targetNumber(text: string): number | undefined {
  const m = /\b([1-9])\+/.exec(text);
  return m ? Number(m[1]) : undefined;
}
