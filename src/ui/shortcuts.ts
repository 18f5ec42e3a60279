// The keyboard shortcuts listed by the help overlay, in groups. Tools add theirs with
// registerShortcuts (and remove them on unmount); the keys themselves are handled where the tool is.
import { createStore } from '../view';

export interface Shortcut {
  /** Keys as shown, e.g. ['W', 'A', 'S', 'D'] or ['Shift', '?'] (joined with "/" or "+"). */
  keys: readonly string[];
  label: string;
  /** Show keys joined by "+" (a chord) rather than "/" (alternatives). */
  chord?: boolean;
}

export interface ShortcutGroup {
  id: string;
  title: string;
  items: readonly Shortcut[];
}

export const BASE_SHORTCUTS: readonly ShortcutGroup[] = [
  {
    id: 'camera',
    title: 'Camera',
    items: [
      { keys: ['Left drag'], label: 'Orbit around the table' },
      { keys: ['Right drag'], label: 'Pan across the table' },
      { keys: ['Wheel'], label: 'Zoom toward the cursor' },
      { keys: ['W', 'A', 'S', 'D'], label: 'Pan (also the arrow keys outside presenter mode)' },
      { keys: ['Q', 'E'], label: 'Rotate left / right' },
      { keys: ['+', '−'], label: 'Zoom in / out' },
      { keys: ['H'], label: 'Home view' },
      { keys: ['T'], label: 'Top-down view' },
      { keys: ['1', '2', '…'], label: "Each side's table edge" },
    ],
  },
  {
    id: 'presenter',
    title: 'Presenter',
    items: [
      { keys: ['P'], label: 'Start or leave presenter mode' },
      { keys: ['→', 'Page Down'], label: 'Next beat' },
      { keys: ['←', 'Page Up'], label: 'Previous beat' },
      { keys: ['H'], label: 'Clean view: hide or show the tools around the table' },
    ],
  },
  {
    id: 'viewshed',
    title: 'Viewshed',
    items: [
      { keys: ['V'], label: 'Show or hide what the observer sees' },
      { keys: ['[', ']'], label: 'Observer one floor down / up' },
      { keys: ['G'], label: 'Target height: prone, standing, vehicle' },
    ],
  },
  {
    id: 'general',
    title: 'General',
    items: [
      { keys: ['?'], label: 'This help' },
      { keys: ['Esc'], label: 'Close the help, presenter or viewshed' },
    ],
  },
];

export const shortcutsStore = createStore<readonly ShortcutGroup[]>(BASE_SHORTCUTS);

/** Add a group of shortcuts to the help overlay (before "General"); returns the remover. */
export function registerShortcuts(group: ShortcutGroup): () => void {
  shortcutsStore.set((all) => {
    const rest = all.filter((g) => g.id !== group.id);
    const at = rest.findIndex((g) => g.id === 'general');
    return at < 0 ? [...rest, group] : [...rest.slice(0, at), group, ...rest.slice(at)];
  });
  return () => shortcutsStore.set((all) => all.filter((g) => g.id !== group.id));
}
