// The action bar (bottom centre): the legal choices of the PlayView as buttons, numbered for the
// digit keys, each with its rule chip and hint; and Undo when the last command rolled no dice.
import type { PlayAction } from '../../game';
import { RuleLink } from './RuleLink';

export interface ActionBarProps {
  actions: PlayAction[];
  /** Read only (replay, hand-over pending, game over). */
  locked: boolean;
  canUndo: boolean;
  onAction: (a: PlayAction) => void;
  onUndo: () => void;
  onRule: (rule: string) => void;
}

export function ActionBar({ actions, locked, canUndo, onAction, onUndo, onRule }: ActionBarProps) {
  return (
    <nav className="st-play-actions" aria-label="Actions" data-testid="action-bar">
      <div className="st-play-action-list">
        {actions.length === 0 && <span className="st-hint">No choices now</span>}
        {actions.map((a, i) => (
          <div key={a.id} className="st-play-action">
            <button type="button" className="st-btn" disabled={locked} title={a.hint ? `${a.hint}${i < 9 ? ` (${i + 1})` : ''}` : undefined}
              data-testid={`action-${a.id}`} data-action={a.id} onClick={() => onAction(a)}>
              {i < 9 && <kbd>{i + 1}</kbd>}
              <span>{a.label}</span>
            </button>
            {a.rule && <RuleLink rule={a.rule} onOpen={onRule} />}
          </div>
        ))}
      </div>
      <button type="button" className="st-btn st-play-undo" disabled={locked || !canUndo} data-testid="undo"
        title={canUndo ? 'Undo the last command (U)' : 'Nothing to undo: the last command rolled dice or there is none'} onClick={onUndo}>
        Undo
      </button>
    </nav>
  );
}
