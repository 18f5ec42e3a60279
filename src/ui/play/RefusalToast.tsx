// The latest refused command: its reason and the rule that refuses it (a link to the rules panel).
import type { PlayRefusal } from './types';
import { RuleLink } from './RuleLink';

export interface RefusalToastProps {
  refusal: PlayRefusal;
  onRule: (rule: string) => void;
  onClose: () => void;
}

export function RefusalToast({ refusal, onRule, onClose }: RefusalToastProps) {
  return (
    <div className="st-play-refusal" role="alert" data-testid="refusal">
      <span className="st-eyebrow">Refused</span>
      <span className="st-play-refusal-text" data-testid="refusal-reason">{refusal.reason}</span>
      {refusal.rule && <RuleLink rule={refusal.rule} onOpen={onRule} />}
      <button type="button" className="st-icon-btn" aria-label="Dismiss" data-testid="refusal-close" onClick={onClose}>×</button>
    </div>
  );
}
