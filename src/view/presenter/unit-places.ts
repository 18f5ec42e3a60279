// Where the presenter finds a beat's units now: the scenario's deployment, or in play the figures and
// vehicles where the game has them on this screen. The highlight is drawn there and a beat that
// follows a unit aims its camera there.
import { createStore } from '../store';

/** A figure or vehicle as the highlight marks it, table coordinates (y = its stand). */
export interface PlacedFigure {
  unitId: string;
  figureId: string;
  position: [number, number, number];
  /** Ring scale (1 for a figure base) and pin height above the stand. */
  scale: number;
  lift: number;
}

export interface UnitPlaces {
  /** The scenario's set-up, drawn when no game is on. */
  deployed: readonly PlacedFigure[];
  /** The game's positions while playing, else null. */
  play: readonly PlacedFigure[] | null;
  /**
   * The units the game shows on this screen while playing (on the table or not), else null or absent: a
   * beat skips a unit the game's options left out (its chip, its rings) and shows the units still there.
   */
  playUnits?: readonly string[] | null;
}

export const unitPlacesStore = createStore<UnitPlaces>({ deployed: [], play: null });

/** The places shown now: the game's while playing, else the deployment. */
export function currentPlaces(s: UnitPlaces): readonly PlacedFigure[] {
  return s.play ?? s.deployed;
}

/** The units of `ids` in the game (all of them when no game is on). */
export function presentUnits(s: UnitPlaces, ids: readonly string[]): readonly string[] {
  if (!s.playUnits) return ids;
  const game = new Set(s.playUnits);
  return ids.filter((id) => game.has(id));
}

/** The stand points of one unit's figures now (empty when it has none on the table). */
export function unitStands(s: UnitPlaces, unitId: string): Array<[number, number, number]> {
  return currentPlaces(s).filter((p) => p.unitId === unitId).map((p) => p.position);
}

const PIN_LIFT = 3.4;

/** A figure's place: a base-sized ring, the pin over its head. */
export function figurePlace(p: { unitId: string; figureId: string; position: [number, number, number] }): PlacedFigure {
  return { unitId: p.unitId, figureId: p.figureId, position: p.position, scale: 1, lift: PIN_LIFT };
}

/** A vehicle's place: the ring's inner edge (0.78 cm at scale 1) clears the hull's corners, the pin over its turret. */
export function vehiclePlace(p: { unitId: string; figureId: string; position: [number, number, number]; spec: { length: number; width: number; height: number } }): PlacedFigure {
  return {
    unitId: p.unitId, figureId: p.figureId, position: p.position,
    scale: (Math.hypot(p.spec.length, p.spec.width) / 2 + 0.4) / 0.78,
    lift: p.spec.height + p.spec.width * 0.3 + 1.6,
  };
}
