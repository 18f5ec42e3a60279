// A passing word from the game outside the dock's tabs (a save loaded): shown in the bottom column
// whichever tab the dock is on, until the player dismisses it or the game moves on.
export interface PlayNoticeProps {
  text: string;
  onClose: () => void;
}

export function PlayNotice({ text, onClose }: PlayNoticeProps) {
  return (
    <div className="st-play-notice" role="status" data-testid="play-notice">
      <span className="st-play-notice-text">{text}</span>
      <button type="button" className="st-icon-btn" aria-label="Dismiss" data-testid="play-notice-close" onClick={onClose}>×</button>
    </div>
  );
}
