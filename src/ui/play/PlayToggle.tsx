// The toolbar's Play switch: enter hot-seat play on this table, or leave it (the game is kept).
export interface PlayToggleProps {
  playing: boolean;
  onToggle: () => void;
  /** Why this table cannot be played (known ahead or from a try): the tooltip says so; the button still tries. */
  refused?: string;
}

export function PlayToggle({ playing, onToggle, refused }: PlayToggleProps) {
  const title = playing ? 'Leave play (the game is kept in this browser)'
    : refused ? `Cannot play: ${refused} (press Play to see why in full)` : 'Play this scenario: two players at one screen';
  return (
    <button type="button" className="st-btn st-play-toggle" aria-pressed={playing} data-testid="play-toggle"
      title={title} onClick={onToggle}>
      <svg className="st-icon" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth={1.7} strokeLinejoin="round">
        {playing ? <path d="M7 6h3.5v12H7zM13.5 6H17v12h-3.5z" /> : <path d="M8 5.5v13l10-6.5z" />}
      </svg>
      <span>{playing ? 'Leave play' : 'Play'}</span>
    </button>
  );
}
