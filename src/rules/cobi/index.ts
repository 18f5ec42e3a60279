// COBI WWII as one registered module (src/rules/index.ts lists it): its sequence (the flow's
// alternating machine with COBI's program), where the game stands, the play HUD, the unit of measure,
// its dice, the points its sight lines aim at, its scenario-data check and its player. Its state is
// `{ table, seq }`: the table the rules fold, the machine's sequence. It meets the game layer's
// SequencedRulesetModule structurally; nothing else of the ruleset is exported.
import { cobiHud } from './hud';
import { cobiPhase } from './hud/phase';
import { cobiPlayer } from './player';
import { validateCobiScenario } from './scenario-data';
import { cobiSequence } from './sequence/program';
import type { CState } from './state';

export const cobiModule = {
  sequence: cobiSequence,
  name: 'COBI WWII',
  phase: cobiPhase,
  // The round the log's lines are labelled with (0 before the first).
  turnOf: (s: CState) => s.seq.round,
  hud: cobiHud,
  // C-2.3 a metric tape measure and six-sided dice.
  measure: 'cm' as const,
  dice: { sides: [6] },
  // Head, chest and base of a figure (the attack rules aim at them).
  sightPoints: [{ name: 'head', fraction: 0.94 }, { name: 'chest', fraction: 0.7 }, { name: 'base', cm: 0.15 }],
  validateScenarioData: validateCobiScenario,
  // Random legal play (player/), apart from the rules: `cli play --random-legal`.
  player: cobiPlayer,
};
