// While in eye view: whose eye, how to look around, and the way back to the table camera.
import { type ToolController, useToolState } from '../../view';

export interface EyeBarProps {
  tools: ToolController;
}

export function EyeBar({ tools }: EyeBarProps) {
  const eye = useToolState(tools, (s) => s.eye);
  if (!eye) return null;
  return (
    <div className="st-eyebar" role="status" data-testid="eye-bar">
      <span>Eye view</span>
      <b>{eye.label}</b>
      <span>drag to look · wheel to zoom</span>
      <button type="button" className="st-btn st-btn-primary" data-testid="eye-exit" onClick={() => tools.exitEye()} title="Back to the table camera (Esc)">
        Back <kbd>Esc</kbd>
      </button>
    </div>
  );
}
