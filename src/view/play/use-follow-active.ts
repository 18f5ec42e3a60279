// The camera brings the unit the game is about into view: at each new activation (or a unit offered
// its card), and when a side is asked a decision about a unit, it glides so the unit's figures stand
// in the part of the canvas no HUD box covers, and again when that part changes (a panel opened over
// the canvas). Between those moments the user's own camera stays.
import { useThree } from '@react-three/fiber';
import { useCallback, useEffect, useRef } from 'react';
import type { PlayView } from '../../game';
import { cameraDirector, cameraStatus, followActive, measureUncovered, observeUncovered, shouldFollowAgain, toNdc, type Rect } from '../camera';
import type { FigurePose } from '../Figures';
import { useStore } from '../store';

/** A figure's height, cm: its head must be in view as well as its stand. */
const FIGURE_HEIGHT = 2.6;

/** The unit the game is about: the one a decision concerns (as the rules say), else the acting unit. */
export function focusUnitId(view: Pick<PlayView, 'activeUnitId' | 'decision'>): string | undefined {
  return view.decision?.unitId ?? view.activeUnitId;
}

/** What makes a new moment to follow: a new acting unit, or a new question. */
export function followKey(view: Pick<PlayView, 'activeUnitId' | 'decision' | 'prompt'>): string | null {
  const unit = focusUnitId(view);
  if (!unit) return null;
  return [view.prompt.turn, unit, view.decision ? `${view.decision.kind}:${view.decision.label}` : ''].join('|');
}

/** Table points (stand and head) of the unit's figures on the table. */
export function unitPoints(poses: readonly FigurePose[], unitId: string): Array<[number, number, number]> {
  return poses.filter((p) => p.unitId === unitId).flatMap((p) => [
    [p.position[0], p.position[1], p.position[2]] as [number, number, number],
    [p.position[0], p.position[1] + FIGURE_HEIGHT, p.position[2]] as [number, number, number],
  ]);
}

/** Fly to the unit of each new moment of the game (when the player leaves the setting on). */
export function useFollowActive(view: PlayView, poses: readonly FigurePose[]): void {
  const on = useStore(followActive);
  const canvas = useThree((s) => s.gl.domElement);
  const size = useThree((s) => s.size);
  const key = followKey(view);
  const unitId = focusUnitId(view);
  const latest = useRef({ poses, unitId });
  latest.current = { poses, unitId };
  // The user's camera moves counted when the camera last followed; null: it has not for this moment.
  const followedAt = useRef<number | null>(null);
  // The canvas's uncovered part (page pixels) that follow aimed at.
  const followedClear = useRef<Rect | null>(null);

  const bring = useCallback(() => {
    const { poses: now, unitId: id } = latest.current;
    const points = id ? unitPoints(now, id) : [];
    if (points.length === 0) return;
    const { page, clear } = measureUncovered(canvas);
    if (clear) cameraDirector.bringIntoView(points, toNdc(page, clear));
    followedAt.current = cameraDirector.userMoves;
    followedClear.current = clear;
  }, [canvas]);

  useEffect(() => {
    followedAt.current = null;
    if (!on || !key) return;
    // After the HUD has laid out for this moment (the dock turns to Orders, the action bar fills),
    // unless the user has taken the camera meanwhile.
    const moves = cameraDirector.userMoves;
    const timer = setTimeout(() => {
      if (cameraDirector.userMoves === moves) bring();
    }, 120);
    return () => clearTimeout(timer);
  }, [on, key, bring]);

  // A canvas of another size (the window, the dock) moves the HUD's boxes: follow again, unless the
  // user has taken the camera since.
  useEffect(() => {
    if (!on || followedAt.current === null || followedAt.current !== cameraDirector.userMoves || cameraStatus.get().view === 'beat') return;
    const timer = setTimeout(bring, 150);
    return () => clearTimeout(timer);
  }, [on, size.width, size.height, bring]);

  // A HUD box over the canvas opened, folded or resized: follow again once the uncovered part has
  // settled, if the user has not taken the camera since. Page changes outside the canvas only ask the
  // watch to measure (at most once per settle interval); it reports only a changed uncovered part, so
  // a log line or a rolling die never moves the camera, and a stream of them never starves the check.
  useEffect(() => {
    if (!on) return;
    return observeUncovered(canvas, (clear) => {
      const state = { followedAt: followedAt.current, userMoves: cameraDirector.userMoves, followedClear: followedClear.current, clear, view: cameraStatus.get().view };
      if (shouldFollowAgain(state)) bring();
    });
  }, [on, canvas, bring]);
}
