// A scenario text with its source marks ((✓), (~), (?), [design]) drawn as visible marks with their
// meaning on hover, and a legend of the marks a text uses, so nobody reads a game choice as history.
import { MARKS, splitMarks, type MarkKind } from '../scenario';

/** The text as written (the marks keep their characters), each mark a tagged, titled span. */
export function MarkedText({ text }: { text: string }) {
  return (
    <>
      {splitMarks(text).map((part, i) => {
        if ('text' in part) return part.text;
        const info = MARKS[part.mark];
        const title = part.note ? `${info.meaning} — ${part.note}` : info.meaning;
        return <span key={i} className={`st-mark st-mark-${part.mark}`} data-mark={part.mark} title={title}>{part.source}</span>;
      })}
    </>
  );
}

export interface MarkLegendProps {
  kinds: readonly MarkKind[];
  testId?: string;
}

/** One line naming what each mark shown means; nothing when no mark is shown. */
export function MarkLegend({ kinds, testId }: MarkLegendProps) {
  if (kinds.length === 0) return null;
  return (
    <p className="st-mark-legend" data-testid={testId}>
      {kinds.map((k) => (
        <span key={k} data-mark={k}>
          <span className={`st-mark st-mark-${k}`}>{k === 'design' ? '[design]' : `(${MARKS[k].symbol})`}</span> {MARKS[k].meaning}
        </span>
      ))}
    </p>
  );
}
