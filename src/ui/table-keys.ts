// Keyboard shortcuts of the table (listed in shortcuts.ts): camera moves while keys are held,
// preset views, presenter stepping, viewshed, help and Esc. Keys typed into form fields, and keys
// another handler already took (defaultPrevented), are left alone.
import { useEffect } from 'react';
import { cleanView } from './clean-view';
import {
  cameraDirector, presenter, presenterStore, viewshedControls, viewshedStore, TARGET_HEIGHTS,
  type HeldMove, type PresetName, type TargetKind,
} from '../view';

const HELD: Record<string, HeldMove> = {
  KeyW: 'forward', KeyS: 'back', KeyA: 'left', KeyD: 'right',
  ArrowUp: 'forward', ArrowDown: 'back', ArrowLeft: 'left', ArrowRight: 'right',
  KeyQ: 'rotateLeft', KeyE: 'rotateRight',
  Equal: 'zoomIn', NumpadAdd: 'zoomIn', Minus: 'zoomOut', NumpadSubtract: 'zoomOut',
};

export interface TableKeysOptions {
  /** Preset views for the digit keys 1, 2, … */
  edgePresets: readonly PresetName[];
  helpOpen: boolean;
  setHelpOpen: (open: boolean) => void;
  /** Floors at the viewshed observer's place. */
  observerLevels: () => number;
}

function typing(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || !el.tagName) return false;
  return el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName);
}

const TARGET_ORDER = Object.keys(TARGET_HEIGHTS) as TargetKind[];

export function useTableKeys(o: TableKeysOptions): void {
  const { edgePresets, helpOpen, setHelpOpen, observerLevels } = o;
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || typing(e.target)) return;
      const done = () => e.preventDefault();
      if (e.key === '?') { setHelpOpen(!helpOpen); return done(); }
      if (e.key === 'Escape') {
        if (helpOpen) setHelpOpen(false);
        else if (presenterStore.get().open) presenter.close();
        else if (viewshedStore.get().on) viewshedControls.toggle(false);
        else return;
        return done();
      }
      if (helpOpen) return;
      const showing = presenterStore.get().open;
      if (showing && (e.key === 'ArrowRight' || e.key === 'PageDown')) { presenter.next(); return done(); }
      if (showing && (e.key === 'ArrowLeft' || e.key === 'PageUp')) { presenter.previous(); return done(); }
      if (showing && (e.key === 'ArrowUp' || e.key === 'ArrowDown')) return;
      const held = HELD[e.code];
      if (held) { cameraDirector.hold(held, true); return done(); }
      if (e.repeat) return;
      switch (e.key.toLowerCase()) {
        case 'h':
          // In presenter mode H gives the clean view (the table and the narration only).
          if (showing) cleanView.set((c) => !c);
          else cameraDirector.showPreset('home');
          return done();
        case 't': cameraDirector.showPreset('top'); return done();
        case 'p': presenter.toggle(); return done();
        case 'v': viewshedControls.toggle(); return done();
        case 'g': {
          const t = viewshedStore.get().target;
          viewshedControls.setTarget(TARGET_ORDER[(TARGET_ORDER.indexOf(t) + 1) % TARGET_ORDER.length]!);
          return done();
        }
        case '[':
        case ']': {
          const obs = viewshedStore.get().observer;
          if (!obs) return;
          const f = Math.min(Math.max((obs.floor ?? 0) + (e.key === ']' ? 1 : -1), 0), observerLevels() - 1);
          viewshedControls.setFloor(f);
          return done();
        }
      }
      const digit = /^Digit([1-9])$/.exec(e.code);
      const preset = digit ? edgePresets[Number(digit[1]) - 1] : undefined;
      if (preset) { cameraDirector.showPreset(preset); done(); }
    };
    const onKeyUp = (e: KeyboardEvent) => {
      const held = HELD[e.code];
      if (held) cameraDirector.hold(held, false);
    };
    const release = () => cameraDirector.releaseAll();
    window.addEventListener('keydown', onKeyDown);
    window.addEventListener('keyup', onKeyUp);
    window.addEventListener('blur', release);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('keyup', onKeyUp);
      window.removeEventListener('blur', release);
      release();
    };
  }, [edgePresets, helpOpen, setHelpOpen, observerLevels]);
}
