// The cards machine with Kuularuisku's program folded across whole random games beside the rules' own
// flow: from the setup on, the machine decides every command of the game's log on the state it folded
// itself (never restarted from the rules' state) with the same dice, and logs the same lines; after each
// command its sequence equals the rules' field by field and its table equals the rules' state. The
// evidence that the machine can carry a Kuularuisku game alone (the switch).
import { expect } from 'vitest';
import { ScriptedDice, type CardsView, type Command, type GameEvent, type TableQueries } from '../../../src/core';
import { sequencedRuleset } from '../../../src/flow';
import { GameSession } from '../../../src/game';
import { kuularuiskuRuleset, type KGameState } from '../../../src/rules/kuularuisku/engine';
import { kuularuiskuSequence } from '../../../src/rules/kuularuisku/sequence';
import type { KSequenced } from '../../../src/rules/kuularuisku/sequence/program';
import { describeOverRandomGames } from './random-games';
import type { Scenario } from '../../../src/scenario';

// Seed 6 of Kalevankangas ends a turn with a ready unit left by the evacuation's last answer.
const SEEDS = [1, 2, 3, 4, 5, 6];
const machine = sequencedRuleset(kuularuiskuSequence as never);

/**
 * The rules' sequence in the machine's fields. The representations settled: a ready unit declared in a
 * window stays in `ready` until its activation starts (K-2.3b: its readiness is used when it activates),
 * and the one offered from the queue keeps its place at the queue's head until then; the machine keeps
 * the unit acting, its side and how it came (`via`, `by`) through the activation, the rules' offer is
 * cleared when it starts (read from their activation then); an owner's choice before turn 1 (the
 * barrage) or at the turn's end (the evacuation) is the machine's opening or closing step.
 */
function rulesSeq(s: KGameState): Omit<CardsView, 'first' | 'phase' | 'played' | 'taken'> {
  const q = s.seq;
  const a = s.activation;
  const choice = !!s.tableFlow.choice;
  const step = s.tableFlow.result ? 'over'
    : !q.turnOpen ? (choice && q.round === 0 ? 'opening' : 'between')
    : q.forced ? 'forced' : a ? 'activation' : q.unit ? 'offer' : q.readiness ? 'window' : q.deck.length ? 'draw' : choice ? 'closing' : 'end';
  return {
    step, round: q.round, lastRound: q.lastRound, sides: s.sides.map((x) => x.id),
    side: a ? s.units[a.unitId]!.side : q.side, unit: a ? a.unitId : q.unit,
    // A leader's group acting on his card is the card's activation.
    via: a ? (a.via === 'leader-group' ? 'card' : a.via) : q.via, by: a ? a.commandedBy ?? null : q.by,
    acted: q.acted, deck: q.deck, drawn: q.drawn, forced: q.forced, ready: q.ready, readiness: q.readiness, queue: q.queue,
  };
}

type Logged = GameEvent & { roll?: { value: number } };
const lines = (events: readonly GameEvent[]) => events.filter((e) => e.type !== 'DICE_ROLLED').map((e) => `${e.type} [${e.rule ?? ''}] ${e.text ?? ''}`);

/** One game's log folded by the machine beside the rules; returns how many commands of each type. */
function fold(g: GameSession<KGameState>, scenario: Scenario, table: TableQueries): Record<string, number> {
  const made: Record<string, number> = {};
  let s = kuularuiskuRuleset.setup(scenario, { table }) as KGameState;
  let m = machine.setup(scenario, { table }) as KSequenced;
  g.log.forEach((entry, i) => {
    const events = entry.events as Logged[];
    const at = `command ${i} (${entry.command.type}, turn ${s.seq.round})`;
    const dice = new ScriptedDice(events.filter((e) => e.type === 'DICE_ROLLED').map((e) => e.roll!.value));
    const d = machine.decide(m, entry.command as Command, { scenario, table, dice });
    if (!d.ok) throw new Error(`${at}: the machine refuses it: ${d.reason}`);
    expect(lines(d.events), at).toEqual(lines(events));
    for (const e of d.events) m = machine.evolve(m, e) as KSequenced;
    for (const e of events) s = kuularuiskuRuleset.evolve(s, e as never) as KGameState;
    const { first: _f, phase: _p, played: _pl, taken, ...seq } = m.seq;
    expect(seq, at).toEqual(rulesSeq(s));
    // quietActions: the machine keeps no list of the actions taken.
    expect(taken, at).toEqual([]);
    // The table folded from the machine's events is the rules' state (compared as stored).
    if (JSON.stringify(m.table) !== JSON.stringify(s)) expect(m.table, `${at}: the table`).toEqual(s);
    made[entry.command.type] = (made[entry.command.type] ?? 0) + 1;
  });
  return made;
}

describeOverRandomGames('the cards machine with Kuularuisku\'s program folded across whole games keeps the rules\' sequence (K-2.1b, K-2.2a, K-2.3a, K-2.3b, K-2.3c, K-7.1c, K-7.1f, K-7.3c, K-GAP-2)', (n, file) => `every command of ${n} random games of ${file}`, SEEDS, fold, ['BEGIN_TURN', 'DRAW_CARD', 'ACTIVATE', 'READY', 'READINESS', 'RESOLVE', 'END_TURN']);
