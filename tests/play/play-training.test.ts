// Play mode on the training ground (played with Kuularuisku, as `cli play` does), with scripted dice:
// the prompt names the side that must act after each step, the buttons are exactly the legal flow
// choices, moves through control.move are applied or refused with their rule and change nothing,
// targets show the cover evaluateTarget finds, the replay shows past positions, undo takes back.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Battlefield } from '../../src/battlefield';
import { createPlay, type PlayHandle } from '../../src/app/play';
import type { Command } from '../../src/game';
import type { KGameState } from '../../src/rules/kuularuisku/engine';
import { coverWords, evaluateTarget } from '../../src/rules/kuularuisku/engine';
import { loadTrainingGround, trainingGroundScenario } from '../battlefield/fixture';
import { ThenDice, arrange } from '../flow/fixture';
import { rulesTable } from '../../src/rules/kuularuisku/sequence/reading';
import type { KSequenced } from '../../src/rules/kuularuisku/sequence/program';

const scenario = trainingGroundScenario();
const CARDS = (scenario.units ?? []).map((u) => u.id);
let bf: Battlefield;

beforeAll(async () => {
  bf = await loadTrainingGround();
});

/** A game whose first turn deals `first` on top; `after` are the dice after the shuffle (then 4s). */
function game(first: string[], after: number[] = []): PlayHandle {
  const order = [...first, ...CARDS.filter((c) => !first.includes(c))];
  return createPlay(scenario, bf, { dice: new ThenDice([...arrange(CARDS, order), ...after], 4), storage: null });
}

const state = (p: PlayHandle) => rulesTable(p.game().state as KSequenced);
const must = (p: PlayHandle, c: Command) => {
  const r = p.control.send(c);
  if (!r.ok) throw new Error(`${c.type} refused: ${r.reason} (${r.rule})`);
  return r.events;
};
const act = (p: PlayHandle, id: string) => {
  const a = p.view.get().actions.find((x) => x.id === id);
  if (!a) throw new Error(`no action ${id} among ${p.view.get().actions.map((x) => x.id).join(', ')}`);
  return must(p, a.command);
};
/** The legal commands of the moment that are buttons (moves and shots are offered by move / targets). */
const flowChoices = (p: PlayHandle) => p.game().legalCommands().filter((c) => c.type !== 'MOVE' && c.type !== 'SHOOT');
const figureAt = (p: PlayHandle, id: string) => p.view.get().units.flatMap((u) => u.figures).find((f) => f.id === id)!.at;

describe('play on the training ground: prompt and buttons (K-2.1b, K-2.4a)', () => {
  it('K-2.1b the prompt names the side that must act after each step; the buttons are exactly the legal flow choices', () => {
    const p = game(['wall_south', 'behind_wall']);
    const steps: Array<[string, string | null, RegExp]> = [
      ['begin-turn', null, /Turn 1 · draw a card/],
      ['draw', 'red', /card: South of the wall \(Red\)/],
      ['activate:move-shoot', 'red', /South of the wall \(Red\): move, then shoot/],
      ['end-activation', null, /draw a card/],
      ['draw', 'blue', /card: Behind the wall \(Blue\)/],
      ['ready', null, /draw a card/],
    ];
    expect(p.view.get().prompt).toMatchObject({ side: null, headline: 'The game begins', turn: 0 });
    expect(p.view.get().actions.map((a) => a.command)).toEqual(flowChoices(p));
    for (const [id, side, headline] of steps) {
      act(p, id);
      const v = p.view.get();
      expect(v.prompt.side).toBe(side);
      expect(v.prompt.headline).toMatch(headline);
      expect(v.actions.map((a) => a.command)).toEqual(flowChoices(p));
      for (const a of v.actions) expect(a.rule).toMatch(/^K-/);
    }
    expect(p.view.get().prompt.tallies).toEqual([{ id: 'deck', text: 'Deck 9 left · 2 drawn', count: 9, title: 'Activation cards left in the deck / drawn this turn' }]);
    expect(p.view.get().units.find((u) => u.id === 'behind_wall')!.status).toContain('ready');
    expect(p.log.get().filter((l) => l.type === 'DICE_ROLLED').every((l) => l.dice && l.dice.values.length === 1 && l.rule === 'K-2.1b')).toBe(true);
  });

  it('K-2.4a the offer lists every action, readiness and pass with its rule; the active unit is highlighted', () => {
    const p = game(['hill_top']);
    act(p, 'begin-turn');
    act(p, 'draw');
    const v = p.view.get();
    expect(v.activeUnitId).toBe('hill_top');
    expect(v.prompt.card).toEqual({ unitId: 'hill_top', label: 'Hilltop observer', via: 'card' });
    expect(v.actions.map((a) => a.id)).toEqual(expect.arrayContaining(['activate:move-shoot', 'activate:shoot-move', 'activate:fast-move', 'activate:shoot', 'ready', 'pass']));
    expect(v.actions.find((a) => a.id === 'ready')).toMatchObject({ label: 'Wait in readiness', rule: 'K-2.3a' });
    expect(v.move).toBeUndefined();
    expect(v.targets).toEqual([]);
  });

  it('K-2.1b a command the game is not waiting for is refused with a reason and changes nothing', () => {
    const p = game([]);
    const r = p.control.send({ type: 'DRAW_CARD' });
    expect(r.ok).toBe(false);
    expect(p.lastRefusal.get()?.reason).toBeTruthy();
    expect(p.game().log).toHaveLength(0);
    expect(p.view.get().prompt.headline).toBe('The game begins');
    act(p, 'begin-turn');
    expect(p.lastRefusal.get()).toBeNull();
  });
});

describe('play on the training ground: moving through control.move (K-4.0)', () => {
  function activated(action = 'activate:move-shoot'): PlayHandle {
    const p = game(['wall_south']);
    act(p, 'begin-turn');
    act(p, 'draw');
    act(p, action);
    return p;
  }

  it('K-4.0 the move offer gives the allowance and the reach; a drag within it is applied', () => {
    const p = activated();
    const offer = p.view.get().move!;
    expect(offer).toMatchObject({ unitId: 'wall_south', mode: 'normal', commandType: 'MOVE' });
    expect(offer.allowance.wall_south_1).toEqual({ open: 10, difficult: 5 });
    expect(offer.rules).toEqual(expect.arrayContaining(['K-4.0', 'K-4.2c', 'K-4.2d']));
    expect(offer.reach.wall_south_1).toHaveLength(48);
    expect(p.control.move([{ figureId: 'wall_south_1', to: [96, 38] }])).toEqual({ ok: true });
    expect(figureAt(p, 'wall_south_1')).toEqual([96, 38]);
    expect(p.log.get().find((l) => l.type === 'FIGURES_MOVED')).toMatchObject({ rule: 'K-4.0', side: 'red' });
    // K-2.4c the move part is over: no second move is offered.
    expect(p.view.get().move).toBeUndefined();
  });

  it('K-4.0 a move into a wall or too far is refused with its reason and rule and changes nothing', () => {
    const p = activated();
    const hash = p.game().stateHash();
    const events = p.log.get().length;
    const tries: Array<[[number, number], RegExp]> = [
      [[104, 42], /Stone wall/], // astride the stone wall
      [[104, 31], /a wall of Farmhouse/], // through the farmhouse wall
      [[118, 38], /more than its 10 cm/], // 14 cm
    ];
    for (const [to, reason] of tries) {
      const r = p.control.move([{ figureId: 'wall_south_1', to }]);
      expect(r).toMatchObject({ ok: false, rule: 'K-4.0' });
      expect(r.ok ? '' : r.reason).toMatch(reason);
      expect(p.lastRefusal.get()).toMatchObject({ rule: 'K-4.0' });
      expect(p.game().stateHash()).toBe(hash);
      expect(p.log.get()).toHaveLength(events);
      expect(figureAt(p, 'wall_south_1')).toEqual([104, 38]);
    }
  });

  it('K-2.4a a unit that chose to shoot only is offered no move, and a drag is refused with the rule', () => {
    const p = activated('activate:shoot');
    expect(p.view.get().move).toBeUndefined();
    expect(p.control.move([{ figureId: 'wall_south_1', to: [100, 38] }])).toMatchObject({ ok: false, rule: 'K-2.4a' });
  });

  it('K-2.4a undo takes back a choice that rolled no dice; the shuffle cannot be undone', () => {
    const p = activated();
    expect(p.control.canUndo()).toBe(true);
    expect(p.control.undo()).toBe(true);
    expect(p.view.get().prompt.headline).toMatch(/card: South of the wall/);
    expect(p.view.get().actions.map((a) => a.command)).toEqual(flowChoices(p));
    act(p, 'activate:move-shoot');
    expect(p.control.move([{ figureId: 'wall_south_1', to: [96, 38] }])).toEqual({ ok: true });
    const q = game([]);
    act(q, 'begin-turn');
    expect(q.control.canUndo()).toBe(false);
    expect(q.control.undo()).toBe(false);
  });
});

describe('play on the training ground: targets and shooting (K-5.1a, K-5.4c, K-5.7a)', () => {
  it('K-5.4c the target shows the cover class evaluateTarget finds, with the K-5.7a close-range note; shooting logs each die', () => {
    // Behind the wall (blue) fires at the first-floor window of the farmhouse, 9 cm away.
    const p = game(['behind_wall'], [6, 6, 6, 1, 1, 1, 6, 6, 6]);
    act(p, 'begin-turn');
    act(p, 'draw');
    act(p, 'activate:shoot');
    const targets = p.view.get().targets;
    expect(targets.map((x) => x.unitId).sort()).toEqual((scenario.units ?? []).filter((u) => u.side === 'red').map((u) => u.id).sort());
    const t = targets.find((x) => x.unitId === 'house_upper')!;
    const o = evaluateTarget(state(p), 'behind_wall', 'house_upper', { table: bf });
    expect(o.valid).toBe(true);
    expect(t.cover).toBe(coverWords(o.cover.name, o.cover.value));
    expect(t.cover).toBe('house or fortification 3+');
    expect(o.closeRange).toBe(true);
    expect(t.notes.some((n) => n.startsWith('K-5.7a'))).toBe(true);
    expect(t).toMatchObject({ visible: 1, total: 1, command: { type: 'SHOOT', side: 'blue', unitId: 'behind_wall', targetId: 'house_upper' } });
    // A target the rules refuse carries the reason and rule, and no command.
    const far = targets.find((x) => x.unitId === 'obs_ground')!;
    expect(far.command).toBeUndefined();
    expect(far.refusal?.rule).toMatch(/^K-5\./);
    const before = p.log.get().length;
    must(p, t.command!);
    const lines = p.log.get().slice(before);
    const dice = lines.filter((l) => l.type === 'DICE_ROLLED');
    expect(dice.length).toBeGreaterThan(0);
    for (const d of dice) expect(d.dice).toMatchObject({ sides: 6, values: [expect.any(Number)] });
    expect(lines.some((l) => l.type === 'SHOT_FIRED' && l.rule)).toBe(true);
    expect(p.view.get().targets).toEqual([]);
  });
});

describe('play on the training ground: the replay scrubber', () => {
  it('K-4.0 seeking an event before the move shows the figure where he stood, read-only; null returns to the live game', () => {
    const p = game(['wall_south']);
    act(p, 'begin-turn');
    act(p, 'draw');
    act(p, 'activate:move-shoot');
    p.control.move([{ figureId: 'wall_south_1', to: [96, 38] }]);
    const moved = p.log.get().find((l) => l.type === 'FIGURES_MOVED')!.index;
    p.replay.seek(moved - 1);
    expect(p.replay.store.get()).toEqual({ at: moved - 1, total: p.game().events.length });
    expect(figureAt(p, 'wall_south_1')).toEqual([104, 38]);
    expect(p.view.get().actions).toEqual([]);
    expect(p.view.get().move).toBeUndefined();
    expect(p.view.get().prompt.headline).toMatch(/^Replay/);
    expect(p.control.send({ type: 'END_ACTIVATION', side: 'red' })).toMatchObject({ ok: false });
    expect(p.control.canUndo()).toBe(false);
    p.replay.seek(moved);
    expect(figureAt(p, 'wall_south_1')).toEqual([96, 38]);
    p.replay.seek(null);
    expect(p.replay.store.get().at).toBeNull();
    expect(p.view.get().actions.map((a) => a.id)).toEqual(['end-activation']);
    act(p, 'end-activation');
  });
});
