// The replay scrubber's view: a past state's HUD model made read-only (no buttons, no move, no shots)
// and labelled with the event it shows.
import type { PlayView } from '../../game';

export function readOnly(v: PlayView, at: number, total: number): PlayView {
  const { move: _move, ...rest } = v;
  return {
    ...rest,
    prompt: { ...v.prompt, headline: `Replay · after event ${at + 1} of ${total} — ${v.prompt.headline}`, detail: 'A past moment of the game: return to the live game to play' },
    actions: [],
    targets: v.targets.map(({ command: _c, ...t }) => t),
  };
}
