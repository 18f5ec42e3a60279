// Presenter mode in the DOM: the narration panel and the URL sync.
export { PresenterPanel } from './PresenterPanel';
export type { PresenterPanelProps } from './PresenterPanel';
export { usePresenterUrl } from './presenter-url';
export { beatFromSearch, searchWithBeat } from './beat-url';
