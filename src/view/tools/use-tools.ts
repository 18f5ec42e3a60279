// React access to the tools' state: a selector over the store (re-renders only when the selected
// value changes, so selectors return stored values, not new objects).
import { useSyncExternalStore } from 'react';
import type { Hover, ToolController, ToolState } from './tool-controller';

export function useToolState<T>(tools: ToolController, select: (s: ToolState) => T): T {
  return useSyncExternalStore(tools.state.subscribe, () => select(tools.state.get()));
}

export function useHover(tools: ToolController): Hover | null {
  return useSyncExternalStore(tools.hover.subscribe, tools.hover.get);
}
