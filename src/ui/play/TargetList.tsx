// The active unit's possible targets: distance, figures seen, cover class and notes; the ones it may
// shoot are buttons sending their command, the others are greyed with the reason and rule.
import { formatDistance } from '../../core';
import { withoutMarks } from '../../scenario';
import type { Command, PlayTarget, PlayTargetsPanel, PlayView } from '../../game';
import { RuleLink } from './RuleLink';
import { sideLook } from './side-colour';

export interface TargetListProps {
  view: PlayView;
  locked: boolean;
  onShoot: (command: Command) => void;
  onRule: (rule: string) => void;
}

export function TargetList({ view, locked, onShoot, onRule }: TargetListProps) {
  // Other units' targets (a ruleset's targets panels) follow the active unit's.
  const support = (view.panels ?? []).filter((p): p is PlayTargetsPanel => p.kind === 'targets');
  if (view.targets.length === 0 && support.length === 0) return null;
  return (
    <>
      {view.targets.length > 0 && (
        <section className="st-play-section" data-testid="target-list">
          <h3>Targets</h3>
          <TargetItems view={view} targets={view.targets} locked={locked} onShoot={onShoot} onRule={onRule} testId="target" />
        </section>
      )}
      {support.map((g) => (
        <section key={`${g.id}:${g.unitId}`} className="st-play-section" data-testid={`${g.id}-targets-${g.unitId}`}>
          <h3>Targets for {withoutMarks(g.name)} {g.rule && <RuleLink rule={g.rule} onOpen={onRule} />}</h3>
          <TargetItems view={view} targets={g.targets} locked={locked} onShoot={onShoot} onRule={onRule} testId={`${g.id}-${g.unitId}`} />
        </section>
      ))}
    </>
  );
}

interface TargetItemsProps extends TargetListProps {
  targets: PlayTarget[];
  /** data-testid prefix: each item is `${testId}-${target unit id}`. */
  testId: string;
}

function TargetItems({ view, targets, locked, onShoot, onRule, testId }: TargetItemsProps) {
  return (
      <ul className="st-play-targets">
        {targets.map((t) => {
          const look = sideLook(view, t.side);
          const facts = (
            <>
              <span className="st-play-target-name"><span className="st-swatch" style={{ background: look.colour }} />{withoutMarks(t.name)}</span>
              <span className="st-play-target-meta">
                {formatDistance(t.distance, view.measure)} · seen {t.visible}/{t.total} · {t.cover}
              </span>
              {t.notes.length > 0 && <span className="st-play-target-notes">{t.notes.join(' · ')}</span>}
            </>
          );
          const cmd = t.command;
          return (
            <li key={t.unitId} data-unit={t.unitId}>
              {cmd ? (
                <button type="button" className="st-play-target" disabled={locked} data-testid={`${testId}-${t.unitId}`} title={`Fire at ${t.name}`}
                  onClick={() => onShoot(cmd)}>
                  {facts}
                </button>
              ) : (
                <div className="st-play-target st-refused" data-testid={`${testId}-${t.unitId}`} aria-disabled="true" title={t.refusal?.reason}>
                  {facts}
                  {t.refusal && (
                    <span className="st-play-target-refusal">
                      {t.refusal.reason} {t.refusal.rule && <RuleLink rule={t.refusal.rule} onOpen={onRule} />}
                    </span>
                  )}
                </div>
              )}
            </li>
          );
        })}
      </ul>
  );
}
