// Calls back once, after the first frame containing the table has been drawn (a global
// after-effect that runs once this root's frame loop has rendered). Used by the test hook.
import { addAfterEffect, useFrame, useThree } from '@react-three/fiber';
import { useEffect, useRef } from 'react';

export interface FirstFrameProps {
  onRendered: () => void;
}

export function FirstFrame({ onRendered }: FirstFrameProps) {
  const drawn = useRef(false);
  const callback = useRef(onRendered);
  callback.current = onRendered;
  const invalidate = useThree((s) => s.invalidate);
  useFrame(() => {
    drawn.current = true; // runs just before this root renders its frame
  });
  useEffect(() => {
    let done = false;
    const stop = addAfterEffect(() => {
      if (done || !drawn.current) return;
      done = true;
      callback.current();
    });
    invalidate();
    return () => stop();
  }, [invalidate]);
  return null;
}
