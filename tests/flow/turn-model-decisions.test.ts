// A decision asked of the side not acting, inside an activation of the alternating model (toyarmour
// TA-7: the owner picks the armour face an angled hit strikes): it pre-empts every step, only its side
// is heard, the activation's end (its acted event) waits for the answer, the log says who chose what,
// and a save holding the answer replays to the same state. `activationOver` keeps an activation open.
// In the phases model (toylines TL-6: a shaken line's owner stands or falls back) the decision holds
// the phasing side's next step until answered, and the unit that raised it is held acting until then.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBattlefield, type Battlefield } from '../../src/battlefield';
import { ScriptedDice, type Command, type GameEvent, type TableQueries } from '../../src/core';
import { cachedTable, playableModule, sequencedRuleset } from '../../src/flow';
import { GameSession, loadSave, makeSave } from '../../src/game';
import { parseScenarioOrThrow } from '../../src/scenario';
import { toyarmourModule } from '../toys/rules/toyarmour';
import { toylinesModule } from '../toys/rules/toylines';
import { CM_PER_INCH, type LinesState } from '../toys/rules/toylines/rules';
import type { ArmourState } from '../toys/rules/toyarmour/rules';

const FILE = path.resolve(__dirname, '../toys/scenarios/toyarmour.json');
const armour = playableModule(toyarmourModule);
let bf: Battlefield;
let table: TableQueries;

beforeAll(async () => {
  bf = await createBattlefield(parseScenarioOrThrow(readFileSync(FILE, 'utf8'), FILE));
  table = cachedTable(bf) as TableQueries;
});
afterAll(() => bf.free());

type Session = GameSession<ArmourState, Command, GameEvent, TableQueries>;
const sessionOf = (seed: number, dice?: number[]): Session =>
  new GameSession({ ruleset: armour.ruleset as never, scenario: bf.scenario, table, seed, ...(dice ? { dice: new ScriptedDice(dice) } : {}) });

/** Plays the module's random player until `stop` holds (or the game ends). */
function playUntil(g: Session, seed: number, stop: (g: Session) => boolean) {
  const player = armour.player!({ seed });
  const view = { scenario: g.scenario, table, legal: () => g.legalCommands() };
  for (let n = 0; n < 500 && !g.victory() && !stop(g); n++) {
    const c = g.withSideToAct(player.choose(g.state, view as never, g.pendingDecision() as never).next()! as Command);
    const r = g.dispatch(c);
    if (!r.ok) throw new Error(`${c.type} refused: ${r.reason}`);
  }
}

describe('a decision inside an alternating activation (TA-7 the owner picks the face of an angled hit)', () => {
  // Seed 13: in round 2 Blue squad A's rifles hit the tank at an angle between its front and side.
  const SEED = 13;

  it('pre-empts every step, is heard only from the owner, and holds the activation\'s end until the answer', () => {
    const g = sessionOf(SEED);
    playUntil(g, SEED, (x) => !!x.pendingDecision());
    const asked = g.pendingDecision()!;
    expect(asked).toMatchObject({ side: 'red', kind: 'armour-face', rule: 'TA-7', unitId: 'tank' });
    expect(asked.options.map((o) => o.command.face)).toEqual(['front', 'side']);
    // The attacker's activation is still on: its shot is logged, its end is not.
    const shot = g.log.at(-1)!;
    expect(shot.command).toMatchObject({ type: 'SHOOT', side: 'blue' });
    expect(shot.events.map((e) => e.type)).toContain('ARMOUR_ANGLED');
    expect(shot.events.map((e) => e.type)).not.toContain('UNIT_ACTED');
    expect(g.state.seq).toMatchObject({ step: 'activation', side: 'blue', unit: shot.command.unitId });
    // The legal commands are the answers; the side asked is the one to act; the HUD prompts it.
    expect(g.legalCommands()).toEqual(asked.options.map((o) => o.command));
    expect(g.actingSides(asked.options[0]!.command)).toMatchObject({ sides: ['red'], rule: 'TA-7' });
    const view = armour.hud.describe(g.state, { scenario: g.scenario, table });
    expect(view.decision).toMatchObject({ side: 'red', kind: 'armour-face' });
    expect(view.prompt.side).toBe('red');
    expect(view.actions.map((a) => a.id)).toEqual(['face:front', 'face:side']);

    // The acting side's next action, a pick, the round's end: refused, naming the answer awaited.
    const hold = g.dispatch({ type: 'HOLD', side: 'blue', unitId: String(shot.command.unitId) });
    expect(hold).toMatchObject({ ok: false });
    expect(hold.ok ? '' : hold.reason).toContain('Blues may not act now: the game waits for Reds');
    const asRed = armour.ruleset.decide(g.state, { type: 'HOLD', side: 'red', unitId: 'tank' }, { scenario: g.scenario, table, dice: new ScriptedDice([]) });
    expect(asRed).toMatchObject({ ok: false, reason: `not now: Reds must first answer: ${asked.label}`, rule: 'TA-7' });
    // The other side may not answer for the owner.
    const stolen = g.dispatch({ ...asked.options[1]!.command, side: 'blue' });
    expect(stolen.ok).toBe(false);
    expect(stolen.ok ? '' : stolen.reason).toContain('the game waits for Reds');
    // A face the hit does not lie between is refused by the rules.
    expect(g.dispatch({ type: 'CHOOSE_FACE', side: 'red', figure: 'tank_1', face: 'rear' })).toMatchObject({ ok: false, rule: 'TA-7' });
    expect(g.log.at(-1)).toBe(shot);

    // The owner answers: the face is rolled, the log says who chose it, and the activation ends with the answer.
    const hp = g.state.table.figures.find((f) => f.id === 'tank_1')!.hp;
    const r = g.dispatch(asked.options[1]!.command);
    expect(r.ok).toBe(true);
    const answered = g.log.at(-1)!.events.filter((e) => e.type !== 'DICE_ROLLED');
    expect(answered.map((e) => e.type)).toEqual(['ARMOUR_HIT', 'UNIT_ACTED']);
    expect(answered[0]).toMatchObject({ face: 'side', armour: 4, chosenBy: 'red', rule: 'TA-7' });
    expect(answered[0]!.text).toMatch(/^Reds pick the side armour: Tank hit on its side armour \(4\): \d/);
    expect(answered[1]).toMatchObject({ unit: shot.command.unitId, rule: 'TA-2' });
    expect(g.state.table.figures.find((f) => f.id === 'tank_1')!.hp).toBe(answered[0]!.penetrated ? hp - 1 : hp);
    expect(g.state.table.angled).toBeUndefined();
    expect(g.pendingDecision()).toBeUndefined();
    // TA-2 the turn passes to the other side, the attacker counted as acted.
    expect(g.state.seq.acted).toContain(shot.command.unitId);
    expect(g.state.seq.unit).toBeNull();
    expect(g.dispatch(asked.options[0]!.command)).toMatchObject({ ok: false, reason: expect.stringMatching(/^not now: nothing is asked/) });
  });

  it('a game through its answers plays to the end, and its save replays through them to the same state', () => {
    const g = sessionOf(SEED);
    playUntil(g, SEED, () => false);
    expect(g.victory()).toMatchObject({ rule: 'TA-8' });
    const answers = g.log.filter((entry) => entry.command.type === 'CHOOSE_FACE');
    expect(answers.length).toBe(2);
    // Every angled hit was answered by the tank's owner, each inside the blue activation it came in.
    for (const entry of answers) expect(entry.command.side).toBe('red');
    const save = JSON.parse(JSON.stringify(makeSave(g)));
    const loaded = loadSave(save, 'game.json', bf.scenario, armour.ruleset as never, table) as Session;
    expect(loaded.stateHash()).toBe(g.stateHash());
    expect(loaded.log.map((e) => e.command.type)).toEqual(g.log.map((e) => e.command.type));
  });

  it('a scripted angled hit: the squad\'s volley, then the owner\'s choice rolled with the next die (TA-3, TA-7)', () => {
    // Play to the decision with the seeded dice, then replay the same commands with its dice scripted up to it.
    const seeded = sessionOf(SEED);
    playUntil(seeded, SEED, (x) => !!x.pendingDecision());
    const rolls = seeded.events.filter((e) => e.type === 'DICE_ROLLED').map((e) => (e.roll as { value: number }).value);
    // The owner's answer: the side armour (4) beaten by a 5.
    const g = sessionOf(SEED, [...rolls, 5]);
    for (const entry of seeded.log) expect(g.dispatch(entry.command).ok).toBe(true);
    expect(g.dispatch({ type: 'CHOOSE_FACE', side: 'red', figure: 'tank_1', face: 'side' }).ok).toBe(true);
    expect(g.log.at(-1)!.events.find((e) => e.type === 'ARMOUR_HIT')).toMatchObject({ face: 'side', roll: 5, penetrated: true });
    expect(g.state.table.figures.find((f) => f.id === 'tank_1')!.hp).toBe(1);
  });
});

describe('activationOver keeps an alternating activation open', () => {
  it('without it one action ends the activation; with it the unit acts until the guard says it is over', () => {
    const seq = toyarmourModule.sequence;
    // A program whose activations last two actions of the unit (read from the table: two moves of 10 cm by its three figures).
    const moves = (s: ArmourState) => s.table.figures.filter((f) => f.unit === 'red_squad').reduce((n, f) => n + f.at[0], 0);
    let start = 0;
    const twice = sequencedRuleset({ ...seq, activationOver: (s: ArmourState) => moves(s) - start >= 59.9 } as never);
    const ctx = { scenario: bf.scenario, table };
    let s = twice.setup(bf.scenario, ctx) as ArmourState;
    const fold = (evs: readonly GameEvent[]) => { for (const e of evs) s = twice.evolve(s, e) as ArmourState; };
    const run = (c: Command) => {
      const r = twice.decide(s, c, { ...ctx, dice: new ScriptedDice([6, 1]) });
      if (!r.ok) throw new Error(r.reason);
      fold(r.events);
      return r.events.map((e) => e.type);
    };
    run({ type: 'BEGIN_TURN', side: 'red' });
    expect(s.seq.side).toBe('red');
    run({ type: 'SELECT_UNIT', side: 'red', unitId: 'red_squad' });
    start = moves(s);
    expect(run({ type: 'MOVE', side: 'red', unitId: 'red_squad', dx: 10, dz: 0 })).toEqual(['UNIT_MOVED']);
    expect(s.seq).toMatchObject({ step: 'activation', unit: 'red_squad' });
    expect(run({ type: 'MOVE', side: 'red', unitId: 'red_squad', dx: 10, dz: 0 })).toEqual(['UNIT_MOVED', 'UNIT_ACTED']);
    expect(s.seq).toMatchObject({ step: 'pick', side: 'blue', acted: ['red_squad'] });
  });
});

describe('a decision in the phases model (TL-6 a shaken line\'s owner stands or falls back)', () => {
  const lines = playableModule(toylinesModule);
  const LINES = path.resolve(__dirname, '../toys/scenarios/toylines.json');

  it('holds the phasing side\'s next step, is heard only from the owner, and the game goes on after the answer', async () => {
    const field = await createBattlefield(parseScenarioOrThrow(readFileSync(LINES, 'utf8'), LINES));
    try {
      const t = cachedTable(field) as TableQueries;
      const g = new GameSession<LinesState, Command, GameEvent, TableQueries>({ ruleset: lines.ruleset as never, scenario: field.scenario, table: t, seed: 1 });
      const player = lines.player!({ seed: 1 });
      const view = { scenario: g.scenario, table: t, legal: () => g.legalCommands() };
      for (let n = 0; n < 200 && !g.pendingDecision(); n++) expect(g.dispatch(g.withSideToAct(player.choose(g.state, view as never).next()! as Command)).ok).toBe(true);
      const asked = g.pendingDecision()!;
      const fire = g.log.at(-1)!;
      expect(fire.command.type).toBe('FIRE');
      const phasing = String(fire.command.side);
      expect(asked).toMatchObject({ kind: 'shaken-line', rule: 'TL-6', unitId: fire.command.targetId });
      expect(asked.side).not.toBe(phasing);
      // The firing line is held acting until the owner answers (its acted event comes with the answer).
      const firer = String(fire.command.unitId);
      expect(fire.events.map((e) => e.type).filter((x) => x !== 'DICE_ROLLED')).toEqual(['LINE_FIRED', 'LINE_SHAKEN', 'UNIT_ACTING']);
      expect(g.state.seq).toMatchObject({ step: 'phase', phase: 'fire', side: phasing, unit: firer });
      expect(g.state.seq.acted).not.toContain(firer);
      expect(g.legalCommands()).toEqual(asked.options.map((o) => o.command));
      expect(lines.hud.describe(g.state, { scenario: g.scenario, table: t }).decision).toMatchObject({ side: asked.side, kind: 'shaken-line' });
      // The phasing side may not end its phase, nor answer for the owner.
      const end = g.dispatch({ type: 'END_PHASE', side: phasing });
      expect(end.ok ? '' : end.reason).toContain('may not act now: the game waits for');
      expect(lines.ruleset.decide(g.state, { type: 'END_PHASE', side: phasing }, { scenario: g.scenario, table: t, dice: new ScriptedDice([]) })).toMatchObject({ ok: false, reason: `not now: ${g.scenario.sides.find((x) => x.id === asked.side)!.name} must first answer: ${asked.label}`, rule: 'TL-6' });
      expect(g.dispatch({ ...asked.options[0]!.command, side: phasing }).ok).toBe(false);
      // The owner falls back 2" (or stands, where falling back would leave the table).
      const back = asked.options.find((o) => o.command.choice === 'fall back') ?? asked.options[0]!;
      const before = g.state.table.figures.filter((f) => f.alive && f.unit === asked.unitId).map((f) => f.at);
      expect(g.dispatch(back.command).ok).toBe(true);
      const rallied = g.log.at(-1)!.events;
      expect(rallied).toEqual([expect.objectContaining({ type: 'LINE_RALLIED', chosenBy: asked.side, choice: back.command.choice }), expect.objectContaining({ type: 'UNIT_ACTED', unit: firer })]);
      expect(g.state.seq.acted).toContain(firer);
      expect(g.state.seq.unit).toBeNull();
      const after = g.state.table.figures.filter((f) => f.alive && f.unit === asked.unitId).map((f) => f.at);
      const moved = Math.hypot(after[0]![0] - before[0]![0], after[0]![1] - before[0]![1]);
      expect(moved).toBeCloseTo(back.command.choice === 'fall back' ? 2 * CM_PER_INCH : 0, 6);
      expect(g.state.table.shaken).toBeUndefined();
      expect(g.dispatch({ type: 'END_PHASE', side: phasing }).ok).toBe(true);
    } finally {
      field.free();
    }
  });
});
