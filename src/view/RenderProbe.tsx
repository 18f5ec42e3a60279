// Counts drawn frames and keeps the last frame's renderer stats for the view probe (test hook,
// render benchmark). Adds nothing to a frame and never asks for one itself.
import { addAfterEffect, addEffect, useThree } from '@react-three/fiber';
import { useEffect } from 'react';
import { InstancedMesh, Mesh, type Object3D } from 'three';
import { registerRender, type FrameStats, type MeshCost } from './probe';

function meshCosts(root: Object3D): MeshCost[] {
  const out: MeshCost[] = [];
  root.traverseVisible((o) => {
    if (!(o instanceof Mesh)) return;
    const g = o.geometry;
    const per = (g.index ? g.index.count : g.getAttribute('position')?.count ?? 0) / 3;
    const instances = o instanceof InstancedMesh ? o.count : 1;
    let name = o.name;
    for (let p = o.parent; !name && p; p = p.parent) name = p.name;
    out.push({ name: name || o.type, triangles: Math.round(per * instances), instances });
  });
  return out.sort((a, b) => b.triangles - a.triangles);
}

export function RenderProbe() {
  const gl = useThree((s) => s.gl);
  const scene = useThree((s) => s.scene);
  const invalidate = useThree((s) => s.invalidate);
  useEffect(() => {
    const stats: FrameStats = { frames: 0, calls: 0, triangles: 0, geometries: 0, textures: 0 };
    let began = 0;
    const waiting: Array<(t: number) => void> = [];
    const stopBefore = addEffect(() => { began = performance.now(); });
    const stopAfter = addAfterEffect(() => {
      stats.frames++;
      stats.calls = gl.info.render.calls;
      stats.triangles = gl.info.render.triangles;
      stats.geometries = gl.info.memory.geometries;
      stats.textures = gl.info.memory.textures;
      for (const w of waiting.splice(0)) w(began);
    });
    registerRender({
      gl, invalidate, stats,
      meshes: () => meshCosts(scene),
      nextFrame: () => new Promise<number>((resolve) => waiting.push(resolve)),
    });
    return () => {
      stopBefore();
      stopAfter();
      registerRender(null);
    };
  }, [gl, invalidate, scene]);
  return null;
}
