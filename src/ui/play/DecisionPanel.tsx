// A choice the game waits for from one side, often not the one acting (an owner's choice the book
// gives): the question, who decides, and its answers as buttons, the default first, in the Orders tab.
import type { Command, PlayView } from '../../game';
import { RuleLink } from './RuleLink';
import { withoutMarks } from '../../scenario';
import { sideLook } from './side-colour';

export interface DecisionPanelProps {
  view: PlayView;
  locked: boolean;
  onAnswer: (command: Command) => void;
  onRule: (rule: string) => void;
}

export function DecisionPanel({ view, locked, onAnswer, onRule }: DecisionPanelProps) {
  const d = view.decision;
  if (!d) return null;
  const look = sideLook(view, d.side);
  return (
    <section className="st-play-section" data-testid="decision" data-side={d.side}>
      <h3><span className="st-swatch" style={{ background: look.colour }} />{look.name} decide {d.rule && <RuleLink rule={d.rule} onOpen={onRule} />}</h3>
      <p className="st-play-decision-label" data-testid="decision-label">{withoutMarks(d.label)}</p>
      <div className="st-play-decision-options">
        {d.options.map((o, i) => (
          <button key={i} type="button" className={i === 0 ? 'st-btn st-btn-primary' : 'st-btn'} disabled={locked} data-testid={`decision-option-${i}`} onClick={() => onAnswer(o.command)}>
            {withoutMarks(o.label)}
          </button>
        ))}
      </div>
      {d.more ? <p className="st-hint">{d.more} more allowed {d.more === 1 ? 'answer is' : 'answers are'} not listed.</p> : null}
    </section>
  );
}
