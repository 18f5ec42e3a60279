// What a turn & activation decision reads besides the state: the scenario, the table and the dice.
import type { Dice, TableQueries } from '../../../core';
import type { Scenario } from '../../../scenario';

export interface FlowCtx {
  scenario: Scenario;
  table: TableQueries;
  dice: Dice;
}
