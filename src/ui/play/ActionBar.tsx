// The action bar (bottom centre): the legal choices of the PlayView as buttons, numbered for the
// digit keys, each with its rule chip and hint; and Undo when the last command rolled no dice. While
// a decision waits, its default answer and a few others stand here; the rest are in the Orders tab's
// decision panel, which a "more" button opens (a long list would climb over the table).
import { Fragment } from 'react';
import type { PendingDecision, PlayAction } from '../../game';
import { withoutMarks } from '../../scenario';
import { RuleLink } from './RuleLink';

/** A decision's answers shown in the bar: the default first, then the next ones. */
export const DECISION_ANSWERS_IN_BAR = 4;

export interface ActionBarProps {
  actions: PlayAction[];
  /** The decision the game waits for: its answers beyond the first few are left to the decision panel. */
  decision?: PendingDecision | undefined;
  /** Read only (replay, hand-over pending, game over). */
  locked: boolean;
  canUndo: boolean;
  onAction: (a: PlayAction) => void;
  onUndo: () => void;
  onRule: (rule: string) => void;
  /** Show every answer of the decision (the Orders tab). */
  onMore?: () => void;
}

/**
 * The actions the bar shows, each with its index among all the actions (its digit key), and how many
 * of the decision's answers it leaves out, after the last one shown.
 */
export function barActions(actions: readonly PlayAction[], decision?: PendingDecision): { shown: Array<{ a: PlayAction; i: number }>; more: number; moreAfter: number } {
  const answers = new Set(decision?.options.map((o) => JSON.stringify(o.command)) ?? []);
  const shown: Array<{ a: PlayAction; i: number }> = [];
  let seen = 0;
  let more = 0;
  let moreAfter = -1;
  actions.forEach((a, i) => {
    if (!answers.has(JSON.stringify(a.command))) return void shown.push({ a, i });
    if (seen++ < DECISION_ANSWERS_IN_BAR) {
      shown.push({ a, i });
      moreAfter = shown.length - 1;
    } else more++;
  });
  return { shown, more, moreAfter };
}

export function ActionBar({ actions, decision, locked, canUndo, onAction, onUndo, onRule, onMore }: ActionBarProps) {
  const { shown, more, moreAfter } = barActions(actions, decision);
  return (
    <nav className="st-play-actions" aria-label="Actions" data-testid="action-bar">
      <div className="st-play-action-list">
        {actions.length === 0 && <span className="st-hint">No choices now</span>}
        {shown.map(({ a, i }, k) => (
          <Fragment key={a.id}>
            <div className="st-play-action">
              <button type="button" className="st-btn" disabled={locked} title={a.hint ? `${a.hint}${i < 9 ? ` (${i + 1})` : ''}` : undefined}
                data-testid={`action-${a.id}`} data-action={a.id} onClick={() => onAction(a)}>
                {i < 9 && <kbd>{i + 1}</kbd>}
                <span>{withoutMarks(a.label)}</span>
              </button>
              {a.rule && <RuleLink rule={a.rule} onOpen={onRule} />}
            </div>
            {k === moreAfter && more > 0 && (
              <button type="button" className="st-btn st-play-more" data-testid="action-more" title="Every answer is in the Orders tab" onClick={onMore}>
                {more} more…
              </button>
            )}
          </Fragment>
        ))}
      </div>
      <button type="button" className="st-btn st-play-undo" disabled={locked || !canUndo} data-testid="undo"
        title={canUndo ? 'Undo the last command (U)' : 'Nothing to undo: the last command rolled dice or there is none'} onClick={onUndo}>
        Undo
      </button>
    </nav>
  );
}
