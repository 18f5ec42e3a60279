// The briefing: the scenario's summary and each side's briefing, their source marks drawn and
// explained (MarkedText), in a dialog like the help. Esc, × or a click outside closes it.
import { useEffect, useRef } from 'react';
import { marksUsed, type Scenario } from '../scenario';
import { MarkedText, MarkLegend } from './MarkedText';

export interface BriefingOverlayProps {
  scenario: Pick<Scenario, 'title' | 'summary' | 'sides'>;
  onClose: () => void;
}

/** Whether a scenario has anything to brief (a summary or a side's briefing). */
export function hasBriefing(scenario: Pick<Scenario, 'summary' | 'sides'>): boolean {
  return Boolean(scenario.summary) || scenario.sides.some((s) => s.briefing);
}

export function BriefingOverlay({ scenario, onClose }: BriefingOverlayProps) {
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => closeRef.current?.focus(), []);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => { if (e.key === 'Escape') onClose(); };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  const briefings = scenario.sides.filter((s) => s.briefing);
  const paragraphs = (scenario.summary ?? '').split(/\n\s*\n/).filter(Boolean);
  return (
    <div className="st-help-backdrop" onClick={onClose}>
      <div className="st-help st-briefing" role="dialog" aria-modal="true" aria-labelledby="st-briefing-title" data-testid="briefing-panel" onClick={(e) => e.stopPropagation()}>
        <header>
          <h2 id="st-briefing-title">{scenario.title}</h2>
          <button ref={closeRef} type="button" className="st-icon-btn" onClick={onClose} aria-label="Close the briefing">×</button>
        </header>
        {paragraphs.map((para, i) => <p key={i}><MarkedText text={para} /></p>)}
        {briefings.map((s) => (
          <section key={s.id} data-side={s.id}>
            <h3>{s.name}</h3>
            <p><MarkedText text={s.briefing!} /></p>
          </section>
        ))}
        <MarkLegend kinds={marksUsed(scenario.summary ?? '', ...briefings.map((s) => s.briefing!))} testId="briefing-marks" />
      </div>
    </div>
  );
}
