// window.__sandtable: a read-only window into the app for browser tests. `ready` turns true once
// the battlefield is built and the first frame of the table has been drawn.
import type { Battlefield } from '../battlefield';
import type { ScenarioIssue } from '../scenario';
import type { ToolsHook, ViewProbe } from '../view';
import type { PlayHandle } from './play';

export type AppStatus = 'reading' | 'building' | 'ready' | 'missing' | 'invalid' | 'failed';

export interface SandtableHook {
  ready: boolean;
  status: AppStatus;
  scenarioId: string;
  battlefield: Battlefield | null;
  /** Live view state: camera, presenter beat and highlight, viewshed overlay, frame stats. */
  view?: ViewProbe;
  /** Table tools: current tool, last LOS and tape, cutaway, camera mode; table point → page pixel. */
  tools?: ToolsHook | null;
  /**
   * Play mode's handle while a game is open: `view.get()` the HUD model, `log.get()`, `control.send /
   * move / undo`, `replay.seek`, `saves` — the same calls the HUD makes (null when not playing).
   */
  play?: PlayHandle | null;
  issues?: readonly ScenarioIssue[];
  error?: string;
}

declare global {
  interface Window {
    __sandtable?: SandtableHook;
  }
}

export function publish(hook: SandtableHook): void {
  window.__sandtable = hook;
}
