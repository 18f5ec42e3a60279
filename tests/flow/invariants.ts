// Invariants of a whole Kuularuisku game, checked from its state and its event log: figures on the
// table and out of walls, wounds consistent, at most one activation per unit and turn, every event
// citing a rule, the game ended within its turn limit, and the save replaying to the same hash; and,
// after every command of any sequenced ruleset, that its rules and its sequence machine agree.
import { hashValue, type Command, type Sequenced, type SequenceProgram, type TableQueries } from '../../src/core';
import { roleOf } from '../../src/flow/sequenced';
import { rolesNow, sequenceMachineFor } from '../../src/flow/sequence-machines';
import { loadSave, makeSave, type GameEvent, type GameSession, type Ruleset } from '../../src/game';
import { turnLimitOf, type KGameState } from '../../src/rules/kuularuisku/engine';
import type { Scenario } from '../../src/scenario';

const FIGURE_HEIGHT = 1.7;

/** Figures that moved in these events and stand on the table must be on it and in no solid. */
export function placementViolations(s: KGameState, table: TableQueries, events: readonly GameEvent[]): string[] {
  const out: string[] = [];
  const { width, depth } = table.scenario.table;
  const moved = new Set<string>();
  for (const e of events) {
    const moves = (e.type === 'FIGURES_MOVED' || e.type === 'CHARGE_COLLAPSED') ? (e.moves as Array<{ figureId: string }>) : [];
    for (const m of moves) moved.add(m.figureId);
  }
  for (const id of moved) {
    const f = s.figures[id];
    if (!f || f.removed) continue;
    if (f.at[0] < 0 || f.at[1] < 0 || f.at[0] > width || f.at[1] > depth) out.push(`${id} is off the table at (${f.at.join(', ')}) but was not removed`);
    const clash = table.bodyClashes({ id, at: f.at, floor: f.floor, radius: f.baseRadius, height: FIGURE_HEIGHT });
    if (clash.length) out.push(`${id} stands inside ${clash.map((c) => `${c.featureId} (${c.part})`).join(', ')} at (${f.at.join(', ')}) floor ${f.floor}`);
  }
  return out;
}

/** Wounds, conditions and unit membership agree with the log. */
export function woundViolations(s: KGameState, events: readonly GameEvent[]): string[] {
  const out: string[] = [];
  const allocated = new Map<string, number>();
  const lastTest = new Map<string, string>();
  for (const e of events) {
    if (e.type === 'WOUNDS_ALLOCATED') for (const [id, n] of Object.entries(e.allocation as Record<string, number>)) allocated.set(id, (allocated.get(id) ?? 0) + n);
    if (e.type === 'WOUND_TEST') lastTest.set(e.figureId as string, e.condition as string);
  }
  for (const f of Object.values(s.figures)) {
    if (f.wounds !== (allocated.get(f.id) ?? 0)) out.push(`${f.id} has ${f.wounds} wounds, the log allocated ${allocated.get(f.id) ?? 0}`);
    const tested = lastTest.get(f.id);
    if (tested && f.removed !== 'executed' && tested !== f.condition) out.push(`${f.id} is ${f.condition}, its last wound test made it ${tested}`);
    if (!tested && f.condition !== 'healthy' && f.removed !== 'executed') out.push(`${f.id} is ${f.condition} without a wound test`);
    if ((f.condition === 'dead') !== (f.removed === 'killed' || f.removed === 'executed')) out.push(`${f.id}: condition ${f.condition} but removed ${f.removed ?? 'no'}`);
    if (f.wounds > 0 && !tested && f.condition === 'healthy' && f.removed !== 'executed') out.push(`${f.id} has wounds but no wound test`);
  }
  for (const u of Object.values(s.units)) {
    for (const id of u.figures) {
      const f = s.figures[id];
      if (!f) out.push(`${u.id} lists a figure ${id} that does not exist`);
      else if (f.removed) out.push(`${u.id} still lists ${id}, removed (${f.removed})`);
      else if (f.unitId !== u.id) out.push(`${u.id} lists ${id}, who belongs to ${f.unitId}`);
    }
  }
  for (const f of Object.values(s.figures)) {
    if (f.removed || f.evacuation) continue;
    if (!s.units[f.unitId]?.figures.includes(f.id)) out.push(`${f.id} is on the table but not in ${f.unitId}'s list`);
  }
  return out;
}

/** K-2.0b at most one activation per unit and turn, counted from the log. */
export function activationViolations(events: readonly GameEvent[]): string[] {
  const out: string[] = [];
  let turn = 0;
  let count = new Map<string, number>();
  const bump = (id: string) => {
    const n = (count.get(id) ?? 0) + 1;
    count.set(id, n);
    if (n > 1) out.push(`turn ${turn}: ${id} activated ${n} times`);
  };
  for (const e of events) {
    if (e.type === 'TURN_STARTED') {
      turn = e.turn as number;
      count = new Map();
    }
    if (e.type === 'ACTIVATION_STARTED') for (const id of e.units as string[]) bump(id);
    if (e.type === 'COMMAND_ISSUED') bump(e.leaderId as string);
  }
  return out;
}

/** Every event cites a rule id and has a log line. */
export function citationViolations(events: readonly GameEvent[]): string[] {
  return events.filter((e) => !e.rule || !/^K-/.test(e.rule) || !e.text).slice(0, 5).map((e) => `${e.type} without a K- rule id or text: ${JSON.stringify(e).slice(0, 160)}`);
}

// A game of the composed module: its table beside the machine's sequence.
type KSessionLike = GameSession<{ table: KGameState; seq: { round: number } }, never, GameEvent, TableQueries>;

/** All invariants of a finished game, and the replay of its save. */
export function gameViolations(g: KSessionLike, scenario: Scenario, table: TableQueries, ruleset: Ruleset<KSessionLike['state'], never, GameEvent, TableQueries>, replay: boolean): string[] {
  const events = g.events;
  const out = [...woundViolations(g.state.table, events), ...activationViolations(events), ...citationViolations(events)];
  const result = g.victory();
  if (!result) out.push('the game did not end');
  if (g.state.seq.round > turnLimitOf(scenario, g.state.table.house)) out.push(`turn ${g.state.seq.round} is past the limit`);
  // state = fold(evolve, events): the plain fold of the whole log gives the session's state.
  if (hashValue(g.stateAt(events.length)) !== g.stateHash()) out.push('folding the event log gives another state than the session holds');
  if (replay) {
    const save = JSON.parse(JSON.stringify(makeSave(g)));
    const back = loadSave(save, 'game.json', scenario, ruleset, table);
    if (back.stateHash() !== g.stateHash()) out.push('the save replays to another state');
  }
  return out;
}

type AnyProgram = SequenceProgram<unknown, Scenario, TableQueries>;
type AnySequenced = Sequenced<unknown>;

/** The sequence's own command roles a step that takes one always lists a command of (the others hang on the table: an activation's options, a leader's reach, readiness). */
const ALWAYS_LISTED = new Set(['begin', 'draw', 'resolve', 'pass', 'declare', 'end', 'select', 'endPhase']);

/**
 * The rules and the sequence machine agree on the step (the machine takes a command only in a step
 * whose meta takes its role, sequenced.ts), checked on the session after every command:
 * - each listed legal command is of a role the machine's step takes (only answers while a decision
 *   is open) and, one of the sequence's own (not an action of the rules), the session accepts;
 * - each of the sequence's own roles the step takes has a listed command (ALWAYS_LISTED).
 * (An activation may list nothing: a ruleset need not list its moves and shots, which its player builds.)
 */
export function sequenceViolations(program: AnyProgram, session: GameSession<AnySequenced, Command, GameEvent, TableQueries>): string[] {
  const out: string[] = [];
  const machine = sequenceMachineFor(program as SequenceProgram<unknown, unknown, unknown>);
  const now = session.state;
  const roles = rolesNow(machine, now);
  const open = session.pendingDecision();
  const legal = session.legalCommands();
  const listed = new Set<string>();
  for (const c of legal) {
    const role = roleOf(program, c.type);
    if (role) listed.add(role);
    const actionAsResolve = role === 'resolve' && roles.includes('action') && program.rules.actionTypes.includes(c.type);
    if (!role || (open ? role !== 'answer' : !roles.includes(role) && !actionAsResolve)) {
      out.push(`${c.type} is listed legal at the ${now.seq.step} step, which takes ${open ? 'only answers' : roles.join(', ') || 'nothing'}`);
      continue;
    }
    if (role === 'action') continue; // the rules' own: random play sends them, the checked seeds expect each taken
    const r = session.check(c);
    if (!r.ok) out.push(`${c.type} is listed legal at the ${now.seq.step} step but refused: ${r.reason}`);
  }
  // The sides due in an activation (what ending it reads) carry every legal action.
  const due = !open && now.seq.step === 'activation' ? program.rules.actionSides?.(now) : undefined;
  if (due) for (const c of legal) if (roleOf(program, c.type) === 'action' && !due.includes(String(c.side))) out.push(`${c.type} of ${String(c.side)} is listed legal in the activation, but the sides due are ${due.join(', ')}`);
  if (!open && !session.victory()) {
    for (const role of roles) if (ALWAYS_LISTED.has(role) && !listed.has(role)) out.push(`the ${now.seq.step} step takes ${role} but no such command is listed`);
  }
  return out;
}
