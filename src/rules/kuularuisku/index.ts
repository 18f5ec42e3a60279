// Kuularuisku 1918 as one registered module (src/rules/index.ts lists it): its sequence (the flow's cards
// machine with Kuularuisku's program), where the game stands, the play HUD, the unit of measure, its dice,
// the points its sight lines aim at, its scenario-data check and its player. Its state is `{ table, seq }`:
// the table the rules fold, the machine's sequence. It meets the game layer's SequencedRulesetModule
// structurally (rules never import the game layer); nothing else of the ruleset is exported.
import type { Command, PlayFigureMove, Player, TableQueries } from '../../core';
import type { Scenario } from '../../scenario';
import { kuularuiskuHud } from './hud';
import { kuularuiskuPhase } from './phase-info';
import { kuularuiskuPlayer, type KPlayerOptions } from './player';
import { kuularuiskuRuleset } from './ruleset';
import { kuularuiskuSequence } from './sequence';
import type { KSequenced } from './sequence/program';
import { K_SIGHT_POINTS } from './sight-points';
import { rulesTable } from './sequence/reading';

type Ctx = { scenario: Scenario; table: TableQueries };

/** The HUD over the composed state: the rules' describer reads the table with the machine's sequence. */
const hud = {
  describe: (s: KSequenced, ctx: Ctx & { legal: Command[] }) => kuularuiskuHud.describe(rulesTable(s), { scenario: ctx.scenario, table: ctx.table, legal: ctx.legal }),
  log: (s: KSequenced, log: Parameters<typeof kuularuiskuHud.log>[1]) => kuularuiskuHud.log(rulesTable(s), log),
  rules: (s?: KSequenced) => kuularuiskuHud.rules(s && rulesTable(s)),
  moveCommand: (s: KSequenced, moves: readonly PlayFigureMove[], charge?: string) => kuularuiskuHud.moveCommand(rulesTable(s), moves, charge),
  contactedEnemy: (s: KSequenced, moves: readonly PlayFigureMove[], table?: TableQueries) => kuularuiskuHud.contactedEnemy(rulesTable(s), moves, table),
  dragAsCharge: (s: KSequenced, moves: readonly PlayFigureMove[], refusal: { reason: string; rule?: string }, table?: TableQueries) => kuularuiskuHud.dragAsCharge(rulesTable(s), moves, refusal, table),
};

/** Random legal play over the composed state (the player reads the table). */
function player(opts: KPlayerOptions): Player<KSequenced, Command, TableQueries, Scenario> {
  const p = kuularuiskuPlayer(opts);
  return { choose: (s, view, decision) => p.choose(rulesTable(s), view as never, decision as never) as never };
}

export const kuularuiskuModule = {
  sequence: kuularuiskuSequence,
  name: 'Kuularuisku 1918',
  phase: (s: KSequenced) => kuularuiskuPhase(rulesTable(s)),
  // The turn the log's lines are labelled with (0 before the first).
  turnOf: (s: KSequenced) => s.seq.round,
  hud,
  measure: 'cm' as const,
  // K-INTRO-d normal six-sided dice.
  dice: { sides: [6] },
  sightPoints: K_SIGHT_POINTS,
  validateScenarioData: kuularuiskuRuleset.validateScenario,
  // Random legal play (player/), apart from the rules: `cli play --random-legal`, the games benchmark.
  player,
};
