// Overlay colours (ART.md §11): sight green / blocked red / partial amber, tape yellow.
import { DoubleSide } from 'three';
export const TOOL_COLOURS = {
  clear: '#5fd35f',
  blocked: '#e5484d',
  partial: '#f0b429',
  tape: '#e8c547',
  tapeTick: '#3a3220',
  selected: '#e8c547',
  hover: '#f4efe2',
  point: '#f4efe2',
  ring: '#e8c547',
} as const;

/** Overlays draw on top of the table (ART.md §12 checklist). */
export const OVERLAY_ORDER = 10;

/**
 * Fat lines (Line2) build their quads in clip space, so the table group's mirror (scale z −1, see
 * TableSpace) does not flip them, yet three flips the front face for a mirrored object: draw both
 * sides or every line is culled.
 */
export const LINE_SIDE = DoubleSide;
