// The latest rolls for the dice tray: the DICE_ROLLED lines of the last command that rolled, or, given
// `fromCommand` (the first command of the unit acting now), of every command since — the tray starts
// empty with each unit's activation and keeps its shot and the wound tests after it — merged when consecutive lines
// roll for the same rule and purpose (the deck shuffle's one die per card, one wound test per figure)
// under a purpose that still names who rolled ("wound test of rifleman 1, rifleman 3"), and which dice
// count as successes when the line names "N+".
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

/** A purpose's "(…)" tail that merged lines share (the target number), kept once at the end. */
const TAIL = /\s*\(([1-9])\+\)$/;

/**
 * The purpose of two merged lines: the same purpose once; "X of A" and "X of B" as "X of A, B" (who
 * rolled stays named); otherwise what they share before the first parenthesis (the shuffle's "card n of m").
 */
function common(a: string, b: string): string {
  if (a === b) return a;
  const tailA = TAIL.exec(a)?.[0] ?? '';
  const tailB = TAIL.exec(b)?.[0] ?? '';
  const [headA, headB] = [a.slice(0, a.length - tailA.length), b.slice(0, b.length - tailB.length)];
  const of = headA.indexOf(' of ');
  if (tailA === tailB && of > 0 && headB.startsWith(headA.slice(0, of + 4)) && !headA.includes(' (')) {
    const who = headB.slice(of + 4);
    const names = headA.slice(of + 4).split(', ');
    return `${headA.slice(0, of + 4)}${names.includes(who) ? names.join(', ') : [...names, who].join(', ')}${tailA}`;
  }
  const cut = a.indexOf(' (');
  return cut > 0 ? a.slice(0, cut) : a.replace(/\s*\S*\d\S*$/, '');
}

/** Rolls of the latest command that rolled any (or of every command from `fromCommand` on), oldest first. */
export function latestRolls(log: readonly PlayLogLine[], fromCommand?: number): TrayRoll[] {
  let last = -1;
  for (let i = log.length - 1; i >= 0; i--) if (log[i]!.dice) { last = log[i]!.commandIndex; break; }
  if (last < 0 || (fromCommand !== undefined && last < fromCommand)) return [];
  const from = fromCommand ?? last;
  const out: TrayRoll[] = [];
  let prevShape = '';
  for (const line of log) {
    const d = line.dice;
    if (line.commandIndex < from || !d) continue;
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
