// Runs the battlefield's viewshed for the overlay without freezing the table. The time per cell
// is measured on every final pass and the next final resolution is the finest that fits the
// budget; when the final pass is expected to be slow, a coarse pass (4 cm cells) is shown first. Results are cached, a newer request cancels an older one, and after a final result
// the floors just above and below a building observer are computed while idle, so stepping through
// a tower's floors is immediate.
import type { Battlefield, Viewshed } from '../../battlefield';
import { TARGET_HEIGHTS, viewshedStore, type ViewshedObserver, type ViewshedResult, type Vec3 } from './viewshed-store';

export type ViewshedSource = Pick<Battlefield, 'scenario' | 'viewshed' | 'eyePoint' | 'buildingAt'>;

export const COARSE_RESOLUTION = 4;
/** Final resolutions tried, finest first; the first whose estimated time fits the budget wins. */
export const FINAL_RESOLUTIONS = [1, 1.5, 2, 2.5, 3] as const;
export const FINAL_BUDGET_MS = 200;
/** The first final pass runs at this resolution; later ones at what the measured speed allows. */
export const START_RESOLUTION = 2;
/** A final pass expected to take less than this is run at once, with no coarse pass first. */
export const DIRECT_MS = 70;
const CACHE_SIZE = 24;

function keyOf(eye: Vec3, th: number, res: number): string {
  return `${eye.map((v) => v.toFixed(3)).join(',')}|${th}|${res}`;
}

/** Wait for the next animation frame to be drawn, then a task: the overlay gets painted in between. */
function later(fn: () => void): () => void {
  const timer = setTimeout(fn, 0);
  return () => clearTimeout(timer);
}

function afterPaint(fn: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const raf = requestAnimationFrame(() => { timer = setTimeout(fn, 0); });
  return () => { cancelAnimationFrame(raf); if (timer !== undefined) clearTimeout(timer); };
}

export class ViewshedRunner {
  private generation = 0;
  private cancel: (() => void) | null = null;
  private cache = new Map<string, Viewshed>();
  private finalRes: number = START_RESOLUTION;
  /** Measured milliseconds per cell (moving average over final passes). */
  private perCell: number | null = null;
  private unsubscribe: () => void;
  private lastAsked = '';

  constructor(private readonly bf: ViewshedSource) {
    this.unsubscribe = viewshedStore.subscribe(() => this.onState());
    this.onState();
  }

  dispose(): void {
    this.unsubscribe();
    this.cancel?.();
    this.generation++;
  }

  /** The final resolution the next request will use. */
  get resolution(): number {
    return this.finalRes;
  }

  eyeOf(o: ViewshedObserver): Vec3 {
    return this.bf.eyePoint({ id: o.figureId ?? 'viewshed-observer', at: [o.x, o.z], ...(o.floor !== undefined ? { floor: o.floor } : {}) });
  }

  private region() {
    const { width, depth } = this.bf.scenario.table;
    return { minX: 0, minZ: 0, maxX: width, maxZ: depth };
  }

  private run(eye: Vec3, th: number, res: number): { vs: Viewshed; ms: number } {
    const key = keyOf(eye, th, res);
    const hit = this.cache.get(key);
    if (hit) {
      this.cache.delete(key);
      this.cache.set(key, hit);
      return { vs: hit, ms: 0 };
    }
    const t0 = performance.now();
    const vs = this.bf.viewshed(eye, this.region(), res, th);
    const ms = performance.now() - t0;
    this.cache.set(key, vs);
    while (this.cache.size > CACHE_SIZE) this.cache.delete(this.cache.keys().next().value!);
    return { vs, ms };
  }

  private publish(eye: Vec3, th: number, res: number, vs: Viewshed, ms: number, final: boolean): void {
    const result: ViewshedResult = { eye, targetHeight: th, resolution: res, viewshed: vs, ms, final };
    viewshedStore.set((s) => ({ ...s, result, computing: !final, error: undefined }));
  }

  private onState(): void {
    const s = viewshedStore.get();
    if (!s.on || !s.observer) {
      if (this.lastAsked !== '') {
        this.lastAsked = '';
        this.cancel?.();
        this.generation++;
      }
      return;
    }
    let eye: Vec3;
    try {
      eye = this.eyeOf(s.observer);
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      if (s.error !== error) viewshedStore.set((p) => ({ ...p, computing: false, error }));
      return;
    }
    const th = TARGET_HEIGHTS[s.target];
    const asked = keyOf(eye, th, 0);
    if (asked === this.lastAsked) return; // our own result update, or nothing that matters
    this.lastAsked = asked;
    this.request(eye, th, s.observer);
  }

  private request(eye: Vec3, th: number, observer: ViewshedObserver): void {
    this.cancel?.();
    const gen = ++this.generation;
    const res = this.finalRes;
    const finish = () => {
      if (gen !== this.generation) return;
      const fine = this.run(eye, th, res);
      if (fine.ms > 0) {
        this.learn(fine.ms, fine.vs.cells.length);
        this.retune();
      }
      this.publish(eye, th, res, fine.vs, fine.ms, true);
      this.schedulePrefetch(gen, observer, th);
    };
    const cached = this.cache.has(keyOf(eye, th, res));
    if (cached || this.estimate(res) <= DIRECT_MS) {
      if (cached) return finish();
      viewshedStore.set((s) => ({ ...s, computing: true }));
      this.cancel = later(finish);
      return;
    }
    viewshedStore.set((s) => ({ ...s, computing: true }));
    // Coarse pass first (so the overlay follows the observer at once), the final one after a paint.
    this.cancel = later(() => {
      if (gen !== this.generation) return;
      const coarse = this.run(eye, th, COARSE_RESOLUTION);
      this.publish(eye, th, COARSE_RESOLUTION, coarse.vs, coarse.ms, false);
      this.cancel = afterPaint(finish);
    });
  }

  private cellsAt(res: number): number {
    const { width, depth } = this.bf.scenario.table;
    return Math.max(1, Math.round(width / res)) * Math.max(1, Math.round(depth / res));
  }

  private estimate(res: number): number {
    return (this.perCell ?? Infinity) * this.cellsAt(res);
  }

  private learn(ms: number, cells: number): void {
    const v = ms / cells;
    this.perCell = this.perCell === null ? v : this.perCell * 0.6 + v * 0.4;
  }

  /**
   * Re-pick the final resolution from the measured time per cell: the finest that fits the budget,
   * stepping finer only with room to spare (so it does not flip back and forth between requests).
   */
  private retune(): void {
    const current = this.finalRes;
    const fits = FINAL_RESOLUTIONS.find((r) => this.estimate(r) <= FINAL_BUDGET_MS) ?? FINAL_RESOLUTIONS[FINAL_RESOLUTIONS.length - 1]!;
    if (fits > current || this.estimate(fits) <= FINAL_BUDGET_MS * 0.6) this.finalRes = fits;
  }

  /** When idle, compute the floors above and below a building observer. */
  private schedulePrefetch(gen: number, observer: ViewshedObserver, th: number): void {
    const res = this.finalRes;
    const building = this.bf.buildingAt(observer.x, observer.z);
    if (!building || observer.floor === undefined) return;
    const floors = [observer.floor + 1, observer.floor - 1].filter((f) => f >= 0 && f < building.levels.length);
    const next = (i: number) => {
      if (i >= floors.length) return;
      this.cancel = afterPaint(() => {
        if (gen !== this.generation) return;
        try {
          this.run(this.eyeOf({ ...observer, floor: floors[i] }), th, res);
        } catch {
          /* a floor that cannot be stood on: nothing to prefetch */
        }
        next(i + 1);
      });
    };
    next(0);
  }
}
