// The game log, newest first: one block per command (the newest on top), its events in the order
// they happened, each with its rule id as a link to the rules panel and a separator at each new turn.
// A command's dice (a volley's shooting, cover and wound tests) fold into one line that opens to the
// dice one by one. While replaying, the events after the replayed one are dimmed.
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

/** A command's lines, its runs of dice lines gathered (a run of one stays a line). */
export type LogEntry = { line: PlayLogLine } | { dice: PlayLogLine[] };

/** The log as the panel lists it: commands newest first, each command's events in order, dice runs gathered. */
export function logEntries(log: readonly PlayLogLine[]): LogEntry[][] {
  const commands: LogEntry[][] = [];
  let current = -1;
  for (const l of log) {
    if (commands.length === 0 || l.commandIndex !== current) {
      commands.push([]);
      current = l.commandIndex;
    }
    const block = commands[commands.length - 1]!;
    const last = block[block.length - 1];
    if (l.dice && last && 'dice' in last) last.dice.push(l);
    else if (l.dice) block.push({ dice: [l] });
    else block.push({ line: l });
  }
  return commands.reverse();
}

/** "12 dice: shooting test of Osasto 1 (4+); wound test of Osasto 2". */
export function diceSummary(lines: readonly PlayLogLine[]): string {
  const n = lines.reduce((k, l) => k + (l.dice?.values.length ?? 0), 0);
  const purposes = [...new Set(lines.map((l) => l.dice?.purpose ?? l.text))];
  return `${n} ${n === 1 ? 'die' : 'dice'}: ${purposes.join('; ')}`;
}

export function GameLog({ view, log, replayAt, onRule }: GameLogProps) {
  if (log.length === 0) return <p className="st-hint" data-testid="game-log">No events yet.</p>;
  const future = (l: PlayLogLine) => replayAt !== null && l.index > replayAt;
  const colour = (l: PlayLogLine) => (l.side ? sideLook(view, l.side).colour : undefined);
  const item = (l: PlayLogLine) => (
    <li key={l.index} data-index={l.index} data-type={l.type}
      className={[TURN_START.test(l.type) ? 'st-turn-sep' : '', future(l) ? 'st-future' : ''].filter(Boolean).join(' ') || undefined}
      style={colour(l) ? { borderLeftColor: colour(l) } : undefined}>
      <span className="st-play-log-text"><MarkedText text={l.text} /></span>
      {l.dice && <span className="st-play-log-dice" data-testid="log-dice">[{l.dice.values.join(' ')}]</span>}
      {l.rule && <RuleLink rule={l.rule} onOpen={onRule} />}
    </li>
  );
  return (
    <ol className="st-play-log" data-testid="game-log" data-order="newest-first">
      {logEntries(log).flatMap((block) => block.map((e) => {
        if ('line' in e) return item(e.line);
        if (e.dice.length === 1) return item(e.dice[0]!);
        const first = e.dice[0]!;
        return (
          <li key={`dice-${first.index}`} data-index={first.index} data-testid="log-volley" className={['st-play-log-volley', future(first) ? 'st-future' : ''].filter(Boolean).join(' ')}
            style={colour(first) ? { borderLeftColor: colour(first) } : undefined}>
            <details>
              <summary title="Show each die">{diceSummary(e.dice)}</summary>
              <ol className="st-play-log">{e.dice.map(item)}</ol>
            </details>
          </li>
        );
      }))}
    </ol>
  );
}
