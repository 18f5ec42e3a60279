// Why play could not start on this table (the ruleset refused it, a save would not load): shown over
// the table until dismissed; the table stays to explore and the Play button to try again.
export interface PlayRefusedProps {
  title: string;
  /** The ruleset's reasons as the player reads them (rule ids kept, units by name). */
  reasons: readonly string[];
  onDismiss: () => void;
}

export function PlayRefused({ title, reasons, onDismiss }: PlayRefusedProps) {
  return (
    <div className="st-play-dialog st-play-refused" role="alertdialog" aria-labelledby="st-refused-title" data-testid="play-refused">
      <span className="st-eyebrow">Play could not start</span>
      <h2 id="st-refused-title">{title}</h2>
      <ul className="st-play-refused-reasons" data-testid="play-refused-reasons">
        {reasons.map((r, i) => <li key={i}>{r}</li>)}
      </ul>
      <p>You can still explore the table.</p>
      <div className="st-actions">
        <button type="button" className="st-btn st-btn-primary" data-testid="play-refused-dismiss" onClick={onDismiss} autoFocus>Back to the table</button>
      </div>
    </div>
  );
}
