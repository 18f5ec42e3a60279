// The sight observer's eye as a marker: a ring on the surface stood on, a stalk up to the eye, the
// eye itself, and a label with its floor and eye height — so the point the verdict uses is seen.
import { Line } from '@react-three/drei';
import { useEffect, useMemo } from 'react';
import { CanvasTexture, SRGBColorSpace } from 'three';
import { OVERLAY_ORDER, TOOL_COLOURS } from './colours';
import { Dot, OVERLAY as overlay } from './Dot';
import type { EndReport } from './sight';

/** Label height in the sprite's screen-fixed units (sizeAttenuation off): about 23 px of an 800 px view. */
const LABEL_HEIGHT = 0.018;

/** The label as a texture (a sprite, not DOM: it lives and dies with the scene). */
function labelTexture(text: string): { texture: CanvasTexture; aspect: number } {
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d')!;
  const font = '600 26px system-ui, sans-serif';
  ctx.font = font;
  canvas.width = Math.ceil(ctx.measureText(text).width) + 20;
  canvas.height = 38;
  ctx.font = font;
  ctx.fillStyle = TOOL_COLOURS.point;
  ctx.beginPath();
  ctx.roundRect(0, 0, canvas.width, canvas.height, 6);
  ctx.fill();
  ctx.fillStyle = '#1d1a12';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, 10, canvas.height / 2 + 1);
  const texture = new CanvasTexture(canvas);
  texture.colorSpace = SRGBColorSpace;
  return { texture, aspect: canvas.width / canvas.height };
}

/** The text of the eye's label: its floor and eye height. */
export function eyeLabel(end: EndReport): string {
  return `${end.building ? end.floorName : 'ground'} · eye ${n(end.above)} cm`;
}

const n = (v: number) => String(Number(v.toFixed(2)));

export function EyeMarker({ end }: { end: EndReport }) {
  const [x, y, z] = end.eye;
  const text = eyeLabel(end);
  const label = useMemo(() => labelTexture(text), [text]);
  useEffect(() => () => label.texture.dispose(), [label]);
  const ring = Array.from({ length: 25 }, (_, i) => {
    const a = (i / 24) * Math.PI * 2;
    return [x + Math.cos(a) * 0.7, end.stand + 0.05, z + Math.sin(a) * 0.7] as [number, number, number];
  });
  return (
    <group name="tools:observer-eye">
      <Line points={ring} color={TOOL_COLOURS.point} lineWidth={2} {...overlay} />
      <Line points={[[x, end.stand, z], [x, y, z]]} color={TOOL_COLOURS.point} lineWidth={2} {...overlay} />
      <Dot at={end.eye} colour={TOOL_COLOURS.point} />
      <sprite name={`tools:eye-label:${text}`} position={[x, y, z]} center={[0.5, -0.5]} scale={[LABEL_HEIGHT * label.aspect, LABEL_HEIGHT, 1]} renderOrder={OVERLAY_ORDER + 2}>
        <spriteMaterial map={label.texture} sizeAttenuation={false} depthTest={false} depthWrite={false} transparent toneMapped={false} fog={false} />
      </sprite>
    </group>
  );
}
