// Decisions by the other player, ruleset-neutral: a tiny ruleset asks the side not acting to choose
// (the game holds the pending decision, only that side may answer); flow's playGame hands the decision
// to the player's `choose`, and core's random player answers kinds it knows with the default (the
// first option) without drawing from its generator, so the rest of the game is the same game.
import { describe, expect, it } from 'vitest';
import { type Player, type PlayerDecision, randomPlayer } from '../../src/core';
import { playGame } from '../../src/flow';
import { GameSession, type Command, type GameEvent, type Ruleset } from '../../src/game';
import { trainingGroundScenario } from '../battlefield/fixture';

interface S { position: number; turn: number; asked: boolean }
type C = Command & ({ type: 'STEP'; by: number } | { type: 'END_TURN' } | { type: 'KEEP'; keep: boolean });

const scenario = trainingGroundScenario();
const [acting, owner] = scenario.sides.map((x) => x.id) as [string, string];

/**
 * The acting side steps 1 or 2 (T-1); after a step to an odd square the other side decides whether
 * the walker stays there or steps back one (T-2, asked only with `ask`). Three turns.
 */
function walker(ask: boolean): Ruleset<S, C, GameEvent, null> {
  return {
    id: 'test-walker', version: '1', activationModel: 'igougo',
    validateScenario: () => [],
    actingSides: (s) => (s.asked ? { sides: [owner], awaiting: 'their word on the odd square', rule: 'T-2' } : { sides: [acting] }),
    setup: () => ({ position: 0, turn: 1, asked: false }),
    pendingDecision: (s) => (s.asked ? {
      side: owner, kind: 'odd-square', label: 'Does the walker stay on the odd square?', rule: 'T-2',
      options: [{ label: 'Stay', command: { type: 'KEEP', side: owner, keep: true } }, { label: 'Step back', command: { type: 'KEEP', side: owner, keep: false } }],
    } : undefined),
    legalCommands: (s) => (s.turn > 3 ? [] : s.asked
      ? [{ type: 'KEEP', side: owner, keep: true }, { type: 'KEEP', side: owner, keep: false }]
      : [{ type: 'STEP', side: acting, by: 1 }, { type: 'STEP', side: acting, by: 2 }, { type: 'END_TURN', side: acting }]),
    decide(s, c) {
      if (s.turn > 3) return { ok: false, reason: 'the game is over' };
      if (s.asked !== (c.type === 'KEEP')) return { ok: false, reason: s.asked ? 'the owner decides first' : 'nothing is asked', rule: 'T-2' };
      if (c.type === 'KEEP') return { ok: true, events: [{ type: 'KEPT', keep: c.keep, rule: 'T-2' }] };
      if (c.type === 'END_TURN') return { ok: true, events: [{ type: 'TURN_ENDED' }] };
      return { ok: true, events: [{ type: 'STEPPED', by: c.by, rule: 'T-1' }] };
    },
    evolve: (s, e) => {
      if (e.type === 'STEPPED') {
        const position = s.position + (e.by as number);
        return { ...s, position, asked: ask && position % 2 === 1 };
      }
      if (e.type === 'KEPT') return { ...s, asked: false, position: e.keep ? s.position : s.position - 1 };
      return e.type === 'TURN_ENDED' ? { ...s, turn: s.turn + 1 } : s;
    },
    victory: (s) => (s.turn > 3 ? { winner: null, reason: `at ${s.position}` } : undefined),
  };
}

const session = (ask: boolean) => new GameSession({ ruleset: walker(ask), scenario, table: null, seed: 1 });

/** Core's random player, answering the odd-square decision with its default; `seen` records the decisions it was asked. */
function player(seen: PlayerDecision<C>[]): Player<S, C, null> {
  const p = randomPlayer<S, C, null, unknown>({ seed: 11, weights: { STEP: 6, END_TURN: 1 }, keyOf: (c) => c.type, defaultAnswers: new Set(['odd-square']) });
  return { choose: (s, v, d) => { if (d) seen.push(d); return p.choose(s, v, d); } };
}

describe('a decision asked of the side not acting', () => {
  it('T-2 the game holds it: only the deciding side may answer, and the session names it', () => {
    const g = session(true);
    expect(g.dispatch({ type: 'STEP', side: acting, by: 1 })).toMatchObject({ ok: true });
    expect(g.pendingDecision()).toMatchObject({ side: owner, kind: 'odd-square', rule: 'T-2' });
    expect(g.dispatch({ type: 'KEEP', side: acting, keep: true })).toMatchObject({ ok: false, rule: 'T-2' });
    expect(g.dispatch({ type: 'KEEP', side: owner, keep: false })).toMatchObject({ ok: true });
    expect(g.pendingDecision()).toBeUndefined();
    expect(g.state.position).toBe(0);
  });

  it('T-2 playGame passes each pending decision to the player, who answers with its default without drawing: the same game apart from the answers', () => {
    const seen: PlayerDecision<C>[] = [];
    const asked = session(true);
    playGame(asked, player(seen), { table: null });
    const plain = session(false);
    playGame(plain, player([]), { table: null });
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((d) => d.side === owner && d.options[0]!.label === 'Stay')).toBe(true);
    const answers = asked.log.filter((e) => e.command.type === 'KEEP');
    expect(answers).toHaveLength(seen.length);
    expect(answers.every((e) => e.command.side === owner && e.command.keep === true)).toBe(true);
    // Stay (the default) changes nothing: the other commands and the end are those of the game without the question.
    expect(asked.log.map((e) => e.command).filter((c) => c.type !== 'KEEP')).toEqual(plain.log.map((e) => e.command));
    expect(asked.state.position).toBe(plain.state.position);
  });

  it('a ruleset without decisions has none pending', () => {
    const g = session(false);
    g.dispatch({ type: 'STEP', side: acting, by: 1 });
    expect(g.pendingDecision()).toBeUndefined();
  });
});
