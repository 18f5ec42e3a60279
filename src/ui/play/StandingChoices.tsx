// The choices open at any moment that end or change the game (a side's surrender), under the Game tab:
// each asks once more before it is sent, so a stray click never ends a game.
import { useState } from 'react';
import type { PlayAction } from '../../game';
import { RuleLink } from './RuleLink';

export interface StandingChoicesProps {
  actions: readonly PlayAction[];
  locked: boolean;
  onAction: (a: PlayAction) => void;
  onRule: (rule: string) => void;
}

export function StandingChoices({ actions, locked, onAction, onRule }: StandingChoicesProps) {
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
          {actions.map((a) => (
            <div key={a.id} className="st-play-choice">
              <button type="button" className="st-btn" disabled={locked} title={a.hint} data-choice={a.id} onClick={() => setAsking(a.id)}>
                <span>{a.label}</span>
              </button>
              {a.rule && <RuleLink rule={a.rule} onOpen={onRule} />}
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
