// A read-only window on the view for the test hook and the render benchmark: camera pose and
// view name, presenter beat and highlighted units, the viewshed drawn on the table, and frame stats.
import type { WebGLRenderer } from 'three';
import { cameraDirector, cameraStatus } from './camera';
import { overlayCells, viewshedStore, type TargetKind } from './overlays';
import { highlightProbe, presenterStore } from './presenter';
import { cutawayProbe } from './tools/cutaway';
import { lightingProbe } from './lighting-probe';
import { drawnVehicles, type DrawnVehicle } from './vehicle-registry';

type Vec3 = [number, number, number];

export interface FrameStats {
  /** Frames drawn since the canvas started (an idle table draws none). */
  frames: number;
  /** Draw calls and triangles of the last frame. */
  calls: number;
  triangles: number;
  geometries: number;
  textures: number;
}

export interface FrameTiming {
  /** Per forced frame: render call + GPU finish (a 1-pixel read), ms. */
  samples: number[];
  median: number;
  calls: number;
  triangles: number;
}

export interface MeshCost {
  name: string;
  /** Triangles drawn for it (all instances), and the number of instances (1 for a plain mesh). */
  triangles: number;
  instances: number;
}

interface RenderHandle {
  gl: WebGLRenderer;
  /** Visible meshes of the scene with their triangle counts, largest first. */
  meshes(): MeshCost[];
  invalidate: () => void;
  stats: FrameStats;
  /** Resolves after the next frame has been drawn. */
  nextFrame(): Promise<number>;
}

let render: RenderHandle | null = null;

export function registerRender(handle: RenderHandle | null): void {
  render = handle;
}

export interface ViewProbe {
  camera(): { position: Vec3; target: Vec3; view: string; flying: boolean } | null;
  presenter(): { open: boolean; beat: number | null; count: number; title: string | null; highlight: string[]; highlightedUnits: string[]; highlightedFigures: string[]; highlightedStands: Vec3[] };
  viewshed(): {
    on: boolean; computing: boolean; target: TargetKind; observer: { label: string; x: number; z: number; floor?: number } | null;
    eye: Vec3 | null; targetHeight: number | null; resolution: number | null; final: boolean; ms: number | null; visibleFraction: number | null; error?: string;
  };
  /** The viewshed cells as drawn (decoded from the overlay's texture), or null when none is shown. */
  overlayCells(): { columns: number; rows: number; resolution: number; cells: number[] } | null;
  frameStats(): FrameStats | null;
  /** Force `n` frames and time each (render + GPU finish). */
  timeFrames(n: number): Promise<FrameTiming>;
  /** What the triangles are spent on (visible meshes, largest first). */
  meshCosts(): MeshCost[];
  /** Vehicles as drawn: hull and turret headings read back from their instance matrices. */
  vehicles(): DrawnVehicle[];
  /** The floor cutaway as drawn: level, the building aimed at (null = all), buildings cut and roofs faded. */
  cutaway(): { level: number | null; building: string | null; cut: string[]; faded: string[] };
  /** The light drawn now (day, dawn, dusk, night), the turn it was chosen for (null: the opening) and its brightness. */
  lighting(): { light: string | null; turn: number | null; brightness: number | null };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)]! : NaN;
}

export const viewProbe: ViewProbe = {
  camera() {
    const pose = cameraDirector.tablePose();
    const s = cameraStatus.get();
    return pose ? { ...pose, view: s.view, flying: s.flying } : null;
  },
  presenter() {
    const s = presenterStore.get();
    const beat = s.beats[s.index];
    return {
      open: s.open,
      beat: s.open ? s.index + 1 : null,
      count: s.beats.length,
      title: s.open ? beat?.title ?? null : null,
      highlight: s.open ? [...(beat?.highlight ?? [])] : [],
      highlightedUnits: [...highlightProbe.units],
      highlightedFigures: [...highlightProbe.figures],
      highlightedStands: highlightProbe.stands.map((p) => [...p] as Vec3),
    };
  },
  viewshed() {
    const s = viewshedStore.get();
    const r = s.on ? s.result : null;
    return {
      on: s.on, computing: s.computing, target: s.target,
      observer: s.observer ? { label: s.observer.label, x: s.observer.x, z: s.observer.z, ...(s.observer.floor !== undefined ? { floor: s.observer.floor } : {}) } : null,
      eye: r ? [...r.eye] : null, targetHeight: r?.targetHeight ?? null, resolution: r?.resolution ?? null, final: r?.final ?? false,
      ms: r?.ms ?? null, visibleFraction: r?.viewshed.visibleFraction ?? null,
      ...(s.error ? { error: s.error } : {}),
    };
  },
  overlayCells,
  vehicles: drawnVehicles,
  lighting() {
    return { ...lightingProbe };
  },
  cutaway() {
    return { ...cutawayProbe, cut: [...cutawayProbe.cut], faded: [...cutawayProbe.faded] };
  },
  frameStats() {
    return render ? { ...render.stats } : null;
  },
  meshCosts() {
    return render ? render.meshes() : [];
  },
  async timeFrames(n) {
    if (!render) throw new Error('no canvas is mounted');
    const r = render;
    const gl = r.gl.getContext();
    const px = new Uint8Array(4);
    const samples: number[] = [];
    for (let i = 0; i < n; i++) {
      const start = r.nextFrame();
      r.invalidate();
      const began = await start;
      gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, px);
      samples.push(performance.now() - began);
    }
    return { samples, median: median(samples), calls: r.stats.calls, triangles: r.stats.triangles };
  },
};
