// The frame of a tool's panel (top right, under the toolbar); it moves to the bottom right while
// the viewshed panel holds the top.
import type { ReactNode } from 'react';
import { useStore, viewshedStore } from '../../view';

export interface ToolPanelProps {
  label: string;
  testId: string;
  children?: ReactNode;
}

export function ToolPanel({ label, testId, children }: ToolPanelProps) {
  const below = useStore(viewshedStore).on;
  return (
    <section className={`st-tool-panel${below ? ' st-below' : ''}`} aria-label={label} data-testid={testId}>
      {children}
    </section>
  );
}
