// The table's toolbar (top right): camera views (home, top-down, each side's edge, back to the
// free camera), presenter mode, the briefing, the viewshed overlay and help. Other tools add
// buttons as children.
import { useRef, type ReactNode } from 'react';
import type { Scenario } from '../scenario';
import { hasBriefing } from './BriefingOverlay';
import { useEdgeVar } from './edge-var';
import { cameraDirector, cameraStatus, presenter, presenterStore, useStore, viewshedControls, viewshedStore, type PresetName, type TableEdgeName } from '../view';

export interface ToolbarProps {
  scenario: Scenario;
  helpOpen: boolean;
  onHelp: () => void;
  briefingOpen: boolean;
  onBriefing: () => void;
  children?: ReactNode;
}

export interface EdgeView {
  preset: PresetName;
  label: string;
  colour?: string;
  key: string;
}

/** One view per side that has a table edge, in file order, with the digit key that shows it. */
export function edgeViews(scenario: Pick<Scenario, 'sides'>): EdgeView[] {
  const seen = new Set<string>();
  const out: EdgeView[] = [];
  for (const side of scenario.sides) {
    if (side.edge === 'none' || seen.has(side.edge)) continue;
    seen.add(side.edge);
    out.push({ preset: `edge:${side.edge as TableEdgeName}`, label: side.name, colour: side.colour, key: String(out.length + 1) });
  }
  return out;
}

const ICONS = {
  home: 'M3 11.5 12 4l9 7.5M6 10v9h12v-9',
  top: 'M4 4h16v16H4zM4 12h16M12 4v16',
  free: 'M12 3v18M3 12h18M12 3l-3 3M12 3l3 3M12 21l-3-3M12 21l3-3M3 12l3-3M3 12l3 3M21 12l-3-3M21 12l-3 3',
  edge: 'M3 19h18M6 15l6-9 6 9',
  present: 'M4 5h16v11H4zM12 16v4M8 20h8M10 8.5v4l3.5-2z',
  brief: 'M6 3h9l3 3v15H6zM15 3v3h3M9 10h6M9 13.5h6M9 17h4',
  eye: 'M2 12s3.5-6 10-6 10 6 10 6-3.5 6-10 6S2 12 2 12zM12 9.2a2.8 2.8 0 1 0 0 5.6 2.8 2.8 0 0 0 0-5.6z',
  help: 'M9.2 9a2.9 2.9 0 1 1 4 2.7c-.8.4-1.2 1-1.2 1.8v.5M12 17.2v.3',
} as const;

export function Icon({ name }: { name: keyof typeof ICONS }) {
  return (
    <svg className="st-icon" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth={1.7} strokeLinecap="round" strokeLinejoin="round">
      <path d={ICONS[name]} />
    </svg>
  );
}

export function Toolbar({ scenario, helpOpen, onHelp, briefingOpen, onBriefing, children }: ToolbarProps) {
  const camera = useStore(cameraStatus);
  const show = useStore(presenterStore);
  const vs = useStore(viewshedStore);
  const edges = edgeViews(scenario);
  const hasBeats = (scenario.beats?.length ?? 0) > 0;
  // Where the toolbar begins (--st-toolbar-left): the scenario plate on the same row stops short of it;
  // where it ends (--st-toolbar-bottom): the tool panels start under it however it wraps.
  const bar = useRef<HTMLElement>(null);
  useEdgeVar(bar, '--st-toolbar-left', 'left');
  useEdgeVar(bar, '--st-toolbar-bottom', 'bottom');
  const view = (preset: PresetName, label: string, key: string, icon: keyof typeof ICONS, colour?: string) => (
    <button
      key={preset}
      type="button"
      className="st-btn"
      aria-pressed={camera.view === preset}
      title={`${label} view (${key})`}
      data-testid={`view-${preset.replace(':', '-')}`}
      onClick={() => cameraDirector.showPreset(preset)}
    >
      {colour ? <span className="st-swatch" style={{ background: colour }} /> : <Icon name={icon} />}
      {/* A side's view is labelled with the side's short name ("Reds" of "Reds — Tampere Red Guard"); the title has it all. */}
      <span className={colour ? undefined : 'st-label'}>{colour ? label.split(' — ')[0] : label}</span>
    </button>
  );
  return (
    <nav ref={bar} className="st-toolbar" aria-label="Table tools" data-testid="toolbar">
      <div className="st-group" role="group" aria-label="Camera views">
        {view('home', 'Home', 'H', 'home')}
        {view('top', 'Top', 'T', 'top')}
        {edges.map((e) => view(e.preset, e.label, e.key, 'edge', e.colour))}
        {view('free', 'Free', 'drag', 'free')}
      </div>
      <div className="st-group" role="group" aria-label="Tools">
        <button type="button" className="st-btn" aria-pressed={show.open} disabled={!hasBeats} data-testid="presenter-toggle"
          title={hasBeats ? 'Presenter mode: play the scenario\u2019s beats (P)' : 'This scenario has no presentation beats'}
          onClick={() => presenter.toggle()}>
          <Icon name="present" /><span className="st-label">Present</span>
        </button>
        {hasBriefing(scenario) && (
          <button type="button" className="st-btn" aria-pressed={briefingOpen} data-testid="briefing-toggle" title="Briefing: the situation and each side's orders, sources marked"
            onClick={onBriefing}>
            <Icon name="brief" /><span className="st-label">Briefing</span>
          </button>
        )}
        <button type="button" className="st-btn" aria-pressed={vs.on} data-testid="viewshed-toggle" title="Viewshed: what the observer sees (V)"
          onClick={() => viewshedControls.toggle()}>
          <Icon name="eye" /><span className="st-label">Viewshed</span>
        </button>
        {children}
        <button type="button" className="st-btn st-btn-icon" aria-pressed={helpOpen} data-testid="help-toggle" title="Keyboard shortcuts (?)" onClick={onHelp}>
          <Icon name="help" />
        </button>
      </div>
    </nav>
  );
}
