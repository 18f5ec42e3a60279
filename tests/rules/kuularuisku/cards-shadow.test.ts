// Shadow run of the cards machine with Kuularuisku's program (src/rules/kuularuisku/sequence/) beside
// the rules' own turn flow: at every command of seeded random games (the barrage and its owners' answers,
// cards drawn, offers taken, forced steps, actions, charges, answers, readiness, the turn's end), the
// machine, from the same position (the rules' state read as its view) and with the same dice, logs the
// same lines (type, rule, text) in the same order. The evidence the switch needs.
import { expect } from 'vitest';
import { ScriptedDice, type CardsView, type Command, type GameEvent, type TableQueries } from '../../../src/core';
import { sequencedRuleset } from '../../../src/flow';
import { GameSession } from '../../../src/game';
import { kuularuiskuRuleset, type KGameState } from '../../../src/rules/kuularuisku/engine';
import { kuularuiskuSequence } from '../../../src/rules/kuularuisku/sequence';
import { describeOverRandomGames } from './random-games';
import type { Scenario } from '../../../src/scenario';

const SEEDS = [1, 2, 3, 4, 5, 6, 7];
const machine = sequencedRuleset(kuularuiskuSequence as never);

/** The rules' state read as the cards machine's view (the position the machine starts each command from). */
function viewOf(s: KGameState): CardsView {
  const q = s.seq;
  const step = s.tableFlow.result ? 'over' : !q.turnOpen ? 'between' : q.forced ? 'forced' : s.activation ? 'activation' : q.unit ? 'offer' : q.readiness ? 'window' : q.deck.length ? 'draw' : 'end';
  // The machine keeps the unit acting and its side through the activation (the rules' flow clears the offer).
  const unit = s.activation ? s.activation.unitId : q.unit;
  const side = s.activation ? s.units[s.activation.unitId]!.side : q.side;
  return {
    step, round: q.round, lastRound: q.lastRound, sides: s.sides.map((x) => x.id), side, first: null, unit, acted: q.acted, phase: null, played: [],
    deck: q.deck, drawn: q.drawn, via: q.via, by: q.by, forced: q.forced, ready: q.ready, readiness: q.readiness, queue: q.queue, taken: [],
  };
}

type Logged = GameEvent & { roll?: { value: number } };
const lines = (events: readonly GameEvent[]) => events.filter((e) => e.type !== 'DICE_ROLLED').map((e) => `${e.type} [${e.rule ?? ''}] ${e.text ?? ''}`);

/** Every command of one game's log decided again by the machine; returns how many of each. */
function shadow(g: GameSession<KGameState>, scenario: Scenario, table: TableQueries): Record<string, number> {
  const made: Record<string, number> = {};
  let s = kuularuiskuRuleset.setup(scenario, { table }) as KGameState;
  for (const entry of g.log) {
    const events = entry.events as Logged[];
    const dice = new ScriptedDice(events.filter((e) => e.type === 'DICE_ROLLED').map((e) => e.roll!.value));
    const d = machine.decide({ table: s, seq: viewOf(s) }, entry.command as Command, { scenario, table, dice });
    expect(d.ok, `${entry.command.type}: ${d.ok ? '' : d.reason}`).toBe(true);
    if (d.ok) expect(lines(d.events), `${entry.command.type} at turn ${s.seq.round}`).toEqual(lines(events));
    made[entry.command.type] = (made[entry.command.type] ?? 0) + 1;
    for (const e of events) s = kuularuiskuRuleset.evolve(s, e as never) as KGameState;
  }
  return made;
}

describeOverRandomGames('the cards machine with Kuularuisku\'s program logs what the rules\' flow logs (K-2.0b, K-2.1b, K-2.2a, K-2.2e, K-2.3a, K-2.3b, K-2.3c, K-2.4a, K-7.1f, K-7.3d, K-6.3a, K-5.6e, K-GAP-2)', (n, file) => `at every command of ${n} random games of ${file}`, SEEDS, shadow, ['BEGIN_TURN', 'DRAW_CARD', 'ACTIVATE', 'END_ACTIVATION', 'READY', 'READINESS', 'RESOLVE', 'END_TURN', 'MOVE', 'SHOOT']);
