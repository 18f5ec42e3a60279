// Kuularuisku 1918 as one registered module (src/rules/index.ts lists it): the rules, where the game
// stands, what the flow machines read, the play HUD, the unit of measure, its dice, the points its sight
// lines aim at, its scenario-data check and its player. It meets the game layer's RulesetModule structurally (rules
// never import the game layer); nothing else of the ruleset is exported to the rest of the program.
import { kuularuiskuFlow } from './flow';
import { kuularuiskuHud } from './hud';
import { kuularuiskuPhase } from './phase-info';
import { kuularuiskuPlayer } from './player';
import { kuularuiskuRuleset } from './ruleset';
import { K_SIGHT_POINTS } from './sight-points';
import type { KState } from './state';

export const kuularuiskuModule = {
  ruleset: kuularuiskuRuleset,
  name: 'Kuularuisku 1918',
  phase: kuularuiskuPhase,
  // The turn the log's lines are labelled with (TURN_STARTED sets it; 0 before the first).
  turnOf: (state: KState) => state.seq.round,
  flow: kuularuiskuFlow,
  hud: kuularuiskuHud,
  measure: 'cm' as const,
  // K-INTRO-d normal six-sided dice.
  dice: { sides: [6] },
  sightPoints: K_SIGHT_POINTS,
  validateScenarioData: kuularuiskuRuleset.validateScenario,
  // Random legal play (player/), apart from the rules: `cli play --random-legal`, the games benchmark.
  player: kuularuiskuPlayer,
};
