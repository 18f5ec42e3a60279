// Starting play: carry on with the game saved in this browser, or start a new one — with the game
// options the players pick here (the scenario's optional rules, readings, house values). A saved game
// shows the options it was started with, read only; the options for a new game then fold away.
import { useState } from 'react';
import type { GameOptionChoice, GameOptions as Chosen } from '../../game';
import { GameOptions } from './GameOptions';

export interface StartChoiceProps {
  /** Commands played in the saved game. */
  commands: number;
  /** A saved game is waiting (Resume is offered); false: only a new game. Default: true. */
  saved?: boolean;
  /** What the players may choose for a new game (none: no options panel). */
  choices?: readonly GameOptionChoice[];
  /** The saved game's options (shown read only). */
  current?: Chosen;
  onResume: () => void;
  /** Start a new game with these options (only those that differ from the defaults). */
  onNew: (options?: Chosen) => void;
}

export function StartChoice({ commands, saved = true, choices = [], current = {}, onResume, onNew }: StartChoiceProps) {
  const [chosen, setChosen] = useState<Chosen>({});
  return (
    <div className="st-play-dialog st-play-start" role="dialog" aria-labelledby="st-start-title" data-testid="start-choice">
      <span className="st-eyebrow">{saved ? 'Saved game' : 'New game'}</span>
      <h2 id="st-start-title">{saved ? 'A game of this scenario is in progress' : 'Start a game of this scenario'}</h2>
      {saved && <p>It was kept in this browser ({commands} {commands === 1 ? 'command' : 'commands'} played).</p>}
      {choices.length > 0 && saved && (
        <>
          <div className="st-play-options-current" data-testid="saved-options"><GameOptions choices={choices} value={current} onChange={() => undefined} readOnly /></div>
          <details className="st-play-options-new">
            <summary>Options for a new game</summary>
            <GameOptions choices={choices} value={chosen} onChange={setChosen} />
          </details>
        </>
      )}
      {choices.length > 0 && !saved && <GameOptions choices={choices} value={chosen} onChange={setChosen} />}
      <div className="st-actions">
        {saved && <button type="button" className="st-btn st-btn-primary" data-testid="resume-game" onClick={onResume}>Resume game</button>}
        <button type="button" className={saved ? 'st-btn' : 'st-btn st-btn-primary'} data-testid="new-game" onClick={() => onNew(chosen)}>{saved ? 'New game' : 'Start game'}</button>
      </div>
    </div>
  );
}
