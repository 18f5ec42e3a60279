// C-3.3.3.2j a template weapon's template on the table: its shape (the burst circle, the explosion
// rectangle along its facing; sizes from the house templateSize), whether the gunner sees the point it
// is centred on, and which figures lie under it (house templateUnder, C-AMB-11).
import { hypot, type TableQueries, type TemplateShape, type Vec2 } from '../../../core';
import type { Scenario } from '../../../scenario';
import type { CobiHouse } from '../house';
import { FIGURE } from '../scenario-data';
import type { CFigure, CVehicle } from '../state';
import { figureSight, type Sight } from './sight';

/** C-3.3.3.2j the template laid at `centre`: a burst circle, or the explosion rectangle lying along `facing` (degrees from north). */
export function templateShape(kind: 'burst' | 'explosion', centre: Vec2, facing: number, size: CobiHouse['templateSize']): TemplateShape {
  if (kind === 'burst') return { kind: 'circle', centre, radius: size.burstDiameter / 2 };
  return { kind: 'rect', centre, length: size.explosionLength, width: size.explosionWidth, facing };
}

/** The bearing from `from` to `to`, degrees clockwise from north (the explosion's default facing: along the line of fire). */
export const bearingTo = (from: Vec2, to: Vec2): number => ((Math.atan2(to[0] - from[0], to[1] - from[1]) * 180) / Math.PI + 360) % 360;

/**
 * C-3.3.3.1a / C-3.3.3.2d the gunner's sight of the template's centre: as if a figure stood there (his
 * line reaches its head, chest or base past terrain, `others` and the hulls), with the distance.
 */
export function pointSight(scenario: Scenario, table: TableQueries, firer: CFigure, point: Vec2, others: readonly CFigure[], hulls: readonly CVehicle[]): Sight {
  const stand: CFigure = { ...firer, id: `${firer.id}:aim`, at: [point[0], point[1]] };
  if (hypot(point[0] - firer.at[0], point[1] - firer.at[1]) < FIGURE.radius) return { seen: true, distance: 0 };
  return figureSight(scenario, table, firer, stand, others, hulls);
}
