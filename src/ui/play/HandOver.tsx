// The hot-seat hand-over card: when the side to act changes, the screen goes to the other player,
// who dismisses the card (button or Enter) before acting.
import { useEffect, useRef } from 'react';
import type { SideLook } from './side-colour';

export interface HandOverProps {
  side: SideLook;
  onDismiss: () => void;
}

export function HandOver({ side, onDismiss }: HandOverProps) {
  const ok = useRef<HTMLButtonElement>(null);
  useEffect(() => ok.current?.focus(), [side.name]);
  return (
    <div className="st-play-handover" role="alertdialog" aria-labelledby="st-handover-title" data-testid="handover" style={{ borderTopColor: side.colour }}>
      <h2 id="st-handover-title"><span className="st-swatch" style={{ background: side.colour }} /> {side.name} to play</h2>
      <p>Pass the screen to the {side.name} player.</p>
      <button ref={ok} type="button" className="st-btn st-btn-primary" data-testid="handover-ok" onClick={onDismiss}>
        I play {side.name} — continue
      </button>
    </div>
  );
}
