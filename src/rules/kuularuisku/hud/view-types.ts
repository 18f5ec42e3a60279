// The play HUD model (src/game/play-view.ts) restated structurally: rules never import the game layer.
// src/app/play assigns these to PlayView & co., so the compiler catches any drift between the two.
import type { Vec2 } from '../../../core';

/** A command as the game layer carries it (its `Command`, restated). */
export interface HudCommand {
  type: string;
  side?: string;
  [key: string]: unknown;
}

export interface HudFigure {
  id: string;
  unitId: string;
  side: string;
  at: [number, number];
  floor: number;
  facing: number;
  condition: string;
  weapon?: string;
  role?: string;
  removed?: string;
}

export interface HudUnit {
  id: string;
  side: string;
  name: string;
  kind: string;
  status: string[];
  strength: { now: number; start: number };
  figures: HudFigure[];
  activated: boolean;
  hiddenFrom?: string[];
}

export interface HudAction {
  id: string;
  label: string;
  rule?: string;
  hint?: string;
  command: HudCommand;
}

export interface HudMoveOffer {
  unitId: string;
  mode: string;
  allowance: Record<string, { open: number; difficult: number }>;
  rules: string[];
  why: string[];
  reach: Record<string, Array<[number, number]>>;
  commandType: string;
}

export interface HudTarget {
  unitId: string;
  name: string;
  side: string;
  distance: number;
  unit: 'cm' | 'in';
  visible: number;
  total: number;
  cover: string;
  command?: HudCommand;
  refusal?: { reason: string; rule?: string };
  notes: string[];
}

export interface HudSplitOffer {
  unitId: string;
  name: string;
  figureIds: string[];
  min: number;
  max: number;
  rule?: string;
  label: string;
  command: HudCommand;
}

export interface HudPrompt {
  side: string | null;
  headline: string;
  detail: string;
  turn: number;
  turnLimit?: number;
  card?: { unitId: string; label: string; via: string };
  deck?: { left: number; drawn: number };
}

export interface HudView {
  rulesetId: string;
  scenarioTitle: string;
  sides: Array<{ id: string; name: string; colour?: string }>;
  prompt: HudPrompt;
  units: HudUnit[];
  activeUnitId?: string;
  actions: HudAction[];
  move?: HudMoveOffer;
  targets: HudTarget[];
  supportTargets?: Array<{ unitId: string; name: string; rule?: string; targets: HudTarget[] }>;
  split?: HudSplitOffer;
  victory?: { winner: string | null; reason: string; rule?: string };
}

export interface HudLogLine {
  index: number;
  commandIndex: number;
  type: string;
  text: string;
  rule?: string;
  dice?: { purpose: string; values: number[]; sides: number; rule?: string };
  side?: string;
}

export interface HudRuleEntry {
  id: string;
  title: string;
  text: string;
  house?: { key: string; value: unknown; options?: unknown[]; source: string };
}

/** A figure's drag result (the view's move request). */
export interface HudFigureMove {
  figureId: string;
  to: Vec2;
  floor?: number;
}
