// Where the open beat's units are on the canvas now (normalised device coordinates, stand and head of
// each figure), so the narration card can keep off them.
import { cameraDirector } from '../camera';
import { highlightedUnits, presenterStore } from './presenter';
import { currentPlaces, unitPlacesStore } from './unit-places';

export function highlightOnScreen(): Array<[number, number]> {
  const units = new Set(highlightedUnits(presenterStore.get()));
  if (units.size === 0) return [];
  const out: Array<[number, number]> = [];
  for (const p of currentPlaces(unitPlacesStore.get())) {
    if (!units.has(p.unitId)) continue;
    for (const h of [0, p.lift]) {
      const q = cameraDirector.toNdc(p.position[0], p.position[1] + h, p.position[2]);
      if (q) out.push(q);
    }
  }
  return out;
}
