// Hover card next to the pointer (after a short delay): unit, side, profile, the figure's name and floor.
import { useEffect, useState } from 'react';
import { type ToolController, figureName, floorName, useHover } from '../../view';

export interface FigureTooltipProps {
  tools: ToolController;
  delayMs?: number;
}

export function FigureTooltip({ tools, delayMs = 180 }: FigureTooltipProps) {
  const hover = useHover(tools);
  const [shown, setShown] = useState<string | null>(null);
  useEffect(() => {
    if (!hover) return setShown(null);
    if (shown === hover.figureId) return;
    const t = setTimeout(() => setShown(hover.figureId), delayMs);
    return () => clearTimeout(t);
  }, [hover, shown, delayMs]);
  if (!hover || shown !== hover.figureId) return null;
  const ref = tools.figures.get(hover.figureId);
  if (!ref) return null;
  const scenario = tools.model.scenario;
  const colour = scenario.sides.find((s) => s.id === ref.unit.side)?.colour;
  const [x, z] = ref.figure.at;
  const building = ref.figure.floor !== undefined ? tools.model.buildingAt(x, z) : undefined;
  return (
    <div className="st-tooltip" role="tooltip" data-testid="figure-tooltip" style={{ left: hover.clientX + 14, top: hover.clientY + 14 }}>
      <strong>
        {colour && <span className="st-swatch" style={{ background: colour }} />}
        {ref.unit.name}
      </strong>
      <span>{ref.sideName} · {ref.figure.profile ?? ref.unit.profile} · {ref.unit.type}</span>
      <span>
        {figureName(ref)}
        {building && <> · {floorName(scenario, building, ref.figure.floor ?? 0)}</>}
      </span>
    </div>
  );
}
