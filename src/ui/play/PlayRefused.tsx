// Why play could not start on this table (the ruleset refused it, a save would not load): shown over
// the table until dismissed; the table stays to explore and the Play button to try again. Also says
// why the autosave was not resumed (a new game started instead).
export interface PlayRefusedProps {
  title: string;
  /** The ruleset's reasons as the player reads them (rule ids kept, units by name). */
  reasons: readonly string[];
  onDismiss: () => void;
  /** The line above the title; default "Play could not start". */
  eyebrow?: string;
  /** The line under the reasons; default: the table is still there to explore. */
  note?: string;
  /** The dismiss button's label; default "Back to the table". */
  action?: string;
}

export function PlayRefused({ title, reasons, onDismiss, eyebrow = 'Play could not start', note = 'You can still explore the table.', action = 'Back to the table' }: PlayRefusedProps) {
  return (
    <div className="st-play-dialog st-play-refused" role="alertdialog" aria-labelledby="st-refused-title" data-testid="play-refused">
      <span className="st-eyebrow">{eyebrow}</span>
      <h2 id="st-refused-title">{title}</h2>
      <ul className="st-play-refused-reasons" data-testid="play-refused-reasons">
        {reasons.map((r, i) => <li key={i}>{r}</li>)}
      </ul>
      <p>{note}</p>
      <div className="st-actions">
        <button type="button" className="st-btn st-btn-primary" data-testid="play-refused-dismiss" onClick={onDismiss} autoFocus>{action}</button>
      </div>
    </div>
  );
}
