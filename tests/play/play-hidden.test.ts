// Hidden units at a hot-seat screen (Tammerkoski's hidden marksmen, scenario rule hidden-units, K-5.2a):
// the HUD model says from whom a unit is hidden (from the rules state), and viewForSeat leaves it out
// of everything the enemy's screen lists (units, targets, covering-fire targets) and redacts its name
// from the prompt, the buttons and the log, while its owner still sees it. Revealed or at the game's
// end, nothing is hidden.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createBattlefield, type Battlefield } from '../../src/battlefield';
import { createPlay, type PlayHandle } from '../../src/app/play';
import { cachedTable, playableModule } from '../../src/flow';
import { concealedFrom, hiddenNames, logForSeat, redactText, viewForSeat, type PlayView } from '../../src/game';
import type { KGameState } from '../../src/rules/kuularuisku/engine';
import { describePlay } from '../../src/rules/kuularuisku/hud';
import { RULESET_MODULES } from '../../src/rules';
import { parseScenarioOrThrow } from '../../src/scenario';

const FILE = 'scenarios/kuularuisku/tammerkoski.json';
const scenario = parseScenarioOrThrow(readFileSync(FILE, 'utf8'), FILE);
let bf: Battlefield;

beforeAll(async () => {
  bf = await createBattlefield(scenario);
});

/** Draw, passing other cards, until a unit of `side` is offered its activation. */
function offeredSide(p: PlayHandle, side: string): void {
  for (let i = 0; i < 80; i++) {
    const v = p.view.get();
    const ids = v.actions.map((a) => a.id);
    if (v.prompt.side === side && ids.includes('activate:shoot')) return;
    const next = ids.includes('begin-turn') ? 'begin-turn' : ids.includes('draw') ? 'draw' : ids.includes('pass') ? 'pass' : ids.includes('readiness:pass') ? 'readiness:pass' : ids.includes('end-activation') ? 'end-activation' : ids[0]!;
    const r = p.control.send(v.actions.find((a) => a.id === next)!.command);
    if (!r.ok) throw new Error(`${next}: ${r.reason}`);
  }
  throw new Error(`no ${side} unit was offered its activation`);
}

const ids = (v: PlayView) => v.units.map((u) => u.id);

describe('play: hidden units at a hot-seat screen', () => {
  it('K-5.2a the marksmen are hidden from the Whites only; the Whites\' screen never names them, the Reds\' does', () => {
    const p = createPlay(scenario, bf, { seed: 4, storage: null });
    const v = p.view.get();
    const marksmen = v.units.find((u) => u.id === 'r_marksmen')!;
    expect(marksmen.hiddenFrom).toEqual(['white']);
    expect(marksmen.status).toContain('hidden');
    // No other unit is hidden.
    expect(v.units.filter((u) => u.hiddenFrom).map((u) => u.id)).toEqual(['r_marksmen']);
    expect(concealedFrom(marksmen, 'white')).toBe(true);
    expect(concealedFrom(marksmen, 'red')).toBe(false);
    // Nobody has taken the screen yet: hidden from whoever looks.
    expect(concealedFrom(marksmen, null)).toBe(true);
    expect(ids(viewForSeat(v, 'white'))).not.toContain('r_marksmen');
    expect(ids(viewForSeat(v, null))).not.toContain('r_marksmen');
    expect(ids(viewForSeat(v, 'red'))).toContain('r_marksmen');
    expect(viewForSeat(v, 'red')).toBe(v);
    expect(ids(viewForSeat(v, 'white'))).toHaveLength(v.units.length - 1);
  });

  it('a White unit about to shoot: the raw targets hold the marksmen (refused, not seen yet); the Whites\' screen has them nowhere', () => {
    const p = createPlay(scenario, bf, { seed: 4, storage: null });
    offeredSide(p, 'white');
    expect(p.control.send(p.view.get().actions.find((a) => a.id === 'activate:shoot')!.command).ok).toBe(true);
    const v = p.view.get();
    const raw = v.targets.find((t) => t.unitId === 'r_marksmen');
    expect(raw).toBeDefined();
    expect(raw!.command).toBeUndefined();
    expect(raw!.refusal).toMatchObject({ rule: 'K-5.2a' });
    const seen = viewForSeat(v, 'white');
    expect(seen.targets.map((t) => t.unitId)).not.toContain('r_marksmen');
    expect(seen.targets.length).toBe(v.targets.length - 1);
    expect(JSON.stringify(seen)).not.toContain('r_marksmen');
  });

  it('revealed, or at the end of the game, the unit is hidden from nobody', () => {
    const p = createPlay(scenario, bf, { seed: 4, storage: null });
    const state = p.game().state as { table: KGameState };
    const s = state.table;
    const table = cachedTable(bf);
    // The HUD is given the composed module's legal commands for the game with this table.
    const ctx = (t: KGameState) => ({ scenario, table, legal: playableModule(RULESET_MODULES.kuularuisku).ruleset.legalCommands({ ...state, table: t }, { scenario, table }) });
    const revealed: KGameState = { ...s, special: { ...s.special!, hidden: [] } };
    expect(describePlay(revealed, ctx(revealed)).units.find((u) => u.id === 'r_marksmen')!.hiddenFrom).toBeUndefined();
    const over: KGameState = { ...s, tableFlow: { ...s.tableFlow, result: { winner: 'red', reason: 'test', text: 'test end', rule: 'K-3.0' } as NonNullable<KGameState['tableFlow']['result']> } };
    const v = describePlay(over, ctx(over));
    expect(v.units.some((u) => u.hiddenFrom)).toBe(false);
    expect(ids(viewForSeat(v, 'white'))).toContain('r_marksmen');
  });

  it('the marksmen\'s card drawn: the Whites\' screen reads "a hidden unit" in the prompt, the buttons and the log; the Reds\' reads the name', () => {
    const p = createPlay(scenario, bf, { seed: 4, storage: null });
    const name = p.view.get().units.find((u) => u.id === 'r_marksmen')!.name;
    expect(redactText(`card: ${name} (Reds)`, [name])).toBe('card: a hidden unit (Reds)');
    let v = p.view.get();
    for (let i = 0; i < 300 && v.prompt.card?.unitId !== 'r_marksmen'; i++) {
      const ids = v.actions.map((a) => a.id);
      const next = ['begin-turn', 'draw', 'pass', 'readiness:pass', 'end-activation', 'end-turn'].find((x) => ids.includes(x)) ?? ids[0]!;
      expect(p.control.send(v.actions.find((a) => a.id === next)!.command).ok).toBe(true);
      v = p.view.get();
    }
    expect(v.prompt.card?.unitId).toBe('r_marksmen');
    expect(v.prompt.headline).toContain(name);
    const whites = viewForSeat(v, 'white');
    expect(whites.prompt.headline).not.toContain(name);
    expect(whites.prompt.headline).toContain('a hidden unit');
    expect(whites.prompt.card!.label).toBe('a hidden unit');
    expect(JSON.stringify(whites)).not.toContain(name);
    expect(viewForSeat(v, 'red')).toBe(v);
    // The marksmen pass their card: the log names them, but not on the Whites' screen.
    expect(p.control.send(v.actions.find((a) => a.id === 'pass')!.command).ok).toBe(true);
    const log = p.log.get();
    expect(log.some((l) => l.text.includes(name))).toBe(true);
    const seen = logForSeat(log, hiddenNames(p.view.get(), 'white'));
    expect(seen.some((l) => l.text.includes(name) || l.dice?.purpose.includes(name))).toBe(false);
    expect(seen).toHaveLength(log.length);
    expect(logForSeat(log, hiddenNames(p.view.get(), 'red'))).toBe(log);
  });
});
