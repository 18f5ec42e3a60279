// The end of the game: winner, reason (its source marks drawn, as a victory text may carry [design]
// or (?)) and rule; a new game, or a look back through the replay.
import type { PlayView, VictoryResult } from '../../game';
import { marksUsed } from '../../scenario';
import { MarkedText, MarkLegend } from '../MarkedText';
import { RuleLink } from './RuleLink';
import { sideLook } from './side-colour';

export interface VictoryDialogProps {
  view: PlayView;
  victory: VictoryResult;
  onNewGame: () => void;
  onReview: () => void;
  onRule: (rule: string) => void;
}

export function VictoryDialog({ view, victory, onNewGame, onReview, onRule }: VictoryDialogProps) {
  const winner = victory.winner ? sideLook(view, victory.winner) : null;
  return (
    <div className="st-play-dialog st-play-victory" role="dialog" aria-labelledby="st-victory-title" data-testid="victory" style={winner ? { borderTopColor: winner.colour } : undefined}>
      <span className="st-eyebrow">Game over</span>
      <h2 id="st-victory-title" data-testid="victory-winner">{winner ? `${winner.name} win` : 'A draw'}</h2>
      <p data-testid="victory-reason"><MarkedText text={victory.reason} /> {victory.rule && <RuleLink rule={victory.rule} onOpen={onRule} />}</p>
      <MarkLegend kinds={marksUsed(victory.reason)} testId="victory-marks" />
      <div className="st-actions">
        <button type="button" className="st-btn st-btn-primary" data-testid="victory-new" onClick={onNewGame}>New game</button>
        <button type="button" className="st-btn" data-testid="victory-review" onClick={onReview}>Review (replay)</button>
      </div>
    </div>
  );
}
