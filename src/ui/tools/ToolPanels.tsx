// The table tools' DOM: the rail, the panel of the active tool (or of the selection), the floors
// bar, the hover card and the eye-view bar; plus the tools' keys (listed in the help overlay).
import { useEffect } from 'react';
import { focusOn, type ToolController, useToolState, viewshedControls } from '../../view';
import { registerShortcuts } from '../shortcuts';
import { EyeBar } from './EyeBar';
import { FigureTooltip } from './FigureTooltip';
import { FloorsBar } from './FloorsBar';
import { LosPanel } from './LosPanel';
import { useLosUrl } from './los-url';
import { MeasurePanel } from './MeasurePanel';
import { SelectionPanel } from './SelectionPanel';
import { ToolRail } from './ToolRail';
import './tools.css';

export interface ToolPanelsProps {
  tools: ToolController;
}

const SHORTCUTS = {
  id: 'tools',
  title: 'Tools',
  items: [
    { keys: ['Click'], label: 'Select a figure (hover for its card)' },
    { keys: ['L'], label: 'Line of sight: observer, then target' },
    { keys: ['M'], label: 'Measure: tape between two points, range rings' },
    { keys: ['I'], label: 'Eye view from the selection or the observer' },
    { keys: ['F'], label: 'Fly the camera to the selected figure' },
    { keys: ['Shift', '←↑↓→'], label: 'Nudge the sight observer 0.5 cm (west, north, south, east)' },
    { keys: ['Shift', 'PgUp/PgDn'], label: 'Raise or lower the observer\'s eye 0.1 cm' },
    { keys: ['Esc'], label: 'Leave eye view · cancel · back to Select' },
  ],
} as const;

function typing(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el?.tagName && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));
}

function useToolKeys(tools: ToolController): void {
  useEffect(() => registerShortcuts(SHORTCUTS), []);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || e.repeat || typing(e.target)) return;
      const s = tools.state.get();
      const done = () => e.preventDefault();
      switch (e.key) {
        case 'l': case 'L': tools.setTool('los'); return done();
        case 'm': case 'M': tools.setTool('measure'); return done();
        case 'i': case 'I': {
          if (s.eye) tools.exitEye();
          else if (s.tool === 'los' && s.los.first) tools.eyeFromObserver();
          else if (s.selected) tools.eyeFromFigure(s.selected);
          return done();
        }
        case 'f': case 'F': {
          const at = s.selected ? tools.standPoint(s.selected) : null;
          if (at) focusOn(at[0], at[2], at[1]);
          return done();
        }
        case 'Escape': {
          if (s.tool === 'los' && s.los.observer && !s.los.target) tools.clearLos();
          else if (s.tool === 'measure' && s.measure.a && !s.measure.b) tools.clearMeasure();
          else if (s.tool !== 'select') tools.setTool('select');
          else if (s.selected) tools.select(null);
          else return;
          return done();
        }
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [tools]);
}

const NUDGES: Record<string, [number, number, number]> = {
  ArrowLeft: [-0.5, 0, 0], ArrowRight: [0.5, 0, 0], ArrowUp: [0, 0.5, 0], ArrowDown: [0, -0.5, 0], PageUp: [0, 0, 0.1], PageDown: [0, 0, -0.1],
};

/**
 * Shift + arrows nudge a point observer of the sight line north/south/east/west, Shift + PageUp /
 * PageDown its eye; taken before the camera keys (capture), which move the camera on plain arrows.
 */
function useObserverNudge(tools: ToolController): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const n = NUDGES[e.key];
      if (!n || !e.shiftKey || e.ctrlKey || e.metaKey || e.altKey || typing(e.target)) return;
      const s = tools.state.get();
      if (s.tool !== 'los' || s.los.observer?.kind !== 'point' || s.eye) return;
      e.preventDefault();
      e.stopImmediatePropagation();
      tools.nudgeObserver(n[0], n[1], n[2]);
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [tools]);
}

/** The figure just selected, or the LOS observer just picked, becomes the viewshed's observer. */
function useViewshedObserver(tools: ToolController): void {
  useEffect(() => {
    let { selected, los } = tools.state.get();
    return tools.state.subscribe(() => {
      const s = tools.state.get();
      const ref = s.selected && s.selected !== selected ? tools.figures.get(s.selected) : undefined;
      const first = s.los.first !== los.first ? s.los.first : null;
      selected = s.selected;
      los = s.los;
      if (ref) {
        const [x, z] = ref.figure.at;
        viewshedControls.setObserver({ label: ref.unit.name, x, z, figureId: ref.figure.id, ...(ref.figure.floor !== undefined ? { floor: ref.figure.floor } : {}) });
      } else if (first && first.kind === 'point') {
        viewshedControls.setObserver({ label: first.label, x: first.at[0], z: first.at[1], ...(first.building ? { floor: first.floor } : {}) });
      }
    });
  }, [tools]);
}

export function ToolPanels({ tools }: ToolPanelsProps) {
  const tool = useToolState(tools, (s) => s.tool);
  useToolKeys(tools);
  useObserverNudge(tools);
  useViewshedObserver(tools);
  useLosUrl(tools);
  return (
    <>
      <ToolRail tools={tools} />
      {tool === 'los' && <LosPanel tools={tools} />}
      {tool === 'measure' && <MeasurePanel tools={tools} />}
      {tool === 'select' && <SelectionPanel tools={tools} />}
      <FloorsBar tools={tools} />
      <FigureTooltip tools={tools} />
      <EyeBar tools={tools} />
    </>
  );
}
