// The dice tray: the latest command's rolls as dice faces, one row per purpose with its rule;
// successes (a die at or above a stated "N+") highlighted.
import type { PlayLogLine } from '../../game';
import { Die } from './Die';
import { latestRolls } from './dice-rolls';
import { RuleLink } from './RuleLink';

export interface DiceTrayProps {
  log: readonly PlayLogLine[];
  onRule: (rule: string) => void;
}

export function DiceTray({ log, onRule }: DiceTrayProps) {
  const rolls = latestRolls(log);
  if (rolls.length === 0) return null;
  return (
    <section className="st-play-dice" aria-label="Latest dice" data-testid="dice-tray">
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
