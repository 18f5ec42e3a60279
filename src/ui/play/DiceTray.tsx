// The dice tray: the latest rolls as dice faces, grouped by purpose with their rule; successes
// (a die at or above a stated "N+") highlighted.
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
        return (
        <div key={r.index} className="st-play-roll" data-testid="dice-roll">
          <span className="st-play-roll-purpose">
            {r.purpose}{r.need ? ` (${r.need}+)` : ''}
            {r.rule && <RuleLink rule={r.rule} onOpen={onRule} />}
          </span>
          <span className="st-play-roll-dice">
            {r.dice.map((d, i) => <Die key={i} value={d.value} sides={d.sides} numeral={!allD6} hit={r.need !== undefined && d.value >= r.need} />)}
          </span>
        </div>
        );
      })}
    </section>
  );
}
