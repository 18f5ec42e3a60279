// The tool rail (left): select, line of sight, measure; and eye view from the selected figure or
// the LOS observer.
import { type ToolController, type ToolId, useToolState } from '../../view';
import { ToolIcon, type ToolIconName } from './ToolIcon';

export interface ToolRailProps {
  tools: ToolController;
}

const TOOLS: ReadonlyArray<{ id: ToolId; label: string; key: string; icon: ToolIconName; title: string }> = [
  { id: 'select', label: 'Select', key: 'Esc', icon: 'select', title: 'Select figures; hover for details' },
  { id: 'los', label: 'Sight', key: 'L', icon: 'sight', title: 'Line of sight: click an observer, then a target' },
  { id: 'measure', label: 'Measure', key: 'M', icon: 'measure', title: 'Tape measure and range rings' },
];

export function ToolRail({ tools }: ToolRailProps) {
  const tool = useToolState(tools, (s) => s.tool);
  const selected = useToolState(tools, (s) => s.selected);
  const observer = useToolState(tools, (s) => s.los.first);
  const eye = useToolState(tools, (s) => s.eye);
  const fromObserver = tool === 'los' && observer !== null;
  const canEye = fromObserver || selected !== null;
  const toggleEye = () => {
    if (eye) tools.exitEye();
    else if (fromObserver) tools.eyeFromObserver();
    else if (selected) tools.eyeFromFigure(selected);
  };
  return (
    <nav className="st-rail" aria-label="Table tools" data-testid="tool-rail">
      <div className="st-group" role="group" aria-label="Tool">
        {TOOLS.map((t) => (
          <button key={t.id} type="button" className="st-btn" aria-pressed={tool === t.id} title={`${t.title} (${t.key})`}
            data-testid={`tool-${t.id}`} onClick={() => tools.setTool(t.id)}>
            <ToolIcon name={t.icon} />
            <span>{t.label}</span>
          </button>
        ))}
      </div>
      <div className="st-group">
        <button type="button" className="st-btn" aria-pressed={eye !== null} disabled={!canEye && !eye} data-testid="eye-view"
          title={fromObserver ? 'Eye view from the observer (I)' : 'Eye view from the selected figure (I)'} onClick={toggleEye}>
          <ToolIcon name="eye" />
          <span>Eye view</span>
        </button>
      </div>
    </nav>
  );
}
