// The play dock (right): tabs for the orders of the moment (move offer, targets), the unit cards,
// the log with the replay scrubber, the rules and the game (save, load, new game). It folds to its
// tab row; open, it stands beside the table, never over it (the canvas ends at its left edge,
// --st-dock-left, on small screens; at a fixed width on wide ones: play.css).
import { useRef, type ReactNode } from 'react';
import { useEdgeVar } from '../edge-var';
import { useScrollFade } from '../scroll-fade';
import { useBelowToolbar } from './use-below-toolbar';

export type DockTab = 'orders' | 'units' | 'log' | 'rules' | 'game';

export interface PlayDockProps {
  tab: DockTab;
  open: boolean;
  /** Small counts shown on the tabs (targets offered, log lines). */
  badges: Partial<Record<DockTab, number>>;
  onTab: (tab: DockTab) => void;
  onToggle: () => void;
  children: ReactNode;
}

const TABS: ReadonlyArray<{ id: DockTab; label: string }> = [
  { id: 'orders', label: 'Orders' },
  { id: 'units', label: 'Units' },
  { id: 'log', label: 'Log' },
  { id: 'rules', label: 'Rules' },
  { id: 'game', label: 'Game' },
];

export function PlayDock({ tab, open, badges, onTab, onToggle, children }: PlayDockProps) {
  const top = useBelowToolbar();
  const dock = useRef<HTMLElement>(null);
  useEdgeVar(dock, '--st-dock-left', 'left', open);
  const body = useRef<HTMLDivElement>(null);
  useScrollFade(body, `${open}|${tab}`);
  return (
    <aside ref={dock} className={open ? 'st-play-dock open' : 'st-play-dock'} aria-label="Play panels" data-testid="play-dock" data-open={open} data-tab={tab}
      style={top === null ? undefined : { top, maxHeight: `calc(var(--st-dock-floor, 100vh) - ${top}px - 0.5rem)` }}>
      <div className="st-group st-play-tabs" role="tablist">
        {TABS.map((t) => (
          <button key={t.id} type="button" role="tab" className="st-btn" aria-selected={open && tab === t.id} aria-pressed={open && tab === t.id}
            data-testid={`tab-${t.id}`} onClick={() => (open && tab === t.id ? onToggle() : onTab(t.id))}>
            {t.label}
            {badges[t.id] ? <span className="st-play-badge">{badges[t.id]}</span> : null}
          </button>
        ))}
        <button type="button" className="st-btn st-btn-icon" aria-label={open ? 'Fold the panels' : 'Unfold the panels'} title={open ? 'Fold the panels' : 'Unfold the panels'}
          data-testid="dock-toggle" onClick={onToggle}>
          {open ? '▾' : '▸'}
        </button>
      </div>
      {open && <div ref={body} className="st-play-dock-body" role="tabpanel" data-testid={`panel-${tab}`}>{children}</div>}
    </aside>
  );
}
