// The play HUD's keys: digits pick the numbered action, U undoes. They are taken in the capture
// phase so the table's own digit keys (edge views) do not also fire while playing.
import { useEffect, useRef } from 'react';
import { followActive } from '../../view';
import { registerShortcuts } from '../shortcuts';

export const PLAY_SHORTCUTS = {
  id: 'play',
  title: 'Play',
  items: [
    { keys: ['1', '2', '…', '9'], label: 'Choose the numbered action (edge views stay in the toolbar)' },
    { keys: ['U'], label: 'Undo the last command (when it rolled no dice)' },
    { keys: ['C'], label: 'Camera brings the acting unit into view: on / off' },
    { keys: ['Enter'], label: 'Take over the screen after the hand-over' },
    { keys: ['Drag'], label: 'Move the active unit (shift-drag: one figure)' },
  ],
} as const;

export interface PlayKeyHandlers {
  /** Action n (0-based); false when there is none. */
  pick: (n: number) => boolean;
  undo: () => void;
}

function typing(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el?.tagName && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));
}

export function usePlayKeys(handlers: PlayKeyHandlers): void {
  const h = useRef(handlers);
  h.current = handlers;
  useEffect(() => registerShortcuts(PLAY_SHORTCUTS), []);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || e.repeat || typing(e.target)) return;
      if (/^[1-9]$/.test(e.key)) {
        // Always taken while playing, so a digit never flies the camera to an edge by surprise.
        h.current.pick(Number(e.key) - 1);
        e.preventDefault();
        e.stopPropagation();
      } else if (e.key === 'u' || e.key === 'U') {
        h.current.undo();
        e.preventDefault();
      } else if (e.key === 'c' || e.key === 'C') {
        followActive.set((on) => !on);
        e.preventDefault();
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);
}
