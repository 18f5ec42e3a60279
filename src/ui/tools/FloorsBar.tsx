// Floor cutaway (bottom left): all roofs on, or every building cut above a chosen level so its
// interior and the figures inside can be seen and picked.
import { type ToolController, maxLevels, useToolState } from '../../view';
import { ToolIcon } from './ToolIcon';

export interface FloorsBarProps {
  tools: ToolController;
}

const levelName = (i: number) => (i === 0 ? 'Ground' : `${i}`);

export function FloorsBar({ tools }: FloorsBarProps) {
  const cutaway = useToolState(tools, (s) => s.cutaway);
  const eye = useToolState(tools, (s) => s.eye);
  const levels = maxLevels(tools.model.buildings);
  if (levels === 0 || eye) return null;
  return (
    <div className="st-floors" data-testid="cutaway">
      <div className="st-group" role="group" aria-label="Building floors">
        <span className="st-floors-label" title="Floor cutaway: hide roofs and the floors above a level"><ToolIcon name="floors" /></span>
        <button type="button" className="st-btn" aria-pressed={cutaway === null} data-testid="cutaway-off"
          title="Roofs on" onClick={() => tools.setCutaway(null)}>Roofs</button>
        {Array.from({ length: levels }, (_, i) => (
          <button key={i} type="button" className="st-btn" aria-pressed={cutaway === i} data-testid={`cutaway-${i}`}
            title={i === 0 ? 'Cut every building above the ground floor' : `Cut every building above floor ${i}`}
            onClick={() => tools.setCutaway(i)}>{levelName(i)}</button>
        ))}
      </div>
    </div>
  );
}
