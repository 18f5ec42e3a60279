// What the table tools read from a built battlefield (types only: the view never loads the
// battlefield's code), plus small lookups over the scenario: figures by id, floor names, the unit
// lengths are shown in.
import type { Battlefield, BuildingInfo, FigureBody } from '../../battlefield';
import type { LengthUnit } from '../../core';
import type { Scenario } from '../../scenario';

export type ToolsModel = Pick<
  Battlefield,
  'scenario' | 'grid' | 'solids' | 'buildings' | 'groundHeight' | 'standHeight' | 'buildingAt' | 'standingSpots' | 'walkAt' | 'lineOfSight' | 'eyePoint' | 'visibility'
>;

type Unit = NonNullable<Scenario['units']>[number];
type Figure = Unit['figures'][number];

export interface FigureRef {
  figure: Figure;
  unit: Unit;
  sideName: string;
}

/** Every deployed figure of the scenario by id (reserves are off the table unless asked for). */
export function figureIndex(scenario: Scenario, withReserves = false): Map<string, FigureRef> {
  const sides = new Map(scenario.sides.map((s) => [s.id, s.name] as const));
  const out = new Map<string, FigureRef>();
  for (const unit of scenario.units ?? []) {
    if (unit.reserve && !withReserves) continue;
    for (const figure of unit.figures) out.set(figure.id, { figure, unit, sideName: sides.get(unit.side) ?? unit.side });
  }
  return out;
}

/**
 * A figure as players call it: its role as the scenario gives it and, when the unit has several of
 * that role, its place among them ("rifleman 3", "the squad leader"); a vehicle or a lone figure is its
 * unit. `withUnit` adds "of <unit>". Never the figure's id.
 */
export function figureName(ref: FigureRef, withUnit = false): string {
  const { figure, unit } = ref;
  if (unit.figures.length === 1) return unit.name;
  const role = figure.role?.replace(/[-_]+/g, ' ');
  const same = unit.figures.filter((f) => f.role === figure.role);
  const own = role
    ? same.length > 1 ? `${role} ${same.indexOf(figure) + 1}` : `the ${role}`
    : `figure ${unit.figures.indexOf(figure) + 1} of ${unit.figures.length}`;
  return withUnit ? `${own}${role ? ' of' : ','} ${unit.name}` : own;
}

/** The body the battlefield answers sight questions for. */
export function figureBody(ref: FigureRef): FigureBody {
  return { id: ref.figure.id, at: ref.figure.at, ...(ref.figure.floor !== undefined ? { floor: ref.figure.floor } : {}) };
}

/** The unit lengths are shown in: the scenario's own choice, else its ruleset's (a module's `measure`, from the app), else cm. */
export function displayUnit(scenario: Scenario, rulesetUnit?: LengthUnit): LengthUnit {
  return scenario.displayUnit ?? rulesetUnit ?? 'cm';
}

/** A floor's name as the scenario gives it ("belfry"), else "ground floor" / "floor 2" / "roof". */
export function floorName(scenario: Scenario, building: BuildingInfo | undefined, floor: number): string {
  if (!building) return 'ground';
  const feature = scenario.features.find((f) => f.id === building.id);
  const floors = feature?.kind === 'building' ? feature.floors : [];
  if (floor >= floors.length && floor < building.levels.length) return 'roof';
  return floors[floor]?.name ?? (floor === 0 ? 'ground floor' : `floor ${floor}`);
}

