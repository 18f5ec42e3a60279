// Floor cutaway (bottom left): all roofs on, or the buildings cut above a chosen level so their
// interiors and the figures inside can be seen and picked — every building, or only the one last
// pointed at (hovered, or holding the selected figure). On a short screen in play the choice of
// buildings folds into one button in the levels row (floors.css).
import { useEffect } from 'react';
import { type ToolController, cutawayScope, featureName, levelsFor, useStore, useToolState } from '../../view';
import { ToolIcon } from './ToolIcon';
import './floors.css';

export interface FloorsBarProps {
  tools: ToolController;
}

const levelName = (i: number) => (i === 0 ? 'Ground' : `${i}`);

/** The selected figure's building becomes the cutaway's candidate. */
function useSelectionAim(tools: ToolController): void {
  const selected = useToolState(tools, (s) => s.selected);
  useEffect(() => {
    const figure = selected ? tools.figures.get(selected)?.figure : undefined;
    const building = figure ? tools.model.buildingAt(figure.at[0], figure.at[1]) : undefined;
    const scope = cutawayScope(tools);
    if (building && building.id !== scope.get().candidate) scope.set({ ...scope.get(), candidate: building.id });
  }, [tools, selected]);
}

export function FloorsBar({ tools }: FloorsBarProps) {
  const cutaway = useToolState(tools, (s) => s.cutaway);
  const eye = useToolState(tools, (s) => s.eye);
  const scopeStore = cutawayScope(tools);
  const scope = useStore(scopeStore);
  useSelectionAim(tools);
  const buildings = tools.model.buildings;
  const levels = levelsFor(buildings, scope.target);
  if (levels === 0 || eye) return null;
  const shownBuilding = scope.candidate ?? scope.target;
  const name = shownBuilding ? featureName(tools.model.scenario, shownBuilding) : null;
  const where = scope.target ? featureName(tools.model.scenario, scope.target) : 'every building';
  const aim = (target: string | null) => {
    scopeStore.set({ ...scopeStore.get(), target });
    // A level the newly aimed building does not have becomes its top one.
    const n = levelsFor(buildings, target);
    if (cutaway !== null && cutaway >= n) tools.setCutaway(n - 1);
  };
  return (
    <div className="st-floors st-floors-stack" data-testid="cutaway">
      {buildings.length > 1 && (
        <div className="st-group st-floors-scope" role="group" aria-label="Buildings cut">
          <button type="button" className="st-btn" aria-pressed={scope.target === null} data-testid="cutaway-scope-all"
            title="Cut every building" onClick={() => aim(null)}>All</button>
          <button type="button" className="st-btn" aria-pressed={scope.target !== null && scope.target === shownBuilding} data-testid="cutaway-scope-building"
            data-building={shownBuilding ?? ''} disabled={!shownBuilding}
            title={shownBuilding ? `Cut only ${name}` : 'Point at a building (or select a figure in one) to cut only that one'}
            onClick={() => aim(shownBuilding)}><span className="st-floors-name">{name ?? 'Point at a building'}</span></button>
        </div>
      )}
      <div className="st-group" role="group" aria-label="Building floors">
        <span className="st-floors-label" title="Floor cutaway: hide roofs and the floors above a level"><ToolIcon name="floors" /></span>
        {buildings.length > 1 && (
          // Where the row above is folded away (a short screen in play): the same choice in one button,
          // "All" or the building pointed at; pressed, only that building is cut.
          <button type="button" className="st-btn st-floors-scope-one" aria-pressed={scope.target !== null} data-testid="cutaway-scope-toggle"
            data-building={scope.target ?? shownBuilding ?? ''} disabled={scope.target === null && !shownBuilding}
            title={scope.target !== null ? `Cutting only ${where}: press to cut every building` : shownBuilding ? `Cut only ${name}` : 'Point at a building (or select a figure in one) to cut only that one'}
            onClick={() => aim(scope.target !== null ? null : shownBuilding)}>
            <span className="st-floors-name">{scope.target !== null ? where : name ?? 'All'}</span>
          </button>
        )}
        <button type="button" className="st-btn" aria-pressed={cutaway === null} data-testid="cutaway-off"
          title="Roofs on" onClick={() => tools.setCutaway(null)}>Roofs</button>
        {Array.from({ length: levels }, (_, i) => (
          <button key={i} type="button" className="st-btn" aria-pressed={cutaway === i} data-testid={`cutaway-${i}`}
            title={i === 0 ? `Cut ${where} above the ground floor` : `Cut ${where} above floor ${i}`}
            onClick={() => tools.setCutaway(i)}>{levelName(i)}</button>
        ))}
      </div>
    </div>
  );
}
