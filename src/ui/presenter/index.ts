// Presenter mode in the DOM: the narration panel and the URL sync.
export { PresenterPanel } from './PresenterPanel';
export type { PresenterPanelProps } from './PresenterPanel';
export { usePresenterUrl, beatFromSearch, searchWithBeat } from './presenter-url';
