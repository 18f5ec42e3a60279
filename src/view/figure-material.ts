// The figures' material: Lambert with vertex colours, plus per-instance uniform colour, side colour
// and headgear read by a few lines of shader, so one instanced mesh draws every figure of a shape
// (base, rim, body, uniform, the headgear he wears) in one call. The instance colour is the wound tint.
import { InstancedBufferAttribute, type InstancedMesh, MeshLambertMaterial } from 'three';

/** Per-instance attributes the shader reads (with their sizes). */
export const FIGURE_INSTANCE_ATTRIBUTES = { instanceUniform: 3, instanceSide: 3, instanceHeadgear: 1 } as const;
type InstanceAttribute = keyof typeof FIGURE_INSTANCE_ATTRIBUTES;

const DECLARE = `
attribute float paint;
attribute float headgear;
attribute vec3 instanceUniform;
attribute vec3 instanceSide;
attribute float instanceHeadgear;
`;

// After three's colour chunk: vColor = vertex colour × (tint | uniform × tint | side | 1) by `paint` (figure-geometry PAINT).
const PAINT_VERTEX = `
#include <color_vertex>
{
  vec3 figureTint = vec3( 1.0 );
  #ifdef USE_INSTANCING_COLOR
    figureTint = instanceColor.rgb;
  #endif
  vec3 by = paint < 0.5 ? figureTint : paint < 1.5 ? instanceUniform * figureTint : paint < 2.5 ? instanceSide : vec3( 1.0 );
  vColor.rgb = color * by;
}
`;

// A headgear the instance does not wear collapses to a point (its triangles are not drawn).
const HIDE_HEADGEAR = `
#include <begin_vertex>
if ( headgear > -0.5 && abs( headgear - instanceHeadgear ) > 0.5 ) transformed = vec3( 0.0 );
`;

export function figureMaterial(ghost: { transparent: boolean; opacity: number; depthWrite: boolean } | null): MeshLambertMaterial {
  const m = new MeshLambertMaterial({ vertexColors: true, ...(ghost ?? {}) });
  m.onBeforeCompile = (shader) => {
    shader.vertexShader = shader.vertexShader
      .replace('#include <common>', `#include <common>\n${DECLARE}`)
      .replace('#include <color_vertex>', PAINT_VERTEX)
      .replace('#include <begin_vertex>', HIDE_HEADGEAR);
  };
  m.customProgramCacheKey = () => 'sandtable-figure';
  return m;
}

/** The mesh's per-instance attribute `name`, grown to hold `count` instances (a new buffer when it must grow). */
export function instanceAttribute(mesh: InstancedMesh, name: InstanceAttribute, count: number): InstancedBufferAttribute {
  const size = FIGURE_INSTANCE_ATTRIBUTES[name];
  const known = mesh.geometry.getAttribute(name) as InstancedBufferAttribute | undefined;
  if (known && known.count >= count) return known;
  const made = new InstancedBufferAttribute(new Float32Array(Math.max(1, count) * size), size);
  mesh.geometry.setAttribute(name, made);
  return made;
}
