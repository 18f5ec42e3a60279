// Picks the rendering tier (ART.md §9): `?quality=` wins, automated browsers get `test`, a software
// WebGL renderer (SwiftShader, llvmpipe …) gets `low`, anything else `medium`.
import type { Quality } from '../view';

const TIERS: readonly Quality[] = ['high', 'medium', 'low', 'test'];

/** Renderer strings of CPU rasterisers: the PBR table costs several times more there (ART.md §9). */
const SOFTWARE = /swiftshader|llvmpipe|softpipe|lavapipe|software|microsoft basic render/i;

export function isSoftwareRenderer(renderer: string | null): boolean {
  return renderer !== null && SOFTWARE.test(renderer);
}

/**
 * The tier for a page. `renderer` is asked only when neither the URL nor webdriver decide, since
 * reading it opens a throwaway WebGL context.
 */
export function chooseQuality(search: string, webdriver: boolean, renderer: () => string | null = webglRenderer): Quality {
  const asked = new URLSearchParams(search).get('quality');
  if (asked && (TIERS as readonly string[]).includes(asked)) return asked as Quality;
  if (webdriver) return 'test';
  return isSoftwareRenderer(renderer()) ? 'low' : 'medium';
}

/** The WebGL renderer's name: unmasked when the browser gives it, else the plain RENDERER string. */
export function webglRenderer(): string | null {
  if (typeof document === 'undefined') return null;
  try {
    const canvas = document.createElement('canvas');
    const gl = (canvas.getContext('webgl2') ?? canvas.getContext('webgl')) as WebGLRenderingContext | null;
    if (!gl) return null;
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    const name = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER) ?? '');
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return name || null;
  } catch {
    return null; // no WebGL at all: the canvas will report it; keep the default tier
  }
}
