// Links the canvas to the tools: registers the camera and canvas (for the test hook's table →
// pixel helper and the eye view), counts drawn frames, and asks for a frame whenever the tools'
// state changes (frameloop "demand").
import { addAfterEffect, useThree } from '@react-three/fiber';
import { useEffect } from 'react';
import type { PerspectiveCamera } from 'three';
import type { ToolController } from './tool-controller';

export interface ToolBridgeProps {
  tools: ToolController;
}

export function ToolBridge({ tools }: ToolBridgeProps) {
  const camera = useThree((s) => s.camera) as PerspectiveCamera;
  const scene = useThree((s) => s.scene);
  const canvas = useThree((s) => s.gl.domElement);
  const controls = useThree((s) => s.controls);
  const invalidate = useThree((s) => s.invalidate);

  useEffect(() => {
    const link = { camera, scene, canvas, controls, invalidate };
    tools.link = link;
    return () => {
      if (tools.link === link) tools.link = null;
    };
  }, [tools, camera, scene, canvas, controls, invalidate]);

  useEffect(() => addAfterEffect(() => void tools.frames++), [tools]);

  // A press starts a click or a camera drag: the hover card goes until the pointer moves again.
  useEffect(() => {
    const down = () => tools.setHover(null);
    canvas.addEventListener('pointerdown', down);
    return () => canvas.removeEventListener('pointerdown', down);
  }, [tools, canvas]);

  useEffect(() => {
    const offState = tools.state.subscribe(invalidate);
    const offHover = tools.hover.subscribe(invalidate);
    return () => {
      offState();
      offHover();
    };
  }, [tools, invalidate]);

  return null;
}
