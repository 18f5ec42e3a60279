// A soldier-level command (MOVE, SHOOT, SPLIT, JOIN, EVACUATE …) as the flow hands it to the rules
// (actions.ts decideAction) once it has checked whose turn it is and the K-2.4 order.

export interface SoldierCommand {
  type: string;
  side?: string;
  unitId?: string;
  [key: string]: unknown;
}
