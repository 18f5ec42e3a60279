// The scenario's title, date and place, in a small plate over the table's corner.
import type { Scenario } from '../scenario';

export interface ScenarioHeaderProps {
  scenario: Scenario;
}

export function ScenarioHeader({ scenario }: ScenarioHeaderProps) {
  const sub = [scenario.date, scenario.place].filter(Boolean).join(' · ');
  return (
    <header className="st-header" data-testid="scenario-header">
      <h1>{scenario.title}</h1>
      {sub && <p>{sub}</p>}
    </header>
  );
}
