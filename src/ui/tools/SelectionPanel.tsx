// The selected figure: unit, side, profile, where it stands (height from the battlefield), and what
// to do from there — eye view, focus the camera, line of sight or a tape from it.
import { figureName, focusOn, type ToolController, floorName, useToolState } from '../../view';
import { ToolIcon } from './ToolIcon';
import { ToolPanel } from './ToolPanel';

export interface SelectionPanelProps {
  tools: ToolController;
}

export function SelectionPanel({ tools }: SelectionPanelProps) {
  const selected = useToolState(tools, (s) => s.selected);
  const ref = selected ? tools.figures.get(selected) : undefined;
  if (!selected || !ref) return null;
  const scenario = tools.model.scenario;
  const side = scenario.sides.find((s) => s.id === ref.unit.side);
  const at = tools.standPoint(selected);
  const info = tools.describeFigure(selected);
  const [x, z] = ref.figure.at;
  const building = info?.building ? tools.model.buildings.find((b) => b.id === info.building) : undefined;
  const start = (tool: 'los' | 'measure') => {
    tools.setTool(tool);
    tools.pickFigure(selected);
  };
  return (
    <ToolPanel label="Selected figure" testId="selection-panel">
      <header>
        <h2>Selected</h2>
        <button type="button" className="st-icon-btn" aria-label="Clear the selection" title="Clear (Esc)" onClick={() => tools.select(null)}>×</button>
      </header>
      <div className="st-end-name">
        {side?.colour && <span className="st-swatch" style={{ background: side.colour }} />}
        {ref.unit.name}
      </div>
      <dl className="st-facts">
        <dt>Side</dt>
        <dd>{ref.sideName}</dd>
        <dt>Profile</dt>
        <dd>{ref.figure.profile ?? ref.unit.profile} · {ref.unit.type}</dd>
        <dt>Figure</dt>
        <dd>{figureName(ref)} ({ref.unit.figures.length} in unit)</dd>
        <dt>At</dt>
        <dd>{x.toFixed(1)}, {z.toFixed(1)}{building ? ` · ${floorName(scenario, building, ref.figure.floor ?? 0)}` : ''}</dd>
        {info && (
          <>
            <dt>Stands</dt>
            <dd>{info.stand.toFixed(1)} cm · eye {info.eye[1].toFixed(1)} cm</dd>
          </>
        )}
      </dl>
      <div className="st-actions">
        <button type="button" className="st-btn" data-testid="selection-eye" onClick={() => tools.eyeFromFigure(selected)} title="First-person view from this figure (I)">
          <ToolIcon name="eye" /><span>Eye view</span>
        </button>
        <button type="button" className="st-btn" onClick={() => at && focusOn(at[0], at[2], at[1])} title="Fly the camera to this figure (F)">
          <ToolIcon name="focus" /><span>Focus</span>
        </button>
        <button type="button" className="st-btn" onClick={() => start('los')} title="Line of sight from this figure">
          <ToolIcon name="sight" /><span>Sight</span>
        </button>
        <button type="button" className="st-btn" onClick={() => start('measure')} title="Measure from this figure">
          <ToolIcon name="measure" /><span>Measure</span>
        </button>
      </div>
    </ToolPanel>
  );
}
