// Every choice of the moment in the Orders tab, one a line with its digit key, rule and hint: the
// action bar keeps one row and leaves here what does not fit it ("N more…").
import type { PlayAction } from '../../game';
import { RuleLink } from './RuleLink';

export interface ChoiceListProps {
  actions: readonly PlayAction[];
  locked: boolean;
  onAction: (a: PlayAction) => void;
  onRule: (rule: string) => void;
}

/** One choice: its button (with its digit key, if any) and its rule. */
export function ChoiceItem({ action: a, keyNumber, locked, onPress, onRule }: { action: PlayAction; keyNumber?: number; locked: boolean; onPress: () => void; onRule: (rule: string) => void }) {
  return (
    <div className="st-play-choice">
      <button type="button" className="st-btn" disabled={locked} title={a.hint} data-choice={a.id} onClick={onPress}>
        {keyNumber !== undefined && <kbd>{keyNumber}</kbd>}
        <span>{a.label}</span>
      </button>
      {a.rule && <RuleLink rule={a.rule} onOpen={onRule} />}
    </div>
  );
}

export function ChoiceList({ actions, locked, onAction, onRule }: ChoiceListProps) {
  if (actions.length === 0) return null;
  return (
    <section className="st-play-section" data-testid="choice-list">
      <h3>Choices</h3>
      <div className="st-play-decision-options">
        {actions.map((a, i) => (
          <ChoiceItem key={a.id} action={a} {...(i < 9 ? { keyNumber: i + 1 } : {})} locked={locked} onPress={() => onAction(a)} onRule={onRule} />
        ))}
      </div>
    </section>
  );
}
