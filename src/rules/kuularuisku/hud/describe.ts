// describePlay: a Kuularuisku game state as the play HUD shows it — whose turn (the side that must act:
// card drawn, roll pending, choice, readiness window), the units with their status chips and figures,
// the legal choices as buttons, the active unit's move offer and targets, and the result.
import type { Command, PendingDecision, PlayAction, PlayFigureLook, PlayPanel, PlayPrompt, PlayTemplate, PlayUnit, PlayView, TableQueries } from '../../../core';
import { withVehicles, type Scenario } from '../../../scenario';
import { specialCommands } from '../special-play';
import { ACTION_NAMES } from '../activation/decide';
import { phaseOf, sideToAct, type KPhase } from '../activation/phase';
import { medicDecision, ownerDecision, woundDecision } from '../activation/wound-choice';
import { isLeaderless } from '../movement';
import { isHidden, nightNow } from '../special-queries';
import { liveFigures } from '../table';
import type { KFigure, KUnit, KState } from '../state';
import { actionFor } from './actions';
import { activationExtras } from './extras';
import { figureLook } from './figure-look';
import { moveOffer } from './move-offer';
import { splitOffer } from './split-offer';
import { targetsFor } from './targets';
import { isOwnerChoice } from '../flow-types';
import { hasActivated } from '../acted';

export interface DescribeCtx {
  scenario: Scenario;
  table: TableQueries;
  /** The legal commands of the moment as the composed module lists them (the sequence's steps are the machine's): the buttons outside an activation, and its end. */
  legal: readonly Command[];
}

const KIND_WORDS: Record<string, string> = { squad: 'squad', 'mg-squad': 'MG squad', leader: 'leader' };
const STEP_WORDS: Record<string, string> = {
  'pinned-test': 'pinned test (K-7.1f)', rout: 'rout move (K-7.3d)', 'melee-round': 'round of melee (K-6.5a)',
  'charge-target-test': 'charged unit\'s morale test (K-7.2a)', 'charger-morale': 'charger\'s morale test (K-6.2e)', 'melee-start': 'first round of melee (K-6.1b)',
};

function sideName(s: KState, ctx: DescribeCtx, side: string | undefined): string {
  if (!side) return '';
  return ctx.scenario.sides.find((x) => x.id === side)?.name ?? s.sides.find((x) => x.id === side)?.name ?? side;
}

function statusChips(s: KState, u: KUnit): string[] {
  const chips: string[] = [];
  if (u.status !== 'normal') chips.push(u.status === 'in-melee' ? 'in melee' : u.status);
  if (hasActivated(s, u.id)) chips.push('activated');
  if (s.seq.ready.includes(u.id)) chips.push('ready');
  if (u.joinedTo) chips.push(`joined ${s.units[u.joinedTo]?.name ?? u.joinedTo}`);
  if (u.splitFrom) chips.push('covering fire');
  if (isLeaderless(s, u)) chips.push('leaderless');
  if (u.noMoveThisTurn) chips.push('cannot move this turn');
  if (u.defensiveFireUsed) chips.push('defensive fire used');
  // A scenario's hidden units (unknown to the enemy until revealed): the HUD marks them for their owner.
  if (isHidden(s, u.id)) chips.push('hidden');
  return chips;
}

/** The figure's look for the table, left out when it is the default (standing with a rifle). */
function lookOf(s: KState, f: KFigure): { look?: PlayFigureLook } {
  const look = figureLook(s, f);
  return Object.keys(look).length > 0 ? { look } : {};
}

export function describeUnits(s: KState): PlayUnit[] {
  const byUnit = new Map<string, PlayUnit['figures']>();
  for (const f of Object.values(s.figures)) {
    const list = byUnit.get(f.unitId) ?? [];
    list.push({
      id: f.id, unitId: f.unitId, side: f.side, at: [f.at[0], f.at[1]], floor: f.floor, facing: f.facing, condition: f.condition,
      ...(f.weapon ? { weapon: f.weapon } : {}), role: f.role, ...lookOf(s, f),
      ...(f.removed ? { removed: f.removed } : f.evacuation ? { removed: f.evacuation.role === 'escort' ? 'escorting to the rear' : 'evacuating' } : {}),
    });
    byUnit.set(f.unitId, list);
  }
  // A scenario's hidden unit (K-5.2a until revealed) is hidden from every other side; at the game's
  // end nothing is hidden any more.
  const hiddenFrom = (u: KUnit) => (isHidden(s, u.id) && !s.tableFlow.result ? s.sides.map((x) => x.id).filter((id) => id !== u.side) : []);
  return Object.values(s.units).map((u) => {
    const from = hiddenFrom(u);
    return {
      id: u.id, side: u.side, name: u.name, kind: KIND_WORDS[u.kind] ?? u.kind, status: statusChips(s, u),
      strength: { now: liveFigures(s, u).length, start: u.startStrength }, figures: byUnit.get(u.id) ?? [], activated: hasActivated(s, u.id),
      ...(from.length ? { hiddenFrom: from } : {}),
    };
  });
}

/** The unit the HUD highlights: acting, offered its activation, or concerned by the pending step or choice. */
export function activeUnitOf(s: KState, p: KPhase = phaseOf(s)): string | undefined {
  switch (p.kind) {
    case 'activation': return p.activation.unitId;
    case 'offer': return p.offer.unitId;
    case 'pending': return p.pending.unitId;
    case 'choice': return p.choice.unitId;
    default: return undefined;
  }
}

function prompt(s: KState, ctx: DescribeCtx, p: KPhase): PlayPrompt {
  const turn = s.seq.round;
  const f = s.seq;
  const night = nightNow(s);
  // A scenario's night turns (special rule): sight is cut to its visibility.
  const head = `Turn ${Math.max(1, turn)}${night ? ` (night: sight ${night.visibility} cm)` : ''}`;
  const side = sideToAct(p) ?? null;
  const who = sideName(s, ctx, side ?? undefined);
  const name = (id: string | undefined) => (id ? s.units[id]?.name ?? id : '');
  // K-2.1b the activation deck, as the banner's tally.
  const deck = { id: 'deck', text: `Deck ${f.deck.length} left · ${f.drawn.length} drawn`, count: f.deck.length, title: 'Activation cards left in the deck / drawn this turn' };
  const base = { side, turn, turnLimit: f.lastRound, ...(f.turnOpen ? { tallies: [deck] } : {}) };
  const card = (unitId: string, via: string) => ({ card: { unitId, label: name(unitId), via } });
  switch (p.kind) {
    case 'over':
      return { ...base, headline: `Game over — ${p.result.winner ? `${sideName(s, ctx, p.result.winner)} win` : 'a draw'}`, detail: `${p.result.text} (${p.result.rule})` };
    case 'between-turns':
      return { ...base, headline: turn === 0 ? 'The game begins' : `End of turn ${turn}`, detail: `Shuffle the activation deck to begin turn ${turn + 1} of ${f.lastRound} (K-2.1b)` };
    case 'draw':
      return { ...base, headline: `${head} · draw a card`, detail: `${p.left} card${p.left === 1 ? '' : 's'} left in the deck (K-2.1b)` };
    case 'turn-end':
      return { ...base, headline: `${head} · the deck is empty`, detail: 'End the turn: the wounded and their escorts move (K-5.6e)' };
    case 'window':
      return { ...base, headline: `${head} · between activations`, detail: `${who} may activate a ready unit now (K-2.3b)` };
    case 'offer': {
      const o = p.offer;
      const n = name(o.unitId);
      const what = o.pinnedFailed ? `${n} is still pinned: it may only shoot, hitting on 6 (K-7.1c), or pass`
        : o.mustRegroup ? `${n} is out of formation: it must move back together (K-1.0c)`
          : o.via === 'command' ? `${n} is commanded by ${name(o.commandedBy)}: choose its action (K-2.2a)` : `choose an action for ${n} (K-2.4a), wait in readiness (K-2.3a) or pass`;
      return { ...base, ...card(o.unitId, o.via), headline: `${head} · card: ${n} (${who})`, detail: `${who}: ${what}` };
    }
    case 'pending': {
      const k = p.pending;
      return { ...base, ...card(k.unitId, k.via ?? 'card'), headline: `${head} · ${name(k.unitId)} (${who})`, detail: `${who} rolls the ${STEP_WORDS[k.kind] ?? k.kind}` };
    }
    case 'choice': {
      const c = p.choice;
      if (isOwnerChoice(c) && c.kind !== 'wounds') {
        const d = ownerDecision(s, c);
        return { ...base, headline: `${head} · ${who} decides`, detail: `${who} (owner of ${name(c.unitId)}): ${d.label} (${d.rule})` };
      }
      if (c.kind === 'wounds') {
        const n = `${c.wounds} wound${c.wounds === 1 ? '' : 's'}`;
        const firer = c.offTable ? 'the fire from off the table' : c.barrage ? 'the preparation fire' : `${name(c.shooterId)}'s ${c.after ? 'defensive fire' : 'fire'}`;
        const cause = c.after?.kind === 'melee' ? `the melee round put ${n} on your soldiers there` : `${firer} put ${n} on ${name(c.unitId)}`;
        const rule = c.after?.kind === 'melee' ? 'K-6.4d' : c.after ? 'K-6.2d' : 'K-5.5a/b';
        return { ...base, headline: `${head} · ${who} decides`, detail: `${who} (owner of ${name(c.unitId)}): ${cause} — choose who takes ${c.wounds === 1 ? 'it' : 'them'}, spread before anyone takes a second (${rule})` };
      }
      const what = c.kind === 'defensive-fire' ? `${name(c.unitId)} is charged by ${name(c.chargerId)}: fire defensive fire? (K-6.2a)` : `${name(c.unitId)}: throw grenades as the melee begins? (K-6.6a)`;
      return { ...base, headline: `${head} · ${who} decides`, detail: `${who}: ${what}` };
    }
    case 'activation': {
      const a = p.activation;
      const action = a.action ? ACTION_NAMES[a.action] ?? a.action : 'choosing';
      return { ...base, ...card(a.unitId, a.via), headline: `${head} · ${name(a.unitId)} (${who}): ${action}`, detail: '' };
    }
  }
}

/** What the active unit may do next, for the prompt's detail line. */
function activationDetail(who: string, unit: string, move: boolean, shoot: boolean): string {
  if (move && shoot) return `${who}: drag ${unit}'s soldiers to move, or pick a target — or end the activation`;
  if (move) return `${who}: drag ${unit}'s soldiers to move (K-4.0), or end the activation`;
  if (shoot) return `${who}: pick a target for ${unit} (K-5.1a), or end the activation`;
  return `${who}: ${unit} has done what it may: end the activation`;
}

/** The legal choices of the moment as buttons (moves and shots are offered separately). */
export function describeActions(s: KState, ctx: DescribeCtx, p: KPhase = phaseOf(s)): PlayAction[] {
  // K-5.5a the owner's allocations, labelled with the soldiers' names (the default first).
  if (p.kind === 'choice' && p.choice.kind === 'wounds') return allocationActions(woundDecision(s, p.choice));
  if (p.kind === 'choice' && p.choice.kind === 'medic') return medicActions(medicDecision(s, p.choice));
  if (p.kind === 'choice' && isOwnerChoice(p.choice)) return decisionActions(ownerDecision(s, p.choice));
  // In an activation the legal list is moves and shots (offered by `move` and `targets`), the end, and
  // the scenario's special commands; the soldier-level extras are checked against the rules here.
  const commands = p.kind === 'activation'
    ? [...ctx.legal.filter((c) => c.type === 'END_ACTIVATION'), ...activationExtras(s, ctx), ...(s.special ? specialCommands(s, p.activation.unitId) : []).map((c) => ({ ...c, side: p.side }))]
    : ctx.legal;
  return commands.map((c) => actionFor(s, c)).filter((a): a is PlayAction => !!a);
}

/** A pending decision's options as buttons (K-5.5a wound allocation). */
function allocationActions(d: PendingDecision): PlayAction[] {
  return d.options.map((o, i) => ({
    id: `allocate:${i}`, label: o.label, ...(d.rule ? { rule: d.rule } : {}), command: o.command,
    hint: i === 0 ? 'The book\'s default: wounds spread, ordinary soldiers before leaders and specialists' : 'Wounds are spread: nobody takes a second before everyone has one (K-5.5b)',
  }));
}

/** Any other owner's decision's answers as buttons (the default first). */
function decisionActions(d: PendingDecision): PlayAction[] {
  return d.options.map((o, i) => ({ id: `${d.kind}:${i}`, label: o.label, ...(d.rule ? { rule: d.rule } : {}), command: o.command }));
}

/** K-SKL-8 the medic's re-roll, or the result kept, as buttons (the default first). */
function medicActions(d: PendingDecision): PlayAction[] {
  return d.options.map((o) => ({
    id: `medic:${o.command.reroll ? 'reroll' : 'keep'}`, label: o.label, ...(d.rule ? { rule: d.rule } : {}), command: o.command,
    hint: o.command.reroll ? 'The medic re-rolls the wound test: the second result stands, better or worse' : 'The wound test result stands',
  }));
}

/** A night's lit strip (the Tammerkoski searchlight), drawn on the table while the night lasts: what it lights is seen at any range (K-5.2a). */
function litTemplates(s: KState): PlayTemplate[] {
  const night = nightNow(s);
  const lit = night?.lit;
  if (!night || !lit) return [];
  const dx = lit.b[0] - lit.a[0];
  const dz = lit.b[1] - lit.a[1];
  return [{
    id: `${night.id}:lit`, kind: 'strip', centre: [lit.a[0], lit.a[1]], radius: lit.half, length: Math.hypot(dx, dz),
    facing: (Math.atan2(dx, dz) * 180) / Math.PI, label: 'Searchlight: lit at night', rule: night.rule,
  }];
}

/** The whole HUD model for a Kuularuisku game. */
export function describePlay(s: KState, ctx: DescribeCtx): PlayView {
  const p = phaseOf(s);
  const active = activeUnitOf(s, p);
  const pr = prompt(s, ctx, p);
  const move = p.kind === 'activation' && active ? moveOffer(s, active, ctx.table) : undefined;
  const targets = p.kind === 'activation' && active ? targetsFor(s, active, ctx.table) : [];
  if (p.kind === 'activation') pr.detail = activationDetail(sideName(s, ctx, p.side), s.units[p.activation.unitId]?.name ?? p.activation.unitId, !!move, targets.length > 0);
  // K-1.1b / K-AMB-2 the covering-fire half shoots on its parent's card, with its own targets.
  const half = p.kind === 'activation' && active ? s.units[active]?.coveringHalf : undefined;
  const halfTargets = half && s.units[half] ? targetsFor(s, half, ctx.table) : [];
  const panels: PlayPanel[] = [];
  if (half && halfTargets.length > 0) panels.push({ kind: 'targets', id: 'support', unitId: half, name: s.units[half]!.name, rule: 'K-1.1b', targets: halfTargets });
  const split = p.kind === 'activation' ? splitOffer(s) : undefined;
  if (split) panels.push(split);
  const result = s.tableFlow.result;
  const decision = p.kind === 'choice' && isOwnerChoice(p.choice) ? ownerDecision(s, p.choice) : undefined;
  const templates = litTemplates(s);
  return {
    rulesetId: 'kuularuisku',
    scenarioTitle: ctx.scenario.title,
    sides: ctx.scenario.sides.map((x) => ({ id: x.id, name: x.name, ...(x.colour ? { colour: x.colour } : {}) })),
    prompt: pr,
    units: withVehicles(describeUnits(s), ctx.scenario),
    ...(active ? { activeUnitId: active } : {}),
    actions: describeActions(s, ctx, p),
    ...(move ? { move } : {}),
    targets,
    ...(panels.length > 0 ? { panels } : {}),
    ...(templates.length > 0 ? { templates } : {}),
    ...(decision ? { decision } : {}),
    ...(result ? { victory: { winner: result.winner, reason: result.text, rule: result.rule } } : {}),
  };
}
