// The replay scrubber: a slider over the game's events, a step back and forward, and Live. Any
// position but Live shows the state after that event, read only.
import type { PlayReplay } from './types';
import { useStore } from '../../view';

export interface ReplayBarProps {
  replay: PlayReplay;
}

export function ReplayBar({ replay }: ReplayBarProps) {
  const { at, total } = useStore(replay.store);
  const last = total - 1;
  const pos = at ?? last;
  const seek = (i: number) => replay.seek(i >= last ? null : Math.max(0, i));
  return (
    <section className="st-play-section st-play-replay" data-testid="replay-bar">
      <h3>Replay {at !== null && <span className="st-play-readonly">read only</span>}</h3>
      <div className="st-play-replay-row">
        <button type="button" className="st-btn" disabled={total === 0 || pos <= 0} aria-label="Step back one event" data-testid="replay-back" onClick={() => seek(pos - 1)}>◀</button>
        <input type="range" min={0} max={Math.max(0, last)} value={Math.max(0, pos)} disabled={total === 0} aria-label="Event" data-testid="replay-slider"
          onChange={(e) => seek(Number(e.target.value))} />
        <button type="button" className="st-btn" disabled={at === null} aria-label="Step forward one event" data-testid="replay-forward" onClick={() => seek(pos + 1)}>▶</button>
        <button type="button" className="st-btn" aria-pressed={at === null} data-testid="replay-live" onClick={() => replay.seek(null)}>Live</button>
      </div>
      <p className="st-hint" data-testid="replay-position">{total === 0 ? 'No events yet' : at === null ? `Live — ${total} events` : `After event ${at + 1} of ${total}`}</p>
    </section>
  );
}
