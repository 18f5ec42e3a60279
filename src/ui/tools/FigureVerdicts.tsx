// A whole unit at once: for each target figure (by name) its head, chest and base verdicts, the
// share seen, and the first blocker of each hidden point.
import type { FigureSight } from '../../view';

/** "head, chest: Farmhouse (wall) · base: terrain (ground)": hidden points grouped by their first blocker. */
export function blockerLine(f: FigureSight): string {
  const groups = new Map<string, string[]>();
  for (const s of f.samples) {
    if (s.clear) continue;
    const key = s.blockerName ? `${s.blockerName} (${s.blockerPart ?? '?'})` : 'unknown';
    groups.set(key, [...(groups.get(key) ?? []), s.name]);
  }
  return [...groups].map(([who, points]) => `${points.join(', ')}: ${who}`).join(' · ');
}

export function FigureVerdicts({ figures }: { figures: readonly FigureSight[] }) {
  return (
    <table className="st-figures" data-testid="los-figures">
      <thead>
        <tr><th>Figure</th><th>Head</th><th>Chest</th><th>Base</th><th>Seen</th></tr>
      </thead>
      {figures.map((f) => {
        const hidden = blockerLine(f);
        return (
          <tbody key={f.figureId} data-figure={f.figureId}>
            <tr>
              <td data-testid="figure-name">{f.label}</td>
              {f.samples.map((s) => (
                <td key={s.name} className={s.clear ? 'st-yes' : 'st-no'} data-sample={s.name}
                  title={s.clear ? `${s.name} visible` : `${s.name} hidden by ${s.blockerName ?? '?'}`}>{s.clear ? '✓' : '✗'}</td>
              ))}
              <td>{Math.round(f.fraction * 100)}%</td>
            </tr>
            {hidden && (
              <tr><td colSpan={5} className="st-blockers" data-testid="figure-blockers">{hidden}</td></tr>
            )}
          </tbody>
        );
      })}
    </table>
  );
}
