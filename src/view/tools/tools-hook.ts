// The tools' part of the test hook (window.__sandtable.view): the tool state tests assert on, the
// camera in table coordinates, and helpers to click exactly on a table point.
import { Raycaster, Vector2, Vector3 } from 'three';
import type { Vec3 } from '../../core';
import { cameraDirector } from '../camera';
import { tableToWorld, worldToTable } from '../TableSpace';
import type { LosReport, MeasureReport } from './sight';
import type { ToolController, ToolId, ToolState } from './tool-controller';

export interface CanvasPoint {
  /** Page coordinates (CSS pixels) for a mouse click. */
  x: number;
  y: number;
  /** In front of the camera and inside the viewport. */
  inView: boolean;
  /** The canvas is the topmost element there (no panel covers it). */
  onCanvas: boolean;
}

export interface ToolsHook {
  readonly tool: ToolId;
  readonly selected: string | null;
  readonly hovered: string | null;
  readonly los: LosReport | null;
  readonly losState: ToolState['los'];
  readonly measure: MeasureReport | null;
  readonly rings: ToolState['rings'];
  readonly cutaway: number | null;
  readonly camera: { mode: 'orbit' | 'eye'; position: Vec3; direction: Vec3; fov: number } | null;
  readonly frames: number;
  /** Where a table point (x east, y up, z north; cm) is on the page. */
  toCanvas(x: number, y: number, z: number): CanvasPoint | null;
  /** What a click at a page pixel would hit on the ground and solids (mesh name, table point), as drawn now. */
  probe(px: number, py: number): { object: string; point: Vec3 } | null;
  /** Names of the scene's objects that start with a prefix (labels drawn as sprites, for instance). */
  objectNames(prefix: string): string[];
  /** Ask for a new frame (frameloop "demand"); `frames` counts up once it is drawn. */
  redraw(): void;
  /** Put the orbit camera at a table point looking at another (no flight). */
  setCamera(position: Vec3, target: Vec3): boolean;
}

const v = new Vector3();
const ray = new Raycaster();
const ndc = new Vector2();

type LookAtControls = { setLookAt?: (...a: [number, number, number, number, number, number, boolean]) => unknown; update?: (d?: number) => unknown; target?: Vector3 };

export function toolsHook(tools: ToolController): ToolsHook {
  const { width, depth } = tools.model.scenario.table;
  const state = () => tools.state.get();
  return {
    get tool() { return state().tool; },
    get selected() { return state().selected; },
    get hovered() { return tools.hover.get()?.figureId ?? null; },
    get los() { return state().los.report; },
    get losState() { return state().los; },
    get measure() { return state().measure.report; },
    get rings() { return state().rings; },
    get cutaway() { return state().cutaway; },
    get frames() { return tools.frames; },
    get camera(): ToolsHook['camera'] {
      const cam = tools.link?.camera;
      if (!cam) return null;
      const p = worldToTable(width, depth, cam.position.x, cam.position.y, cam.position.z);
      cam.getWorldDirection(v);
      return { mode: state().eye ? 'eye' : 'orbit', position: p, direction: [v.x, v.y, -v.z] as Vec3, fov: cam.fov };
    },
    toCanvas(x, y, z) {
      const link = tools.link;
      if (!link) return null;
      link.camera.updateMatrixWorld();
      v.set(...tableToWorld(width, depth, x, y, z)).project(link.camera);
      const r = link.canvas.getBoundingClientRect();
      const px = r.left + ((v.x + 1) / 2) * r.width;
      const py = r.top + ((1 - v.y) / 2) * r.height;
      const inView = Math.abs(v.x) <= 1 && Math.abs(v.y) <= 1 && v.z >= -1 && v.z <= 1;
      const top = inView ? document.elementFromPoint(px, py) : null;
      return { x: px, y: py, inView, onCanvas: top === link.canvas };
    },
    probe(px, py) {
      const link = tools.link;
      const surface = link?.scene.getObjectByName('pick-surface');
      if (!link || !surface) return null;
      const r = link.canvas.getBoundingClientRect();
      ndc.set(((px - r.left) / r.width) * 2 - 1, 1 - ((py - r.top) / r.height) * 2);
      link.camera.updateMatrixWorld();
      ray.setFromCamera(ndc, link.camera);
      const hit = ray.intersectObject(surface, true)[0];
      if (!hit) return null;
      return { object: hit.object.name, point: worldToTable(width, depth, hit.point.x, hit.point.y, hit.point.z) };
    },
    objectNames(prefix) {
      const out: string[] = [];
      tools.link?.scene.traverse((o) => {
        if (o.name.startsWith(prefix)) out.push(o.name);
      });
      return out;
    },
    redraw() {
      tools.link?.invalidate();
    },
    setCamera(position, target) {
      const link = tools.link;
      if (!link) return false;
      const p = tableToWorld(width, depth, ...position);
      const t = tableToWorld(width, depth, ...target);
      // Placed as a user would place it: a flight under way (the camera following a unit) stops.
      cameraDirector.userMoved();
      const c = link.controls as LookAtControls | null;
      if (c?.setLookAt) {
        void c.setLookAt(p[0], p[1], p[2], t[0], t[1], t[2], false);
        c.update?.(0);
      } else {
        link.camera.position.set(...p);
        link.camera.lookAt(...t);
        c?.target?.set(...t);
        c?.update?.();
      }
      link.invalidate();
      return true;
    },
  };
}
