// Presenter mode in the scene: beat state and the highlight of the beat's units.
export { presenter, presenterStore, highlightedUnits } from './presenter';
export type { Beat, PresenterState } from './presenter';
export { HighlightRings, highlightProbe, HIGHLIGHT_COLOUR } from './HighlightRings';
