// The narration card of presenter mode: beat number, title and text (source marks shown, with a
// legend), the units in focus (in their side's colour), previous/next and close. The camera flight
// and highlight follow the same state. The card keeps clear of the screen centre, where the beat's
// camera target is (presenter.css), of the beat's units and of the other panels (in play, the action
// bar): once the camera has arrived it moves to another edge, or a spot between the panels, when it
// would cover one of them (card-place.ts). It folds down to its title and buttons.
import { useEffect, useRef, useState } from 'react';
import { marksUsed, type Scenario } from '../../scenario';
import { MarkedText, MarkLegend } from '../MarkedText';
import { beatUnits, cameraStatus, highlightOnScreen, hudCovers, presenter, presenterStore, unitPlacesStore, useStore } from '../../view';
import { placeCard, type CardSpot } from './card-place';
import { useScrollFade } from '../scroll-fade';
import './presenter.css';

/** The card's place for the beat on show, measured once the camera has stopped (and again when the window is resized). */
function useCardPlace(card: React.RefObject<HTMLElement | null>, key: string): PlacedCard | null {
  const [spot, setSpot] = useState<PlacedCard | null>(null);
  const [size, setSize] = useState(0);
  const camera = useStore(cameraStatus);
  useEffect(() => {
    const resized = () => setSize((n) => n + 1);
    window.addEventListener('resize', resized);
    return () => window.removeEventListener('resize', resized);
  }, []);
  useEffect(() => {
    if (camera.flying) return;
    const frame = requestAnimationFrame(() => {
      const el = card.current;
      const canvas = document.querySelector('.st-canvas canvas');
      if (!el || !canvas) return;
      const c = canvas.getBoundingClientRect();
      // The beat's units, and the canvas's middle, where the beat's camera aims.
      const points = [...highlightOnScreen(), [0, 0] as const].map(([x, y]) => [c.left + ((x + 1) / 2) * c.width, c.top + ((1 - y) / 2) * c.height] as const);
      const own = el.getBoundingClientRect();
      // Every other panel: the play HUD's action bar, banner and dock among them.
      const others = hudCovers(canvas).filter((r) => !(Math.abs(r.left - own.left) < 1 && Math.abs(r.top - own.top) < 1));
      const now: CardSpot = { place: el.dataset.place as CardSpot['place'], rect: { left: own.left, top: own.top, right: own.right, bottom: own.bottom } };
      const placed = placeCard(points, { w: own.width, h: own.height }, { W: window.innerWidth, H: window.innerHeight }, others, now);
      // Page pixels turned into the card's positioned parent's (the tools layer). A card in the lower
      // half hangs from its bottom edge, as the default place does: a longer next beat grows it upwards,
      // never off the page; one in the upper half hangs from its top.
      const parent = el.offsetParent?.getBoundingClientRect() ?? { left: 0, top: 0, bottom: window.innerHeight };
      const r = placed.rect;
      const low = (r.top + r.bottom) / 2 > window.innerHeight / 2;
      setSpot({ place: placed.place, left: Math.round(r.left - parent.left), ...(low ? { bottom: Math.round(parent.bottom - r.bottom) } : { top: Math.round(r.top - parent.top) }) });
    });
    return () => cancelAnimationFrame(frame);
  }, [camera.flying, camera.view, key, card, size]);
  return spot;
}

/** The card's place: its name, and where it stands in its positioned parent (px): from the top or from the bottom. */
interface PlacedCard {
  place: CardSpot['place'];
  left: number;
  top?: number;
  bottom?: number;
}

const spotStyle = (spot: PlacedCard | null): React.CSSProperties | undefined =>
  (spot ? { left: spot.left, top: spot.top ?? 'auto', bottom: spot.bottom ?? 'auto', right: 'auto', transform: 'none' } : undefined);

export interface PresenterPanelProps {
  scenario: Scenario;
}

export function PresenterPanel({ scenario }: PresenterPanelProps) {
  const s = useStore(presenterStore);
  const [folded, setFolded] = useState(false);
  const ref = useRef<HTMLElement>(null);
  const spot = useCardPlace(ref, `${s.open}|${s.index}|${folded}`);
  const places = useStore(unitPlacesStore);
  // The narration and the chips scroll on a short page: a cut line fades out at the edge.
  const narration = useRef<HTMLParagraphElement>(null);
  const chips = useRef<HTMLUListElement>(null);
  useScrollFade(narration, `${s.open}|${s.index}|${folded}`);
  useScrollFade(chips, `${s.open}|${s.index}|${folded}`);
  if (!s.open) return null;
  const beat = s.beats[s.index];
  if (!beat) return null;
  // A unit the game's options left out is not named (the beat shows the units still there).
  const focus = beatUnits(beat, places);
  const sideColour = new Map(scenario.sides.map((side) => [side.id, side.colour] as const));
  const units = new Map((scenario.units ?? []).map((u) => [u.id, u] as const));
  const first = s.index === 0;
  const last = s.index === s.beats.length - 1;
  return (
    <section ref={ref} className={`st-presenter${folded ? ' st-folded' : ''}`} style={spotStyle(spot)} aria-label="Presenter" aria-live="polite" data-testid="presenter-panel" data-place={spot?.place ?? 'bottom'}>
      <header>
        <span className="st-eyebrow" data-testid="presenter-count">
          Beat {s.index + 1} of {s.beats.length}
          {beat.turn !== undefined && <> · Turn {beat.turn}</>}
        </span>
        <span className="st-presenter-actions">
          <button type="button" className="st-icon-btn" aria-expanded={!folded} data-testid="presenter-fold"
            aria-label={folded ? 'Show the narration' : 'Fold the narration away'} title={folded ? 'Show the narration' : 'Fold the narration away'}
            onClick={() => setFolded(!folded)}>{folded ? '▴' : '▾'}</button>
          <button type="button" className="st-icon-btn" aria-label="Leave presenter mode" title="Leave presenter mode (Esc)" onClick={() => presenter.close()}>×</button>
        </span>
      </header>
      <h2 data-testid="presenter-title"><MarkedText text={beat.title} /></h2>
      {!folded && <p ref={narration} data-testid="presenter-narration"><MarkedText text={beat.narration} /></p>}
      {!folded && <MarkLegend kinds={marksUsed(beat.title, beat.narration)} testId="presenter-marks" />}
      <footer>
        {!folded && focus.length > 0 && (
          <ul ref={chips} className="st-chips" aria-label="Units in focus" data-testid="presenter-units">
            {focus.map((id) => {
              const u = units.get(id);
              return (
                <li key={id} data-unit={id}>
                  <span className="st-swatch" style={{ background: (u && sideColour.get(u.side)) ?? '#888' }} />
                  <MarkedText text={u?.name ?? id} />
                </li>
              );
            })}
          </ul>
        )}
        <nav aria-label="Beats">
          <button type="button" className="st-btn" disabled={first} onClick={() => presenter.previous()} data-testid="presenter-prev" title="Previous beat (←)">
            ‹ Prev
          </button>
          <div className="st-dots" aria-hidden="true">
            {s.beats.map((b, i) => (
              <button type="button" key={b.id ?? i} tabIndex={-1} className={i === s.index ? 'on' : ''} title={b.title} onClick={() => presenter.show(i)} />
            ))}
          </div>
          <button type="button" className="st-btn st-btn-primary" disabled={last} onClick={() => presenter.next()} data-testid="presenter-next" title="Next beat (→)">
            Next ›
          </button>
        </nav>
      </footer>
    </section>
  );
}
