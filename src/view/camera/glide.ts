// The home view's glide: when the canvas or its uncovered part changes (a panel opens or folds, the
// window is resized) the home framing moves to its new pose in a short eased glide, not a jump. The
// share covered per frame is capped too, so a slow renderer (a few frames a second) still shows a path.
import type { CameraPose } from './pose-types';

/** How long a glide takes on a renderer that keeps up (ms). */
export const GLIDE_MS = 450;
/** The most of the way one frame may cover: a glide takes three frames at least, however slow they are. */
export const GLIDE_MAX_STEP = 1 / 3;

/** Ease-out (cubic): the camera answers the panel at once and settles softly. */
export function glideEase(t: number): number {
  const c = Math.min(Math.max(t, 0), 1);
  return 1 - (1 - c) ** 3;
}

/** The share of the way reached at `elapsed` ms, having reached `before` at the last frame: the eased share, at most one step on. */
export function glideShare(before: number, elapsed: number, duration = GLIDE_MS): number {
  const eased = duration > 0 ? glideEase(elapsed / duration) : 1;
  return Math.min(eased, before + GLIDE_MAX_STEP, 1);
}

/** The pose `share` of the way from `a` to `b` along the straight line (position and target alike). */
export function glidePose(a: CameraPose, b: CameraPose, share: number, out: CameraPose): CameraPose {
  for (let i = 0; i < 3; i++) {
    out.position[i] = a.position[i]! + (b.position[i]! - a.position[i]!) * share;
    out.target[i] = a.target[i]! + (b.target[i]! - a.target[i]!) * share;
  }
  return out;
}

/** How far apart two poses are (the larger of the position's and the target's moves; world units). */
export function poseDistance(a: CameraPose, b: CameraPose): number {
  const d = (p: readonly number[], q: readonly number[]) => Math.hypot(p[0]! - q[0]!, p[1]! - q[1]!, p[2]! - q[2]!);
  return Math.max(d(a.position, b.position), d(a.target, b.target));
}
