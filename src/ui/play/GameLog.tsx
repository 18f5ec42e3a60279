// The game log, oldest first and newest at the bottom (kept in view): one line per event with its
// rule id as a link to the rules panel, dice values inline, and a separator at each new turn. While
// replaying, the events after the replayed one are dimmed.
import { useEffect, useRef } from 'react';
import type { PlayLogLine, PlayView } from '../../game';
import { MarkedText } from '../MarkedText';
import { RuleLink } from './RuleLink';
import { sideLook } from './side-colour';

export interface GameLogProps {
  view: Pick<PlayView, 'sides'>;
  log: readonly PlayLogLine[];
  replayAt: number | null;
  onRule: (rule: string) => void;
}

const TURN_START = /^(TURN_STARTED|TURN_BEGAN)$/;

export function GameLog({ view, log, replayAt, onRule }: GameLogProps) {
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const el = list.current;
    if (el && replayAt === null) el.scrollTop = el.scrollHeight;
  }, [log.length, replayAt]);
  if (log.length === 0) return <p className="st-hint" data-testid="game-log">No events yet.</p>;
  return (
    <ol className="st-play-log" ref={list} data-testid="game-log">
      {log.map((l) => {
        const future = replayAt !== null && l.index > replayAt;
        const colour = l.side ? sideLook(view, l.side).colour : undefined;
        return (
          <li key={l.index} data-index={l.index} data-type={l.type}
            className={[TURN_START.test(l.type) ? 'st-turn-sep' : '', future ? 'st-future' : ''].filter(Boolean).join(' ') || undefined}
            style={colour ? { borderLeftColor: colour } : undefined}>
            <span className="st-play-log-text"><MarkedText text={l.text} /></span>
            {l.dice && <span className="st-play-log-dice" data-testid="log-dice">[{l.dice.values.join(' ')}]</span>}
            {l.rule && <RuleLink rule={l.rule} onOpen={onRule} />}
          </li>
        );
      })}
    </ol>
  );
}
