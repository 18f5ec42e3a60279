// The DOM tools around the table for one built battlefield: toolbar, presenter narration (synced
// with the URL), briefing, viewshed panel (and the runner that asks the battlefield), help and keyboard.
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Battlefield } from '../battlefield';
import { presenter, presenterStore, useStore, viewshedControls, viewshedStore, ViewshedRunner } from '../view';
import { BriefingOverlay } from './BriefingOverlay';
import { HelpOverlay } from './HelpOverlay';
import { PresenterPanel, usePresenterUrl } from './presenter';
import { useTableKeys } from './table-keys';
import { edgeViews, Toolbar } from './Toolbar';
import { levelsAt, observerChoices, ViewshedPanel } from './ViewshedPanel';
import './table-tools.css';

export interface TableToolsProps {
  battlefield: Pick<Battlefield, 'scenario' | 'viewshed' | 'eyePoint' | 'buildingAt' | 'standingSpots'>;
  /** Extra toolbar buttons (other tools). */
  children?: ReactNode;
}

export function TableTools({ battlefield, children }: TableToolsProps) {
  const scenario = battlefield.scenario;
  const [helpOpen, setHelpOpen] = useState(false);
  const [briefingOpen, setBriefingOpen] = useState(false);
  const [loaded, setLoaded] = useState<typeof battlefield | null>(null);

  useEffect(() => {
    presenter.load(scenario);
    viewshedControls.reset();
    // Default observer: the figure on the highest floor (the widest view), else the first figure.
    const choices = observerChoices(scenario);
    const best = choices.reduce<(typeof choices)[number] | undefined>((b, c) => ((c.observer.floor ?? 0) > (b?.observer.floor ?? 0) ? c : b), choices[0]);
    viewshedControls.setObserver(best?.observer ?? null);
    const runner = new ViewshedRunner(battlefield);
    setLoaded(battlefield);
    return () => {
      runner.dispose();
      presenter.close();
    };
  }, [battlefield, scenario]);

  usePresenterUrl(loaded === battlefield ? (scenario.beats?.length ?? 0) : 0);

  const edges = useMemo(() => edgeViews(scenario).map((e) => e.preset), [scenario]);
  const observerLevels = useCallback(() => {
    const o = viewshedStore.get().observer;
    return o ? levelsAt(battlefield, o.x, o.z) : 1;
  }, [battlefield]);
  const presenting = useStore(presenterStore).open;
  const toggleHelp = useCallback(() => setHelpOpen((h) => !h), []);
  const toggleBriefing = useCallback(() => setBriefingOpen((b) => !b), []);
  const closeBriefing = useCallback(() => setBriefingOpen(false), []);
  useTableKeys({ edgePresets: edges, helpOpen, setHelpOpen, observerLevels });

  return (
    <div className={presenting ? 'st-tools-layer st-presenting' : 'st-tools-layer'}>
      <Toolbar scenario={scenario} helpOpen={helpOpen} onHelp={toggleHelp} briefingOpen={briefingOpen} onBriefing={toggleBriefing}>{children}</Toolbar>
      <ViewshedPanel battlefield={battlefield} />
      <PresenterPanel scenario={scenario} />
      {briefingOpen && <BriefingOverlay scenario={scenario} onClose={closeBriefing} />}
      {helpOpen && <HelpOverlay onClose={() => setHelpOpen(false)} />}
    </div>
  );
}
