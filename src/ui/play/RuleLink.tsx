// A rule id as a small chip that opens the rules panel at that id.
export interface RuleLinkProps {
  rule: string;
  onOpen: (rule: string) => void;
}

export function RuleLink({ rule, onOpen }: RuleLinkProps) {
  return (
    <button type="button" className="st-rule-link" data-testid="rule-link" data-rule={rule} title={`Open rule ${rule}`}
      onClick={(e) => { e.stopPropagation(); onOpen(rule); }}>
      {rule}
    </button>
  );
}
