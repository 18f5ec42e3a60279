// UI layer: React DOM around the table (HUD, panels). Renders state and sends commands only.
import './ui.css';
export { LoadingPanel } from './LoadingPanel';
export type { LoadingPanelProps } from './LoadingPanel';
export { ScenarioIssues } from './ScenarioIssues';
export type { ScenarioIssuesProps } from './ScenarioIssues';
export { ScenarioHeader } from './ScenarioHeader';
export type { ScenarioHeaderProps } from './ScenarioHeader';
export { TableTools } from './TableTools';
export type { TableToolsProps } from './TableTools';
export { registerShortcuts } from './shortcuts';
export { cleanView } from './clean-view';
export type { Shortcut, ShortcutGroup } from './shortcuts';
export { ScenarioPicker } from './ScenarioPicker';
export type { ScenarioEntry, ScenarioPickerProps } from './ScenarioPicker';
export { ToolPanels } from './tools';
export type { ToolPanelsProps } from './tools';
export { PlayHud, PlayRefused, PlayToggle, StartChoice } from './play';
export type { PlayHudHandle, PlayHudProps, PlayRefusal, PlayRefusedProps, PlayToggleProps, StartChoiceProps } from './play';
