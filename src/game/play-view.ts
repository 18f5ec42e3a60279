// The play HUD's model: what a hot-seat player sees and may do, in terms every ruleset can fill in
// (Kuularuisku's cards, COBI's alternating initiative, Shturm's IGO-UGO). Each ruleset derives it
// from its state with pure functions (src/rules/<id>/hud); the app's play controller publishes it;
// ui and view render it and send commands back. Nothing here decides a rule. The model's types are
// defined once in core (src/core/play-view-types.ts, so the rulesets' describers share them) and
// re-exported here; this file adds the controller interface and the hot-seat filters.
import type { Command, GameEvent, PlayFigureMove, PlayLogLine, PlayPanel, PlayTarget, PlayUnit, PlayView } from '../core';

export type {
  PlayUnit,
  PlayFigure,
  PlayAction,
  PlayMoveOffer,
  PlayTarget,
  PlayPanel,
  PlayPickPanel,
  PlayTargetsPanel,
  PlayTally,
  PlayTemplate,
  PlayHull,
  PlayArc,
  PlayPrompt,
  PlayLogLine,
  PlayShot,
  PlayRuleEntry,
  PlayView,
  PlayFigureMove,
} from '../core';

/** The controller the ui and view talk to (implemented in src/app/play). */
export interface PlayControl {
  /** Send a command; a refusal comes back with its reason and rule and changes nothing. */
  send(command: Command): { ok: true; events: GameEvent[] } | { ok: false; reason: string; rule?: string };
  /**
   * Figure destinations for the active unit's move (drag result), sent as a MOVE in the mode the
   * activation allows; a drag that ends in base contact with an enemy is sent as a charge at that
   * unit (K-6.1a), so there is no separate charge button.
   */
  move(moves: PlayFigureMove[]): { ok: true } | { ok: false; reason: string; rule?: string };
  /**
   * Would the game take this command now? Asks the machines and the rules (no dice, nothing kept), so
   * the HUD can enable a choice the player composes (e.g. which soldiers give covering fire, K-1.1a).
   */
  check(command: Command): { ok: true } | { ok: false; reason: string; rule?: string };
  /** Would the game take these figure destinations as the active unit's move now? (`check` for a drag; nothing sent.) */
  checkMove(moves: PlayFigureMove[]): { ok: true } | { ok: false; reason: string; rule?: string };
  /** Undo the last command if it rolled no dice. */
  undo(): boolean;
  canUndo(): boolean;
}

/**
 * Is the unit kept from the player at the screen? `seat` is the side that took the screen at the last
 * hand-over (null: nobody yet — then every hidden unit stays hidden). Reads the rules' `hiddenFrom`.
 */
export function concealedFrom(unit: Pick<PlayUnit, 'hiddenFrom'>, seat: string | null): boolean {
  return !!unit.hiddenFrom?.length && (seat === null || unit.hiddenFrom.includes(seat));
}

/**
 * The PlayView as the player at the screen may see it (hot seat): units hidden from that side are left
 * out of the units, the targets and the panels, so nothing drawn or listed names them.
 */
export function viewForSeat(view: PlayView, seat: string | null): PlayView {
  const gone = new Set(view.units.filter((u) => concealedFrom(u, seat)).map((u) => u.id));
  if (gone.size === 0) return view;
  const names = hiddenNames(view, seat);
  const keep = (t: PlayTarget) => !gone.has(t.unitId);
  // A panel about a concealed unit goes; a targets panel keeps only the targets the seat may see.
  const panels = view.panels?.filter((g) => !gone.has(g.unitId)).map((g): PlayPanel => (g.kind === 'targets' ? { ...g, targets: g.targets.filter(keep) } : g));
  const { panels: _all, ...rest } = view;
  const p = view.prompt;
  return {
    ...rest,
    // A card drawn for a hidden unit is named in the prompt before the hand-over: not to this seat.
    prompt: { ...p, headline: redactText(p.headline, names), detail: redactText(p.detail, names), ...(p.card ? { card: { ...p.card, label: redactText(p.card.label, names) } } : {}) },
    actions: view.actions.map((a) => ({ ...a, label: redactText(a.label, names), ...(a.hint ? { hint: redactText(a.hint, names) } : {}) })),
    units: view.units.filter((u) => !gone.has(u.id)),
    targets: view.targets.filter(keep),
    ...(panels?.length ? { panels } : {}),
  };
}

/** Names of the units kept from the seat, longest first (for redacting free text). */
export function hiddenNames(view: Pick<PlayView, 'units'>, seat: string | null): string[] {
  return view.units.filter((u) => concealedFrom(u, seat)).map((u) => u.name).sort((a, b) => b.length - a.length);
}

/** The text with every hidden unit's name replaced by "a hidden unit". */
export function redactText(text: string, names: readonly string[]): string {
  let out = text;
  for (const n of names) if (n) out = out.split(n).join('a hidden unit');
  return out;
}

/** Log lines as the seat may read them: hidden units' names redacted (text and dice purposes). */
export function logForSeat(lines: PlayLogLine[], names: readonly string[]): PlayLogLine[] {
  if (names.length === 0) return lines;
  return lines.map((l) => {
    const text = redactText(l.text, names);
    const purpose = l.dice ? redactText(l.dice.purpose, names) : undefined;
    return text === l.text && purpose === l.dice?.purpose ? l : { ...l, text, ...(l.dice ? { dice: { ...l.dice, purpose: purpose! } } : {}) };
  });
}
