// K-5.2d / K-AMB-23: what a Kuularuisku sight line asks the battlefield besides its two points.
import type { TableLosOptions } from '../../core';
import type { HouseSettings } from './state';

const FROM_EDGE: TableLosOptions = { depthMeasure: 'from-edge' };

/**
 * The battlefield's sight options: features to see past, and K-5.2d's 10 cm into dense terrain as the
 * house reads it (K-AMB-23: along the sight line, the battlefield's default, or each figure's depth
 * from the edge the line crosses). Undefined when there is nothing to ask.
 */
export function sightOptions(house: HouseSettings | undefined, ignore?: readonly string[]): TableLosOptions | undefined {
  const fromEdge = house?.denseSightMeasure === 'from-edge';
  if (!fromEdge) return ignore ? { ignore } : undefined;
  return ignore ? { ignore, depthMeasure: 'from-edge' } : FROM_EDGE;
}
