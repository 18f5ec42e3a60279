// The scenario's title, date and place, in a small plate over the table's corner. The plate's height
// depends on how its text wraps: it tells the page where it ends (--st-plate-bottom), so the scenario
// picker and the tool rail below it sit under it, not over its last line.
import { useLayoutEffect, useRef } from 'react';
import type { Scenario } from '../scenario';

export interface ScenarioHeaderProps {
  scenario: Scenario;
}

export function ScenarioHeader({ scenario }: ScenarioHeaderProps) {
  const sub = [scenario.date, scenario.place].filter(Boolean).join(' · ');
  const plate = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const el = plate.current;
    if (!el) return;
    const root = document.documentElement.style;
    const mark = () => root.setProperty('--st-plate-bottom', `${Math.ceil(el.getBoundingClientRect().bottom)}px`);
    mark();
    const watch = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(mark);
    watch?.observe(el);
    return () => {
      watch?.disconnect();
      root.removeProperty('--st-plate-bottom');
    };
  }, []);
  return (
    <header ref={plate} className="st-header" data-testid="scenario-header">
      <h1>{scenario.title}</h1>
      {sub && <p>{sub}</p>}
    </header>
  );
}
