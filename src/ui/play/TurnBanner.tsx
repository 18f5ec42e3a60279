// The turn plate (top left in play): turn n/limit, the card drawn and whose it is, the side to act
// in its colour, what the game waits for, the turn's tallies (cards left …); and the replay notice while scrubbing.
// It stands where the scenario plate stands outside play and, like it, tells the page where it ends
// (--st-plate-bottom): the scenario picker and the tool rail sit under it however its text wraps.
import { useRef } from 'react';
import type { PlayView } from '../../game';
import { withoutMarks } from '../../scenario';
import { useEdgeVar } from '../edge-var';
import { sideLook } from './side-colour';

export interface TurnBannerProps {
  view: PlayView;
  replayAt: number | null;
  onLive: () => void;
}

export function TurnBanner({ view, replayAt, onLive }: TurnBannerProps) {
  const p = view.prompt;
  const acting = sideLook(view, p.side);
  const card = p.card;
  const cardUnit = card ? view.units.find((u) => u.id === card.unitId) : undefined;
  const cardSide = cardUnit ? sideLook(view, cardUnit.side) : undefined;
  // The side is shown in its colour before the detail; the detail's own "Red: " lead is dropped.
  const detail = p.side && p.detail.startsWith(`${acting.full}: `) ? p.detail.slice(acting.full.length + 2) : p.detail;
  const plate = useRef<HTMLElement>(null);
  useEdgeVar(plate, '--st-plate-bottom', 'bottom');
  return (
    <header ref={plate} className="st-play-banner" data-testid="play-banner" data-side={p.side ?? ''} style={{ borderLeftColor: acting.colour }}>
      <div className="st-play-banner-top">
        <span className="st-eyebrow" data-testid="play-turn">{p.turnWord ?? 'Turn'} {p.turn}{p.turnLimit ? ` / ${p.turnLimit}` : ''}</span>
        {p.tallies?.map((t) => <span key={t.id} className="st-play-tally" data-testid={`play-${t.id}`} title={t.title}>{t.text}</span>)}
      </div>
      <h2 data-testid="play-headline">{withoutMarks(p.headline)}</h2>
      {card && (
        <p className="st-play-card" data-testid="play-card">
          Card: <b>{card.label}</b>
          {cardSide && <> · <span className="st-play-card-side" data-testid="play-card-side"><span className="st-swatch" style={{ background: cardSide.colour }} /> {cardSide.name}</span></>}
          {card.via && card.via !== 'card' && <> · {card.via}</>}
        </p>
      )}
      <p className="st-play-detail">
        {p.side && (
          <span className="st-play-side" data-testid="play-side" title={acting.full} style={{ color: acting.colour }}>
            <span className="st-swatch" style={{ background: acting.colour }} />{acting.name}
          </span>
        )}
        <span data-testid="play-detail">{withoutMarks(detail)}</span>
      </p>
      {replayAt !== null && (
        <p className="st-play-replay-note" data-testid="replay-note">
          <b>Replay — read only</b><span>after event {replayAt + 1}</span>
          <button type="button" className="st-btn st-btn-primary" data-testid="replay-live-banner" onClick={onLive}>Live</button>
        </p>
      )}
    </header>
  );
}
