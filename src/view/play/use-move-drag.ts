// Pointer handling of the move gizmo: a press on a figure of the unit that may move starts a drag
// (the camera controls let go meanwhile), moves follow the ground under the pointer, release sends
// the destinations to control.move, Escape or a cancelled pointer drops the drag. Pointer events, so
// mouse, pen and touch all drive it. While dragging, PageUp / ] / wheel up and PageDown / [ / wheel
// down step the destination storey within the building under the dragged figure's destination; the
// storey chosen (those keys, or the HUD's floor buttons: touch and pen have neither keys nor wheel)
// is kept in the move-floor store and starts the next drags of the same move offer.
import { type ThreeEvent, useThree } from '@react-three/fiber';
import { useCallback, useEffect, useRef } from 'react';
import type { PerspectiveCamera } from 'three';
import type { Store } from '../store';
import type { TableModel } from '../table-model';
import { CLICK_SLOP } from '../tools/PickSurface';
import { dragTargets, stepDragFloor, type MoveDrag, type ShownRefusal } from './drag-store';
import { moveFloorKey, type MoveFloor } from './move-floor';
import { pointerGround } from './pointer-ground';
import { floorAt, floorsAt } from './surface';
import type { PlayTableLink } from './types';

type Controls = { enabled?: boolean } | null;

export function useMoveDrag(
  play: PlayTableLink,
  model: TableModel,
  drag: Store<MoveDrag | null>,
  refusal: Store<ShownRefusal | null>,
  moveFloor?: Store<MoveFloor | null>,
) {
  const camera = useThree((s) => s.camera) as PerspectiveCamera;
  const controls = useThree((s) => s.controls) as Controls;
  const canvas = useThree((s) => s.gl.domElement);
  const invalidate = useThree((s) => s.invalidate);
  // The controls' own setting while a drag holds them (restored when it ends).
  const held = useRef<boolean | undefined>(undefined);
  // A refused press is under way (until its pointerup): R3F hands the same press to each mesh of the
  // figure hit (body, clothes, base), and only the first may note the controls' setting, or a later
  // one notes them already off and leaves them off (no orbit, no touch-action: a touch drag then pans).
  const refusing = useRef(false);

  const release = useCallback(() => {
    drag.set(null);
    if (controls && held.current !== undefined) controls.enabled = held.current;
    held.current = undefined;
    invalidate();
  }, [drag, controls, invalidate]);

  // A press on a figure of the acting unit that may not move now (it moved already, it chose to shoot
  // only …): the rules' reason shows over the unit, and the press does not turn the camera instead.
  const refuseStart = useCallback(
    (figureId: string, e: ThreeEvent<PointerEvent>): boolean => {
      const view = play.view.get();
      const unit = view.units.find((u) => u.id === view.activeUnitId);
      const figure = unit?.figures.find((f) => f.id === figureId && !f.removed);
      if (!unit || !figure) return false;
      const r = play.control.checkMove([{ figureId, to: figure.at, ...(figure.floor ? { floor: figure.floor } : {}) }]);
      if (r.ok || refusing.current) return false;
      refusing.current = true;
      // A click still selects the figure; a drag says why it cannot move.
      const [x0, y0] = [e.nativeEvent.clientX, e.nativeEvent.clientY];
      const was = controls && 'enabled' in controls ? controls.enabled : undefined;
      if (controls && 'enabled' in controls) controls.enabled = false;
      const moved = (m: PointerEvent) => {
        if (Math.hypot(m.clientX - x0, m.clientY - y0) <= CLICK_SLOP) return;
        window.removeEventListener('pointermove', moved);
        refusal.set({ unitId: unit.id, reason: r.reason, ...(r.rule ? { rule: r.rule } : {}), since: performance.now() });
        invalidate();
      };
      const done = () => {
        window.removeEventListener('pointermove', moved);
        window.removeEventListener('pointerup', done);
        window.removeEventListener('pointercancel', done);
        refusing.current = false;
        if (controls && was !== undefined) controls.enabled = was;
      };
      window.addEventListener('pointermove', moved);
      window.addEventListener('pointerup', done);
      window.addEventListener('pointercancel', done);
      return false;
    },
    [play, refusal, controls, invalidate],
  );

  const begin = useCallback(
    (figureId: string, e: ThreeEvent<PointerEvent>): boolean => {
      const view = play.view.get();
      const move = view.move;
      if (!move && e.nativeEvent.button === 0 && !drag.get()) return refuseStart(figureId, e);
      if (!move || e.nativeEvent.button !== 0 || drag.get()) return false;
      const unit = view.units.find((u) => u.id === move.unitId);
      const figure = unit?.figures.find((f) => f.id === figureId && !f.removed);
      if (!unit || !figure) return false;
      e.stopPropagation();
      const { clientX, clientY, shiftKey } = e.nativeEvent;
      const grab = pointerGround(clientX, clientY, camera, canvas, model) ?? figure.at;
      if (controls && 'enabled' in controls) {
        held.current = controls.enabled;
        // Turning the controls off also cancels a rotation they may have started on this press.
        controls.enabled = false;
      }
      // The storey chosen for this move offer (floor buttons, or keys in an earlier drag), if any.
      const f = moveFloor?.get();
      const chosen = f && f.key === moveFloorKey(view) ? f.chosen : null;
      drag.set({ unitId: unit.id, figureId, grab, pressed: [clientX, clientY], offset: [0, 0], only: shiftKey, ...(chosen !== null ? { floor: chosen } : {}) });
      invalidate();
      return true;
    },
    [play, drag, camera, canvas, model, controls, invalidate, moveFloor, refuseStart],
  );

  useEffect(() => {
    const follow = (e: PointerEvent): MoveDrag | null => {
      const d = drag.get();
      if (!d) return null;
      const hit = pointerGround(e.clientX, e.clientY, camera, canvas, model);
      const next: MoveDrag = { ...d, only: e.shiftKey, offset: hit ? [hit[0] - d.grab[0], hit[1] - d.grab[1]] : d.offset };
      drag.set(next);
      invalidate();
      return next;
    };
    const move = (e: PointerEvent) => void follow(e);
    const up = (e: PointerEvent) => {
      const d = follow(e);
      if (!d) return;
      const moved = Math.hypot(e.clientX - d.pressed[0], e.clientY - d.pressed[1]) > CLICK_SLOP;
      const unit = play.view.get().units.find((u) => u.id === d.unitId);
      release();
      if (!moved) return; // a click on the figure, not a move
      const moves = dragTargets(d, unit, (to, floor) => floorAt(model, to, floor));
      const result = play.control.move(moves.map((t) => ({ figureId: t.figureId, to: t.to, ...(t.floor !== undefined ? { floor: t.floor } : {}) })));
      if (!result.ok) refusal.set({ unitId: d.unitId, reason: result.reason, ...(result.rule ? { rule: result.rule } : {}), since: performance.now() });
    };
    const cancel = () => {
      if (drag.get()) release();
    };
    const step = (by: number) => {
      const d = drag.get();
      if (!d) return;
      const unit = play.view.get().units.find((u) => u.id === d.unitId);
      const next = stepDragFloor(d, unit, by, (to, floor) => floorAt(model, to, floor), (to) => floorsAt(model, to));
      if (next !== d) {
        drag.set(next);
        // The HUD's floor buttons follow the keys and the wheel.
        const key = moveFloorKey(play.view.get());
        if (next.floor !== undefined) moveFloor?.set((f) => (f && f.key === key && f.chosen !== next.floor ? { ...f, chosen: next.floor! } : f));
        invalidate();
      }
    };
    const FLOOR_KEYS: Record<string, number> = { PageUp: 1, ']': 1, PageDown: -1, '[': -1 };
    // Capture phase, so Escape drops the drag before other Escape handlers (eye view, panels) act,
    // and the floor keys step the move's storey rather than the tools' observer floor or the presenter.
    const key = (e: KeyboardEvent) => {
      if (!drag.get()) return;
      const by = FLOOR_KEYS[e.key];
      if (by !== undefined) {
        e.preventDefault();
        e.stopPropagation();
        step(by);
        return;
      }
      if (e.key !== 'Escape') return;
      e.preventDefault();
      release();
    };
    // The camera controls are off during a drag, so the wheel is free to step the storey.
    const wheel = (e: WheelEvent) => {
      if (!drag.get() || e.deltaY === 0) return;
      e.preventDefault();
      e.stopPropagation();
      step(e.deltaY < 0 ? 1 : -1);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
    window.addEventListener('pointercancel', cancel);
    window.addEventListener('keydown', key, true);
    window.addEventListener('wheel', wheel, { capture: true, passive: false });
    return () => {
      window.removeEventListener('wheel', wheel, true);
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      window.removeEventListener('pointercancel', cancel);
      window.removeEventListener('keydown', key, true);
    };
  }, [play, drag, refusal, camera, canvas, model, release, invalidate, moveFloor]);

  // Unmounting mid-drag hands the camera back.
  useEffect(() => () => release(), [release]);

  return begin;
}
