// The dice tray: the latest command's rolls as dice faces, one row per purpose (naming who rolled)
// with its rule; successes (a die at or above a stated "N+") highlighted. It starts empty with each
// unit's activation (`fromCommand`), and shows a few rows (it scrolls for the rest; the Log has every die).
import { useEffect, useRef } from 'react';
import type { PlayLogLine } from '../../game';
import { Die } from './Die';
import { latestRolls } from './dice-rolls';
import { RuleLink } from './RuleLink';
import { useScrollFade } from '../scroll-fade';

export interface DiceTrayProps {
  log: readonly PlayLogLine[];
  /** The first command of the unit acting now: its rolls since then are shown, older ones not (absent: the latest command's). */
  fromCommand?: number;
  /** Rows shown at most (the tray scrolls for the rest; the Log has them all). */
  rows?: number;
  onRule: (rule: string) => void;
}

export function DiceTray({ log, fromCommand, rows = 4, onRule }: DiceTrayProps) {
  const rolls = latestRolls(log, fromCommand);
  const box = useRef<HTMLElement>(null);
  // The newest rolls in view: a tray taller than `rows` scrolls, kept at its end.
  useEffect(() => {
    if (box.current) box.current.scrollTop = box.current.scrollHeight;
  }, [rolls.length]);
  // A row cut by the tray's edge fades out there: it reads as "scroll", not as clipped text.
  useScrollFade(box, rolls.length > 0);
  if (rolls.length === 0) return null;
  return (
    <section ref={box} className="st-play-dice" aria-label="Latest dice" data-testid="dice-tray" style={{ maxHeight: `${rows * 1.45 + 0.6}rem` }}
      title={rolls.length > rows ? 'Scroll for the earlier rolls; the Log lists every die' : undefined}>
      {rolls.map((r) => {
        // Pips for a group of d6; numbers where any die is another size (the deck shuffle's d11…d2).
        const allD6 = r.dice.every((d) => d.sides === 6);
        const need = r.need && !r.purpose.includes(`${r.need}+`) ? ` (${r.need}+)` : '';
        return (
          <div key={r.index} className="st-play-roll" data-testid="dice-roll">
            <span className="st-play-roll-dice">
              {r.dice.map((d, i) => <Die key={i} value={d.value} sides={d.sides} numeral={!allD6} hit={r.need !== undefined && d.value >= r.need} />)}
            </span>
            <span className="st-play-roll-purpose" title={`${r.purpose}${need}`}>{r.purpose}{need}</span>
            {r.rule && <RuleLink rule={r.rule} onOpen={onRule} />}
          </div>
        );
      })}
    </section>
  );
}
