// Entering play with a saved game for this scenario: carry on with it, or start afresh.
export interface StartChoiceProps {
  /** Commands played in the saved game. */
  commands: number;
  onResume: () => void;
  onNew: () => void;
}

export function StartChoice({ commands, onResume, onNew }: StartChoiceProps) {
  return (
    <div className="st-play-dialog" role="dialog" aria-labelledby="st-start-title" data-testid="start-choice">
      <span className="st-eyebrow">Saved game</span>
      <h2 id="st-start-title">A game of this scenario is in progress</h2>
      <p>It was kept in this browser ({commands} {commands === 1 ? 'command' : 'commands'} played).</p>
      <div className="st-actions">
        <button type="button" className="st-btn st-btn-primary" data-testid="resume-game" onClick={onResume}>Resume game</button>
        <button type="button" className="st-btn" data-testid="new-game" onClick={onNew}>New game</button>
      </div>
    </div>
  );
}
