// Presenter mode in the scene: beat state, the units' places and the highlight of the beat's units.
export { presenter, presenterStore, highlightedUnits, beatCamera, beatUnits } from './presenter';
export { unitPlacesStore, figurePlace, vehiclePlace } from './unit-places';
export type { PlacedFigure, UnitPlaces } from './unit-places';
export type { Beat, PresenterState } from './presenter';
export { HighlightRings, HIGHLIGHT_COLOUR } from './HighlightRings';
export { highlightProbe } from './highlight-probe';
export { highlightOnScreen } from './highlight-screen';
