// The scenario's title, date and place, in a small plate over the table's corner. The plate's height
// depends on how its text wraps: it tells the page where it ends (--st-plate-bottom), so the scenario
// picker and the tool rail below it sit under it, not over its last line.
import { useRef } from 'react';
import type { Scenario } from '../scenario';
import { useEdgeVar } from './edge-var';

export interface ScenarioHeaderProps {
  scenario: Scenario;
}

export function ScenarioHeader({ scenario }: ScenarioHeaderProps) {
  const sub = [scenario.date, scenario.place].filter(Boolean).join(' · ');
  const plate = useRef<HTMLElement>(null);
  useEdgeVar(plate, '--st-plate-bottom', 'bottom');
  return (
    <header ref={plate} className="st-header" data-testid="scenario-header">
      <h1 title={scenario.title}>{scenario.title}</h1>
      {sub && <p>{sub}</p>}
    </header>
  );
}
