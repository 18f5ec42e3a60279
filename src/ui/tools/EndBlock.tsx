// One end of a sight line or a tape in a panel: what it is, where it stands and its eye height,
// and — for a point inside a building — the floor selector.
import type { Scenario } from '../../scenario';
import { type EndName, type EndReport, type ToolController, figureName, floorName } from '../../view';

export interface EndBlockProps {
  tools: ToolController;
  role: string;
  name: EndName;
  end: EndReport;
  /** Show the eye height (sight) or only the surface height (tape). */
  eye: boolean;
  extra?: string;
}

/** A length to one decimal, without a trailing ".0". */
const num = (n: number) => String(Number(n.toFixed(1)));

function sideColour(scenario: Scenario, tools: ToolController, figureId: string | null): string | undefined {
  const ref = figureId ? tools.figures.get(figureId) : undefined;
  return ref ? scenario.sides.find((s) => s.id === ref.unit.side)?.colour : undefined;
}

export function EndBlock({ tools, role, name, end, eye, extra }: EndBlockProps) {
  const scenario = tools.model.scenario;
  const building = end.building ? tools.model.buildings.find((b) => b.id === end.building) : undefined;
  const colour = sideColour(scenario, tools, end.figureId);
  const where = end.building ? `${end.floorName}` : 'ground';
  return (
    <div className="st-end" data-testid={`end-${name}`}>
      <div className="st-end-role">
        <span>{role}</span>
        {end.figureId && tools.figures.get(end.figureId) && <span>{figureName(tools.figures.get(end.figureId)!)}</span>}
      </div>
      <div className="st-end-name" title={end.label}>
        {colour && <span className="st-swatch" style={{ background: colour }} />}
        <span>{end.label}</span>
      </div>
      <div className="st-end-meta">
        {num(end.at[0])}, {num(end.at[1])} · {where} · {eye ? <>eye {num(end.eye[1])} cm (on {num(end.stand)})</> : <>at {num(end.stand)} cm</>}
        {extra && <> · {extra}</>}
      </div>
      {end.kind === 'point' && building && end.levels > 1 && (
        <div className="st-seg" role="group" aria-label={`${role} floor`}>
          <span className="st-seg-label">Floor</span>
          {building.levels.map((_, i) => (
            <button key={i} type="button" className="st-btn" aria-pressed={end.floor === i} data-testid={`floor-${name}-${i}`}
              title={floorName(scenario, building, i)} onClick={() => tools.setFloor(name, i)}>
              {i === 0 ? 'G' : floorName(scenario, building, i) === 'roof' ? 'Roof' : i}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
