// The toy cards game as the play HUD shows it (the neutral PlayView): the card drawn or the unit
// offered, its choices and actions as buttons, a readiness window's declarations, the units with the
// cards left and their state (shaken, ready, acted). Lengths in cm.
import type { CardsView, Command, GameEvent, PlayAction, PlayLogLine, PlayUnit, PlayView, TableQueries } from '../../core';
import type { Scenario } from '../../scenario';
import { pendingCards } from './choices';
import { cardsVictory, nameOf, sideName, type CardsState } from './rules';

interface Ctx {
  scenario: Scenario;
  table: TableQueries;
  /** The legal commands now (the sequence's steps are the flow machine's). */
  legal: Command[];
}

const seqOf = (s: CardsState) => s.seq as CardsView;

/** The neutral description of the current step: the side to act, what is awaited, a label (the HUD's headline). */
export function cardsPhase(s: CardsState, _ctx?: unknown): { side: string | undefined; awaiting: string; label: string } {
  const seq = seqOf(s);
  const unit = seq.unit ?? '';
  switch (seq.step) {
    case 'over': return { side: undefined, awaiting: 'over', label: 'The game is over' };
    case 'between': return { side: undefined, awaiting: 'between-turns', label: `Turn ${seq.round + 1} is about to begin` };
    case 'draw': return { side: undefined, awaiting: 'draw', label: `Turn ${seq.round}: draw a card (${seq.deck.length} left)` };
    case 'forced': return { side: seq.side ?? undefined, awaiting: 'forced', label: `Turn ${seq.round}: ${unit} — ${seq.forced}` };
    case 'offer': return { side: seq.side ?? undefined, awaiting: 'offer', label: `Turn ${seq.round}: ${unit} is offered its activation` };
    case 'activation': return { side: seq.side ?? undefined, awaiting: 'action', label: `Turn ${seq.round}: ${unit} ${seq.taken.length ? 'may go on or end its activation' : 'acts'}` };
    case 'window': return { side: seq.readiness!.pending.length === 1 ? seq.readiness!.pending[0] : undefined, awaiting: 'readiness', label: `Turn ${seq.round}: ready units may act` };
    case 'opening': return { side: undefined, awaiting: 'turn-start', label: `Turn ${seq.round + 1} opens` };
    case 'closing': return { side: undefined, awaiting: 'turn-end', label: `Turn ${seq.round} is closing` };
    default: return { side: undefined, awaiting: 'turn-end', label: `Turn ${seq.round}: end the turn` };
  }
}

function unitsOf(s: CardsState, scenario: Scenario): PlayUnit[] {
  const seq = seqOf(s);
  return (scenario.units ?? []).map((u) => {
    const figs = s.table.figures.filter((f) => f.unit === u.id);
    const status = [
      ...(s.table.shaken.includes(u.id) ? ['shaken'] : []),
      ...(s.table.pinned.includes(u.id) ? ['pinned'] : []),
      ...(seq.ready.includes(u.id) ? ['ready'] : []),
      ...(seq.acted.includes(u.id) ? ['acted'] : []),
    ];
    return {
      id: u.id, side: u.side, name: u.name ?? u.id, kind: u.type === 'leader' ? 'leader' : `squad of ${figs.length}`, status,
      strength: { now: figs.filter((f) => f.alive).length, start: figs.length }, activated: seq.acted.includes(u.id),
      figures: figs.map((f) => ({ id: f.id, unitId: f.unit, side: f.side, at: [f.at[0], f.at[1]] as [number, number], floor: 0, facing: 0, condition: f.alive ? 'healthy' : 'dead', weapon: 'rifle', ...(f.alive ? {} : { removed: 'down' }) })),
    };
  });
}

function labelOf(c: Command, s: CardsState, scenario: Scenario): string {
  const unit = nameOf(scenario, String(c.unitId ?? ''));
  switch (c.type) {
    case 'BEGIN_TURN': return `Begin turn ${s.seq.round + 1}`;
    case 'DRAW_CARD': return 'Draw a card';
    case 'RESOLVE': return `${unit}: ${String(c.step)}`;
    case 'ACTIVATE': return `${unit}: act`;
    case 'PASS': return `${unit}: pass`;
    case 'READY': return `${unit}: go ready`;
    case 'COMMAND': return `${unit}: command ${nameOf(scenario, String(c.target))}`;
    case 'READINESS': return c.unitId ? `${sideName(scenario, String(c.side))}: use ${unit}` : `${sideName(scenario, String(c.side))}: no ready unit now`;
    case 'HOLD': return `${unit}: hold`;
    case 'END_ACTIVATION': return `${unit}: end the activation`;
    case 'RALLY': return c.unitId ? `${nameOf(scenario, String(c.unitId))} rallies` : `${sideName(scenario, String(c.side))}: none rallies`;
    case 'RETURN_FIRE': return `${unit}: return fire at ${nameOf(scenario, String(c.target))}`;
    case 'HOLD_FIRE': return `${unit}: hold fire`;
    case 'ALLOCATE_HIT': {
      const f = s.table.figures.find((x) => x.id === c.figureId)!;
      return `${sideName(scenario, String(c.side))}: ${nameOf(scenario, f.unit)}, man ${s.table.figures.filter((x) => x.unit === f.unit).indexOf(f) + 1} falls`;
    }
    case 'MOVE': return `${unit}: move ${Number(c.dx).toFixed(1)}, ${Number(c.dz).toFixed(1)} cm`;
    case 'SHOOT': return `${unit}: shoot at ${nameOf(scenario, String(c.target))}`;
    default: return `End turn ${s.seq.round}`;
  }
}

const RULE_OF: Record<string, string> = { BEGIN_TURN: 'TC-1', DRAW_CARD: 'TC-2', RESOLVE: 'TC-5', ACTIVATE: 'TC-2', END_ACTIVATION: 'TC-3', ALLOCATE_HIT: 'TC-9', RETURN_FIRE: 'TC-10', HOLD_FIRE: 'TC-10', RALLY: 'TC-11', PASS: 'TC-2', READY: 'TC-6', COMMAND: 'TC-4', READINESS: 'TC-6', END_TURN: 'TC-7' };

export function describeCards(s: CardsState, ctx: Ctx): PlayView {
  const { scenario, legal } = ctx;
  const p = cardsPhase(s);
  const result = cardsVictory(s, scenario);
  // TC-9, TC-11 a choice asked of one side: the HUD prompts that side.
  const decision = pendingCards(s, scenario);
  const actions: PlayAction[] = legal.map((c, i) => ({ id: `${c.type}:${i}`, label: labelOf(c, s, scenario), rule: c.type === 'RESOLVE' && c.step === 'get up' ? 'TC-8' : RULE_OF[c.type] ?? 'TC-3', command: c }));
  return {
    rulesetId: 'toycards', scenarioTitle: scenario.title, sides: scenario.sides.map((x) => ({ id: x.id, name: x.name, ...(x.colour ? { colour: x.colour } : {}) })),
    ...(decision ? { decision } : {}),
    prompt: { side: decision?.side ?? p.side ?? null, headline: decision?.label ?? p.label, detail: '', turn: s.seq.round, ...(scenario.turnLimit ? { turnLimit: scenario.turnLimit } : {}) },
    units: unitsOf(s, scenario),
    ...(s.seq.unit ? { activeUnitId: s.seq.unit } : {}),
    actions,
    targets: [],
    ...(result ? { victory: { winner: result.winner, reason: result.reason, rule: result.rule } } : {}),
  };
}

interface Roll { sides: number; value: number; purpose: string; rule?: string }

/** The game log: one line an event, each die with its purpose and value, and the side of the command. */
export function cardsLog(_s: CardsState, log: ReadonlyArray<{ command: Command; events: readonly GameEvent[] }>): PlayLogLine[] {
  // The sequence's record of an action taken (no text) is no line of its own: the action's events are.
  return log.flatMap((entry, commandIndex) => entry.events.filter((e) => e.text || e.type === 'DICE_ROLLED').map((e) => {
    const side = entry.command.side ? { side: entry.command.side } : {};
    const rule = e.rule ? { rule: e.rule } : {};
    if (e.type !== 'DICE_ROLLED') return { commandIndex, type: e.type, text: e.text ?? e.type, ...rule, ...side };
    const roll = e.roll as Roll;
    return { commandIndex, type: e.type, text: `${roll.purpose}: d${roll.sides} → ${roll.value}`, ...rule, ...side, dice: { purpose: roll.purpose, values: [roll.value], sides: roll.sides, ...rule } };
  })).map((line, index) => ({ index, ...line }));
}
