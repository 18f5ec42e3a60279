// Merging small geometries into one mesh: every part becomes non-indexed with position, normal and a
// per-vertex colour (with a zenithal highlight), so parts of any origin merge without surprises.
import { BufferAttribute, type BufferGeometry, Color } from 'three';
import { mergeGeometries } from 'three/examples/jsm/utils/BufferGeometryUtils.js';

/**
 * Strip a geometry to position + normal + colour (non-indexed). `zenithal` lightens faces that
 * look up and darkens those that look down by that fraction (painter's zenithal highlight).
 */
export function paintPart(geometry: BufferGeometry, colour: Color | string, zenithal = 0.08): BufferGeometry {
  const g = geometry.index ? geometry.toNonIndexed() : geometry;
  if (g !== geometry) geometry.dispose();
  for (const name of Object.keys(g.attributes)) if (name !== 'position' && name !== 'normal') g.deleteAttribute(name);
  if (!g.getAttribute('normal')) g.computeVertexNormals();
  const base = typeof colour === 'string' ? new Color(colour) : colour;
  const normals = g.getAttribute('normal');
  const colours = new Float32Array(normals.count * 3);
  for (let i = 0; i < normals.count; i++) {
    const k = 1 + zenithal * normals.getY(i);
    colours[i * 3] = base.r * k;
    colours[i * 3 + 1] = base.g * k;
    colours[i * 3 + 2] = base.b * k;
  }
  g.setAttribute('color', new BufferAttribute(colours, 3));
  return g;
}

/** Merge painted parts into one geometry (the parts are disposed). */
export function mergeParts(parts: BufferGeometry[]): BufferGeometry | null {
  if (parts.length === 0) return null;
  const merged = mergeGeometries(parts, false);
  for (const p of parts) p.dispose();
  merged?.computeBoundingSphere();
  return merged;
}
