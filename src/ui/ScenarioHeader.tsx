// The scenario's title, date and place, in a small plate over the table's corner, with a Briefing
// button that unfolds the summary and each side's briefing, their source marks shown (MarkedText).
import { useState } from 'react';
import { marksUsed, type Scenario } from '../scenario';
import { MarkedText, MarkLegend } from './MarkedText';

export interface ScenarioHeaderProps {
  scenario: Scenario;
}

export function ScenarioHeader({ scenario }: ScenarioHeaderProps) {
  const [open, setOpen] = useState(false);
  const sub = [scenario.date, scenario.place].filter(Boolean).join(' · ');
  const briefings = scenario.sides.filter((s) => s.briefing);
  const hasBriefing = Boolean(scenario.summary) || briefings.length > 0;
  return (
    <header className="st-header" data-testid="scenario-header">
      <h1>{scenario.title}</h1>
      {sub && <p>{sub}</p>}
      {hasBriefing && (
        <button type="button" className="st-btn st-briefing-toggle" aria-expanded={open} data-testid="briefing-toggle" onClick={() => setOpen(!open)}>
          {open ? 'Hide the briefing' : 'Briefing'}
        </button>
      )}
      {open && hasBriefing && (
        <section className="st-briefing" aria-label="Briefing" data-testid="briefing-panel">
          {(scenario.summary ?? '').split(/\n\s*\n/).filter(Boolean).map((para, i) => <p key={i}><MarkedText text={para} /></p>)}
          {briefings.map((s) => (
            <div key={s.id} data-side={s.id}>
              <h2>{s.name}</h2>
              <p><MarkedText text={s.briefing!} /></p>
            </div>
          ))}
          <MarkLegend kinds={marksUsed(scenario.summary ?? '', ...briefings.map((s) => s.briefing!))} testId="briefing-marks" />
        </section>
      )}
    </header>
  );
}
