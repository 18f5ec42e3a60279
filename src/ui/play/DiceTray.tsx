// The dice tray: the latest command's rolls as dice faces, one row per purpose (naming who rolled)
// with its rule; successes (a die at or above a stated "N+") highlighted. It starts empty with each
// unit's activation (`fromCommand`), and shows a few rows: the rest are one click away in the Log.
import type { PlayLogLine } from '../../game';
import { Die } from './Die';
import { latestRolls } from './dice-rolls';
import { RuleLink } from './RuleLink';

export interface DiceTrayProps {
  log: readonly PlayLogLine[];
  /** The first command of the unit acting now: its rolls since then are shown, older ones not (absent: the latest command's). */
  fromCommand?: number;
  /** Rows shown at most (the rest are counted, and the Log has them all). */
  rows?: number;
  onRule: (rule: string) => void;
  onLog: () => void;
}

export function DiceTray({ log, fromCommand, rows = 4, onRule, onLog }: DiceTrayProps) {
  const all = latestRolls(log, fromCommand);
  if (all.length === 0) return null;
  // The newest rows; the earlier ones are counted (the Log lists every die).
  const rolls = all.slice(all.length > rows ? all.length - rows + 1 : 0);
  const left = all.length - rolls.length;
  return (
    <section className="st-play-dice" aria-label="Latest dice" data-testid="dice-tray">
      {left > 0 && (
        <button type="button" className="st-play-dice-more" data-testid="dice-more" onClick={onLog}>
          {left} earlier {left === 1 ? 'roll' : 'rolls'} — in the Log
        </button>
      )}
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
