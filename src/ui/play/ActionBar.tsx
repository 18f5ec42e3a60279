// The action bar (bottom centre): the legal choices of the PlayView as buttons, numbered for the
// digit keys, each with its rule chip and hint; and Undo when the last command rolled no dice. While
// a decision waits, its default answer and a few others stand here; the rest are in the Orders tab's
// decision panel, which a "more" button opens (a long list would climb over the table). The bar is
// two rows at most: the buttons that do not fit are left to the Orders tab too, counted on the same
// "more" button (their widths measured on an unseen copy of every button). On a small screen it is one
// row that scrolls sideways, faded at the edge that has more (so a choice cut there reads as "scroll").
import { Fragment, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { PendingDecision, PlayAction } from '../../game';
import { withoutMarks } from '../../scenario';
import { RuleLink } from './RuleLink';

/** A decision's answers shown in the bar: the default first, then the next ones. */
export const DECISION_ANSWERS_IN_BAR = 4;

export interface ActionBarProps {
  actions: PlayAction[];
  /** The decision the game waits for: its answers beyond the first few are left to the decision panel. */
  decision?: PendingDecision | undefined;
  /** Read only (replay, hand-over pending, game over). */
  locked: boolean;
  canUndo: boolean;
  onAction: (a: PlayAction) => void;
  onUndo: () => void;
  onRule: (rule: string) => void;
  /** Show every answer of the decision (the Orders tab). */
  onMore?: () => void;
}

/**
 * The actions the bar shows, each with its index among all the actions (its digit key), and how many
 * of the decision's answers it leaves out, after the last one shown.
 */
export function barActions(actions: readonly PlayAction[], decision?: PendingDecision): { shown: Array<{ a: PlayAction; i: number }>; more: number; moreAfter: number } {
  const answers = new Set(decision?.options.map((o) => JSON.stringify(o.command)) ?? []);
  const shown: Array<{ a: PlayAction; i: number }> = [];
  let seen = 0;
  let more = 0;
  let moreAfter = -1;
  actions.forEach((a, i) => {
    if (!answers.has(JSON.stringify(a.command))) return void shown.push({ a, i });
    if (seen++ < DECISION_ANSWERS_IN_BAR) {
      shown.push({ a, i });
      moreAfter = shown.length - 1;
    } else more++;
  });
  return { shown, more, moreAfter };
}

/**
 * How many of the buttons (their widths, px, in order) fit in `rows` rows of `room` px with `gap`
 * between them; with `tail` px kept free at the end of the last row (the "more" button) when not all
 * fit, or `always` (a decision's hidden answers have the button anyway).
 */
export function buttonsThatFit(widths: readonly number[], room: number, gap: number, rows = 1, tail = 0, always = false): number {
  const fit = (last: number): number => {
    let row = 1;
    let used = 0;
    for (let k = 0; k < widths.length; k++) {
      const w = widths[k]!;
      const limit = row === rows ? room - last : room;
      if (used > 0 && used + gap + w > limit) {
        if (row === rows) return k;
        row++;
        used = w;
        if (used > (row === rows ? room - last : room)) return k;
      } else used += (used > 0 ? gap : 0) + w;
      if (used > limit) return k;
    }
    return widths.length;
  };
  if (always) return fit(tail + gap);
  const all = fit(0);
  return all === widths.length || tail === 0 ? all : fit(tail + gap);
}

/** Room the "N more…" button and Undo take beside the list, px (a little over their widths). */
const MORE_WIDTH = 78;

/** The number of buttons that fit in one row of the bar, remeasured as the bar's column resizes. */
function useFit(key: string, count: number, extra: number): { fit: number; measure: RefObject<HTMLDivElement | null>; nav: RefObject<HTMLElement | null> } {
  const measure = useRef<HTMLDivElement>(null);
  const nav = useRef<HTMLElement>(null);
  const [fit, setFit] = useState(count);
  useLayoutEffect(() => {
    const copy = measure.current;
    const bar = nav.current;
    const column = bar?.parentElement;
    if (!copy || !bar || !column) return;
    const run = () => {
      const style = getComputedStyle(bar);
      const widthCap = parseFloat(style.maxWidth) || Infinity;
      const undo = bar.querySelector<HTMLElement>('.st-play-undo')?.offsetWidth ?? 0;
      const pad = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight) + parseFloat(style.borderLeftWidth) + parseFloat(style.borderRightWidth);
      const room = Math.min(column.clientWidth, widthCap) - pad - undo - 8;
      const widths = Array.from(copy.children).map((c) => (c as HTMLElement).offsetWidth);
      const gap = parseFloat(getComputedStyle(copy).columnGap) || 3;
      // Two rows; one where the screen is small (the bar's list then keeps to one line).
      const rows = getComputedStyle(bar.querySelector('.st-play-action-list:not(.st-play-action-measure)') ?? bar).flexWrap === 'nowrap' ? 1 : 2;
      // The "more" button needs its room at the end when some are left out (always, for a decision's hidden answers).
      // One row (a small screen) scrolls sideways and keeps every button; two rows leave the rest to "more".
      setFit(rows === 1 ? widths.length : buttonsThatFit(widths, room, gap, rows, MORE_WIDTH, extra > 0));
    };
    run();
    const watch = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(run);
    watch?.observe(column);
    return () => watch?.disconnect();
  }, [key, extra]);
  return { fit: Math.min(fit, count), measure, nav };
}

/** Which ends of a sideways-scrolling row hide more of it ("start", "end", both or neither). */
export function hiddenEnds(scrollLeft: number, clientWidth: number, scrollWidth: number): { start: boolean; end: boolean } {
  // A pixel of slack: zoomed layouts report fractional widths.
  return { start: scrollLeft > 1, end: scrollLeft + clientWidth < scrollWidth - 1 };
}

/** Marks the list's frame with data-more="start" / "end" / "both" while the list scrolls and as it resizes; the CSS fades those edges and puts an arrow there. */
function useScrollEnds(key: string): RefObject<HTMLDivElement | null> {
  const list = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = list.current;
    const frame = el?.parentElement;
    if (!el || !frame) return;
    const mark = () => {
      const { start, end } = hiddenEnds(el.scrollLeft, el.clientWidth, el.scrollWidth);
      const more = start && end ? 'both' : start ? 'start' : end ? 'end' : '';
      if (more) frame.dataset.more = more;
      else delete frame.dataset.more;
    };
    mark();
    el.addEventListener('scroll', mark, { passive: true });
    const watch = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(mark);
    watch?.observe(el);
    return () => {
      el.removeEventListener('scroll', mark);
      watch?.disconnect();
    };
  }, [key]);
  return list;
}

export function ActionBar({ actions, decision, locked, canUndo, onAction, onUndo, onRule, onMore }: ActionBarProps) {
  const { shown: all, more: answersLeft, moreAfter: answersEnd } = barActions(actions, decision);
  const { fit, measure, nav } = useFit(all.map(({ a }) => `${a.id}:${a.label}`).join('|'), all.length, answersLeft);
  const shown = all.slice(0, Math.max(1, fit));
  const list = useScrollEnds(`${shown.map(({ a }) => a.id).join('|')}:${fit}`);
  const more = answersLeft + all.length - shown.length;
  // The "more" button: after the decision's last answer shown, else after the last button shown.
  const moreAfter = answersEnd >= 0 && answersEnd < shown.length && shown.length === all.length ? answersEnd : shown.length - 1;
  return (
    <nav ref={nav} className="st-play-actions" aria-label="Actions" data-testid="action-bar">
      <div ref={measure} className="st-play-action-list st-play-action-measure" aria-hidden="true">
        {all.map(({ a, i }) => (
          <span key={a.id} className="st-play-action">
            <span className="st-btn">{i < 9 && <kbd>{i + 1}</kbd>}<span>{a.label}</span></span>
            {a.rule && <span className="st-rule-link">{a.rule}</span>}
          </span>
        ))}
      </div>
      <div className="st-play-action-frame" data-testid="action-frame">
      <div ref={list} className="st-play-action-list" data-testid="action-list">
        {actions.length === 0 && <span className="st-hint">No choices now</span>}
        {shown.map(({ a, i }, k) => (
          <Fragment key={a.id}>
            <div className="st-play-action">
              <button type="button" className="st-btn" disabled={locked} title={a.hint ? `${a.hint}${i < 9 ? ` (${i + 1})` : ''}` : undefined}
                data-testid={`action-${a.id}`} data-action={a.id} onClick={() => onAction(a)}>
                {i < 9 && <kbd>{i + 1}</kbd>}
                <span>{withoutMarks(a.label)}</span>
              </button>
              {a.rule && <RuleLink rule={a.rule} onOpen={onRule} />}
            </div>
            {k === moreAfter && more > 0 && (
              <button type="button" className="st-btn st-play-more" data-testid="action-more" title="Every choice is in the Orders tab" onClick={onMore}>
                {more} more…
              </button>
            )}
          </Fragment>
        ))}
      </div>
      </div>
      <button type="button" className="st-btn st-play-undo" disabled={locked || !canUndo} data-testid="undo"
        title={canUndo ? 'Undo the last command (U)' : 'Nothing to undo: the last command rolled dice or there is none'} onClick={onUndo}>
        Undo
      </button>
    </nav>
  );
}
