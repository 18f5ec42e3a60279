// The choices open at any moment that end or change the game (a side's surrender), under the Game tab:
// each asks once more before it is sent, so a stray click never ends a game.
import { useState } from 'react';
import { ChoiceItem, type ChoiceListProps } from './ChoiceList';

export function StandingChoices({ actions, locked, onAction, onRule }: ChoiceListProps) {
  const [asking, setAsking] = useState<string | null>(null);
  const asked = actions.find((a) => a.id === asking);
  return (
    <section className="st-play-section" data-testid="standing-choices">
      <h3>At any moment</h3>
      {asked ? (
        <div className="st-play-confirm" data-testid="standing-confirm">
          <p><b>{asked.label}?</b>{asked.hint ? ` ${asked.hint}.` : ''}</p>
          <div className="st-actions">
            <button type="button" className="st-btn st-btn-primary" disabled={locked} data-testid="standing-yes" onClick={() => { setAsking(null); onAction(asked); }}>Yes</button>
            <button type="button" className="st-btn" data-testid="standing-no" onClick={() => setAsking(null)}>Cancel</button>
          </div>
        </div>
      ) : (
        <div className="st-play-decision-options">
          {actions.map((a) => <ChoiceItem key={a.id} action={a} locked={locked} onPress={() => setAsking(a.id)} onRule={onRule} />)}
        </div>
      )}
    </section>
  );
}
