// A toy close-combat exchange (tests only): the toy cards ruleset with two units locked in a brawl whose
// every activation is a two-step exchange the cards machine runs as nested states (CardsProgram.exchange):
// TB-1 the blows (a d6 each, the lower takes a hit, two on a 6; its owner chooses who falls when some
// stand), then TB-2 the struck unit's nerve (a d6, 4+ holds; else it breaks off shaken and the brawl ends).
import type { CardsProgram, Command, Dice, ExchangeStep, GameEvent, Resolution, Sequenced, TableQueries } from '../../src/core';
import { playableModule } from '../../src/flow';
import type { Scenario } from '../../src/scenario';
import { toycardsModule } from '../toys/rules/toycards';
import { evolveCards, forcedStep, nameOf, unitFigures, type CardsTable } from '../toys/rules/toycards/rules';

/** Two units locked in a brawl; `struck`: the one that lost this round's blows, its nerve still to test. */
export interface Brawl {
  units: [string, string];
  struck: string | null;
}
export type BrawlTable = CardsTable & { brawl: Brawl | null };
type BState = Sequenced<BrawlTable>;
type Ctx = { scenario: Scenario; table: TableQueries; dice: Dice };

/** TB-2 a nerve holds on 4+. */
export const NERVE_HOLDS = 4;

/** TB-1 the blows: each unit a d6; the lower takes a hit (two when the winner rolled a 6); all its men fall when the hits are as many, else its owner chooses (TC-9). */
const blows: ExchangeStep<BrawlTable, Scenario, TableQueries> = {
  name: 'blows',
  rule: 'TB-1',
  due: (s) => s.table.brawl !== null,
  resolve: (s: BState, { scenario, dice }: Ctx): Resolution => {
    const [a, b] = s.table.brawl!.units;
    const ra = dice.roll(6, `${nameOf(scenario, a)} blows`, 'TB-1');
    const rb = dice.roll(6, `${nameOf(scenario, b)} blows`, 'TB-1');
    const loser = ra < rb ? a : rb < ra ? b : null;
    const hits = loser ? (Math.max(ra, rb) === 6 ? 2 : 1) : 0;
    const men = loser ? unitFigures(s.table, loser) : [];
    const fallen = loser && hits >= men.length ? men.map((f) => f.id) : [];
    const text = loser ? `${nameOf(scenario, a)} ${ra}, ${nameOf(scenario, b)} ${rb}: ${nameOf(scenario, loser)} takes ${hits} hit${hits === 1 ? '' : 's'}` : `${nameOf(scenario, a)} and ${nameOf(scenario, b)} both roll ${ra}: the brawl goes on`;
    return { ok: true, events: [{ type: 'BRAWL_BLOWS', rule: 'TB-1', loser, hits, fallen, text }] };
  },
};

/** TB-2 the struck unit's nerve, once its owner has chosen who fell: it holds (the brawl goes on) or breaks off shaken (the brawl ends). */
const nerve: ExchangeStep<BrawlTable, Scenario, TableQueries> = {
  name: 'nerve',
  rule: 'TB-2',
  due: (s) => !!s.table.brawl?.struck && !s.table.allocating,
  resolve: (s: BState, { scenario, dice }: Ctx): Resolution => {
    const unit = s.table.brawl!.struck!;
    const roll = dice.roll(6, `${nameOf(scenario, unit)} nerve (${NERVE_HOLDS}+)`, 'TB-2');
    const held = roll >= NERVE_HOLDS;
    return { ok: true, events: [{ type: held ? 'BRAWL_HELD' : 'BRAWL_BROKEN', rule: 'TB-2', unit, roll, text: `${nameOf(scenario, unit)} rolls ${roll}: ${held ? 'it holds' : 'it breaks off, shaken'}` }] };
  },
};

/** The table after a brawl's events (the rest are the toy cards rules'). */
export function evolveBrawl(t: BrawlTable, e: GameEvent): BrawlTable {
  const brawl = t.brawl;
  switch (e.type) {
    case 'BRAWL_BLOWS': {
      const fallen = e.fallen as string[];
      const loser = e.loser as string | null;
      const figures = t.figures.map((f) => (fallen.includes(f.id) ? { ...f, alive: false } : f));
      // A unit cut down to the last man ends the brawl; fewer hits than men: its owner chooses who falls.
      const wiped = loser !== null && fallen.length > 0;
      return { ...t, figures, allocating: loser && !wiped ? { target: loser, hits: e.hits as number } : null, brawl: wiped ? null : { ...brawl!, struck: loser } };
    }
    case 'BRAWL_HELD':
      return { ...t, brawl: { ...brawl!, struck: null } };
    case 'BRAWL_BROKEN':
      return { ...t, brawl: null, shaken: t.shaken.includes(String(e.unit)) ? t.shaken : [...t.shaken, String(e.unit)] };
    default:
      return { ...evolveCards(t, e), brawl };
  }
}

type Program = CardsProgram<BrawlTable, Scenario, TableQueries>;
const base = toycardsModule.sequence as unknown as Program;

/**
 * The toy cards module with `units` locked in a brawl from the start (`before`: the table changed first,
 * e.g. men already down). `inActivation`: the brawl is no forced step at the offer; a unit in it that
 * activates fights it with its HOLD (the exchange's `opens`), inside its activation.
 */
export function brawlModule(units: [string, string], before: (t: BrawlTable) => BrawlTable = (t) => t, inActivation = false) {
  const opens = (s: Sequenced<BrawlTable>, c: Command) => c.type === 'HOLD' && !!s.table.brawl?.units.includes(String(s.seq.unit));
  const sequence: Program = {
    ...base,
    forcedSteps: [...base.forcedSteps, 'brawl'],
    // TB-1 a unit in the brawl can only fight it when offered its activation.
    forced: (t, unit) => (!inActivation && t.brawl?.units.includes(unit) ? 'brawl' : forcedStep(t, unit)),
    exchange: { forced: 'brawl', steps: [blows, nerve], ...(inActivation ? { opens } : {}) },
    // TB-1 the brawl is the unit's whole activation.
    forcedGoesOn: (s, step) => (step === 'brawl' ? false : (base.forcedGoesOn?.(s, step) ?? false)),
    rules: {
      ...base.rules,
      setup: (scenario, ctx) => before({ ...base.rules.setup(scenario, ctx), brawl: { units, struck: null } }),
      evolve: evolveBrawl,
    },
  };
  return playableModule({ ...toycardsModule, sequence } as never);
}
