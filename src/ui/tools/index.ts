// The table tools' panels (DOM): rail, LOS / measure / selection panels, floors bar, hover card.
export { ToolPanels } from './ToolPanels';
export type { ToolPanelsProps } from './ToolPanels';
