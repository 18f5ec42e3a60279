// Whether the follow camera goes after the same unit again because the canvas's uncovered part changed
// (a panel opened, folded or resized over a canvas that kept its size): only while the camera is where
// the follow left it — a user who has moved it since keeps his view.
import type { Rect } from './clear-area';

/** Page pixels a side of the uncovered part must move to count as a change (layout jitter is less). */
export const CLEAR_SLACK = 4;

export interface FollowAgainState {
  /** The user's camera moves counted when the camera last followed; null: it has not for this moment. */
  followedAt: number | null;
  /** The user's camera moves counted now. */
  userMoves: number;
  /** The uncovered part the last follow aimed at (page pixels). */
  followedClear: Rect | null;
  /** The uncovered part now. */
  clear: Rect | null;
  /** The camera's named view now: 'beat' while a presenter beat holds the camera. */
  view?: string;
}

function moved(a: Rect, b: Rect): boolean {
  return (
    Math.abs(a.left - b.left) > CLEAR_SLACK ||
    Math.abs(a.right - b.right) > CLEAR_SLACK ||
    Math.abs(a.top - b.top) > CLEAR_SLACK ||
    Math.abs(a.bottom - b.bottom) > CLEAR_SLACK
  );
}

/** True when the camera should follow again: it followed this moment, nobody moved it since, and the uncovered part changed. */
export function shouldFollowAgain(s: FollowAgainState): boolean {
  if (s.followedAt === null || s.followedAt !== s.userMoves || !s.clear) return false;
  // A presenter beat took the camera after the follow (its card opening changed the uncovered part).
  if (s.view === 'beat') return false;
  return !s.followedClear || moved(s.followedClear, s.clear);
}
