// Colours of the play overlays (ART.md §11 overlay palette): the active unit in the presenter's
// highlight gold, reach outlines pale blue, shootable targets sight green (a covering half's blue),
// refused ones grey.
import { TOOL_COLOURS } from '../tools/colours';

export const PLAY_COLOURS = {
  active: '#ffcf5a',
  reach: '#8fd3f4',
  ghost: '#f4efe2',
  beyond: TOOL_COLOURS.blocked,
  shootable: TOOL_COLOURS.clear,
  refused: '#9a9a9a',
  pinned: TOOL_COLOURS.partial,
  routing: TOOL_COLOURS.blocked,
  sight: TOOL_COLOURS.clear,
  /** Targets of a covering-fire half (K-1.1b): a blue apart from the active unit's green. */
  support: '#6aa9ff',
  /** A figure's arc (a turret's traverse, a field of fire). */
  arc: '#ffd27a',
  /** A template the rules put on the table (a blast marker). */
  template: '#ff9a3c',
  /** A shot drawn on the table: the line and mark of a die that hit, and of one that missed. */
  shotHit: '#ff4b3a',
  shotMiss: '#ece6d6',
  /** A hidden unit as its owner sees it (ghost figures, chip). */
  hidden: '#a9bfd6',
} as const;

/** DOM label look shared by the play labels (drei Html). */
export function labelStyle(background: string, colour = '#1d1a12') {
  return {
    pointerEvents: 'none',
    whiteSpace: 'nowrap',
    font: '600 12px system-ui, sans-serif',
    color: colour,
    background,
    borderRadius: '3px',
    padding: '1px 6px',
    transform: 'translate(-50%, -120%)',
    boxShadow: '0 1px 3px rgba(0,0,0,0.45)',
  } as const;
}
