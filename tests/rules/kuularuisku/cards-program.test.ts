// Kuularuisku's cards-program functions (src/rules/kuularuisku/sequence/) against the log of seeded random
// games of the three scenarios (played by the composed module), folded again through the composed module
// and read as the rules read it (rulesTable): at every step
// their answers agree with what the log says and the rules' legal list gives — the deck dealt with the same dice, what each drawn card offers or spends, the forced step due,
// the units a leader may command, readiness allowed, the roll-off's order, a forced step's resolution.
import { expect } from 'vitest';
import { ScriptedDice, type Command, type GameEvent, type TableQueries } from '../../../src/core';
import { playableModule } from '../../../src/flow';
import { kuularuiskuModule } from '../../../src/rules/kuularuisku';
import { rulesState, rulesTable } from '../../../src/rules/kuularuisku/sequence/reading';

import { GameSession } from '../../../src/game';
import { kuularuiskuRuleset, type KGameState } from '../../../src/rules/kuularuisku/engine';
import { offerOptions, phaseOf } from '../../../src/rules/kuularuisku/activation';
import * as program from '../../../src/rules/kuularuisku/sequence/program';
import type { KSequenced } from '../../../src/rules/kuularuisku/sequence/program';
import { describeOverRandomGames } from './random-games';
import type { Scenario } from '../../../src/scenario';

const SEEDS = [1, 2, 3, 4, 5, 6, 7];
const played = playableModule(kuularuiskuModule);

type Logged = GameEvent & { roll?: { value: number; purpose: string } };
/** Dice that give again the rolls a command made whose purpose begins with `purpose` (all of them without one). */
const replayDice = (events: readonly Logged[], purpose = '') => new ScriptedDice(events.filter((e) => e.type === 'DICE_ROLLED' && e.roll!.purpose.startsWith(purpose)).map((e) => e.roll!.value));
const lines = (events: readonly GameEvent[]) => events.map((e) => `${e.type}: ${e.text ?? ''}`);

/** Every check, over one game's log; returns how many times each was made. */
function shadow(g: GameSession<KSequenced>, scenario: Scenario, table: TableQueries): Record<string, number> {
  const made: Record<string, number> = { deal: 0, card: 0, forced: 0, resolve: 0, command: 0, ready: 0, rollOff: 0, won: 0 };
  const ctx = { scenario, table };
  let c = played.ruleset.setup(scenario, { table }) as KSequenced;
  let s: KGameState = rulesTable(c);
  expect(program.lastRound(scenario)).toBe(s.seq.lastRound);
  for (const entry of g.log) {
    const before = s;
    const composedBefore = c;
    const events = entry.events as Logged[];
    const p = phaseOf(before);
    // An offer: the leader's commands and readiness the rules' offer allows are the program's.
    if (p.kind === 'offer') {
      const opts = offerOptions(before, p.offer, table);
      const unit = p.offer.unitId;
      // K-2.4 the rules list only the actions the unit may choose: pass, readiness and commands are the machine's steps.
      expect(new Set(kuularuiskuRuleset.legalCommands(before, ctx).map((c) => c.type))).toEqual(new Set(opts.actions.length ? ['ACTIVATE'] : []));
      if (p.offer.via === 'card') {
        expect(program.mayReady(before, unit), `ready ${unit}`).toBe(opts.ready);
        made.ready!++;
      }
      if (p.offer.via !== 'command') {
        expect(program.commandable(before, unit, table).sort(), `command ${unit}`).toEqual([...opts.command].sort());
        made.command!++;
      }
    }
    // A forced step resolved with the same dice: the same table events; the unit goes on when offered again.
    if (entry.command.type === 'RESOLVE' && p.kind === 'pending' && before.seq.forced) {
      const r = program.resolveForced(rulesState(composedBefore), before.seq.forced, { ...ctx, dice: replayDice(events) });
      expect(r.ok).toBe(true);
      if (r.ok) {
        // The pinned test's own events (its end and what follows are the machine's words); a rout or a melee round whole.
        expect(lines(r.events)).toEqual(lines(program.forcedLines(before.seq.forced, events.filter((e) => e.type !== 'DICE_ROLLED') as never) as never));
        expect(r.goesOn).toBe(events.some((e) => e.type === 'ACTIVATION_OFFERED'));
      }
      made.resolve!++;
    }
    for (const [i, e] of events.entries()) {
      const next = events[i + 1];
      if (e.type === 'DECK_SHUFFLED') {
        // The machine deals before its round counts up (the round ended last).
        const r = program.deal(rulesState(c), { ...ctx, dice: replayDice(events, 'shuffle the activation deck') });
        expect(r).toEqual({ deck: e.order, text: e.text });
        const bySide = s.sides.flatMap((x) => program.units(s, x.id));
        expect(bySide.sort()).toEqual([...(e.order as string[])].sort());
        made.deal!++;
      }
      if (e.type === 'CARD_DRAWN') {
        const r = program.card(rulesState(c), String(e.unitId));
        // The card's own line either way; a spent card's line follows it (words.ts).
        expect(r).toEqual({ unit: next?.type === 'CARD_SPENT' ? null : e.unitId, text: e.text, rule: 'K-2.1b' });
        made.card!++;
      }
      // Each offer (card, command, readiness queue): the forced step due, or none.
      const pending = e.type === 'STEP_PENDING' ? (e.pending as { kind: string; unitId: string }) : undefined;
      if (pending && ['pinned-test', 'rout', 'melee-round'].includes(pending.kind)) {
        expect(program.forced(s, pending.unitId)).toBe(pending.kind);
        made.forced!++;
      }
      const offer = e.type === 'ACTIVATION_OFFERED' ? (e.offer as { unitId: string; pinnedFailed?: boolean }) : undefined;
      // (A unit offered after failing its pinned test is still pinned: the test is behind it.)
      if (offer && !offer.pinnedFailed && !events.slice(0, i).some((x) => x.type === 'STEP_DONE')) {
        expect(program.forced(s, offer.unitId)).toBeNull();
        made.forced!++;
      }
      if (e.type === 'WINDOW_CLOSED' && events.some((x) => x.type === 'READINESS_ROLL_OFF')) {
        const w = s.seq.readiness!;
        const sides = s.sides.map((x) => x.id).filter((x) => w.declared[x]);
        const r = program.rollOff(sides, { dice: replayDice(events, 'readiness roll-off') });
        expect(r.order.map((x) => w.declared[x])).toEqual(e.queue);
        expect(r.text).toBe(events.filter((x) => x.type === 'READINESS_ROLL_OFF').map((x) => x.text).join('; '));
        // Each round its own line with its dice, as the rules log them.
        expect(r.rounds).toEqual(events.filter((x) => x.type === 'READINESS_ROLL_OFF').map((x) => ({ rolls: x.rolls, text: x.text })));
        made.rollOff!++;
      }
      c = played.ruleset.evolve(c, e) as KSequenced;
      s = rulesTable(c);
    }
    // K-GAP-1 decided exactly when the rules ended the game (a side wiped out, a turn's verdict, the last turn).
    expect(program.won(s, s.sides.map((x) => x.id))).toBe(s.tableFlow.result !== undefined);
    made.won!++;
  }
  return made;
}

describeOverRandomGames('Kuularuisku cards program agrees with the rules\' turn flow (K-2.1, K-2.2, K-2.3, K-7.1f, K-7.3d, K-6.3a, K-GAP-1)', (n, file) => `at every step of ${n} random games of ${file}`, SEEDS, shadow, ['deal', 'card', 'forced', 'resolve', 'command', 'ready', 'won']);
