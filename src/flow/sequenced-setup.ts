// The setup before the first round (ProgramBase.setup), composed for the alternating and phases
// models: a scenario's stages, the commands of the stage on, who is heard, and a command's events
// with the machine's own after them (SETUP_STEP carrying what each side has left; when the stage is
// over, the next stage that has anything to do, or the setup's end). The machine (sequence-machines.ts)
// decides from those counts who goes next; this file reads them from the stages' pure functions.
import type { Command, Dice, GameEvent, Sequenced, SequenceProgram, SequenceView, SetupStage, TableQueries } from '../core';
import type { ActingSides, Decision } from '../game';
import type { Scenario } from '../scenario';
import { SEQUENCE_EVENTS, stepped, type SequenceMachine } from './sequence-machines';

type Program = Exclude<SequenceProgram<unknown, Scenario, TableQueries>, { model: 'cards' }>;
type Stage = SetupStage<unknown, Scenario, TableQueries>;
type State = Sequenced<unknown>;
type Ctx = { scenario: Scenario; table: TableQueries };

const S = SEQUENCE_EVENTS.setup;
const sideName = (scenario: Scenario, side: string) => scenario.sides.find((x) => x.id === side)?.name ?? side;

const STAGES = new WeakMap<object, WeakMap<object, readonly Stage[]>>();

/** The stages of a scenario's setup (read once per program and scenario object), checked: named once each, no '.', an alternate stage counting what is left. */
export function setupStages(p: Program, scenario: Scenario): readonly Stage[] {
  if (!p.setup) return [];
  let byScenario = STAGES.get(p);
  if (!byScenario) STAGES.set(p, (byScenario = new WeakMap()));
  let stages = byScenario.get(scenario);
  if (!stages) {
    stages = p.setup.stages(scenario);
    stages.forEach((st, i) => {
      const fail = (what: string) => { throw new Error(`setup stage ${i} ('${st.name}'): ${what}`); };
      if (!st.name || st.name.includes('.')) fail('expected a non-empty name without \'.\'');
      if (stages!.findIndex((o) => o.name === st.name) !== i) fail('the name is used by an earlier stage');
      if (st.kind === 'alternate' && !st.left) fail('an alternate stage needs `left` (what each side has still to place)');
    });
    byScenario.set(scenario, stages);
  }
  return stages;
}

/** The stage on now (undefined outside the setup). */
export function stageNow(p: Program, s: State, scenario: Scenario): Stage | undefined {
  return s.seq.setup === undefined ? undefined : setupStages(p, scenario).find((st) => st.name === s.seq.setup);
}

/** What each side has left in an alternate stage (absent for a stage of one command). */
function leftIn(stage: Stage, table: unknown, sides: readonly string[]): Record<string, number> | undefined {
  return stage.left ? Object.fromEntries(sides.map((side) => [side, stage.left!(table, side)])) : undefined;
}

/**
 * From the stage after `from` on: the machine's events that start the next stage with anything to do
 * (one with nothing left on either side is passed over, logged), or end the setup. `s` is at `stageOver`.
 */
export function stagesFrom(p: Program, machine: SequenceMachine, s: State, from: number, scenario: Scenario): GameEvent[] {
  const stages = setupStages(p, scenario);
  const events: GameEvent[] = [];
  let seq = s.seq;
  for (let i = from; i < stages.length; i++) {
    const st = stages[i]!;
    const side = st.side({ table: s.table, seq });
    const left = leftIn(st, s.table, seq.sides);
    const event: GameEvent = { type: S.stage, rule: st.rule, stage: st.name, kind: st.kind, side, ...(left ? { left } : {}), text: `Setup: ${st.title}${side ? ` (${sideName(scenario, side)} first)` : ''}` };
    events.push(event);
    seq = stepped(machine, { table: s.table, seq }, event);
    if (seq.step === 'setup') return events;
  }
  return [...events, { type: S.ended, rule: p.rule.begin, text: 'Setup over' }];
}

/** The sequence a new game starts in: its first stage with anything to do, or between rounds when none has. */
export function setupStart(p: Program, machine: SequenceMachine, table: unknown, between: SequenceView, scenario: Scenario): SequenceView {
  if (!setupStages(p, scenario).length) return between;
  let s: State = { table, seq: { ...between, step: 'stageOver' } };
  for (const e of stagesFrom(p, machine, s, 0, scenario)) s = { table, seq: stepped(machine, s, e) };
  return s.seq;
}

/** The commands of the stage on: its side's, or (a roll any side may make) the first side's. */
export function setupLegal(p: Program, s: State, ctx: Ctx): Command[] {
  const stage = stageNow(p, s, ctx.scenario);
  return stage ? stage.legal(s, s.seq.side ?? s.seq.sides[0]!, ctx) : [];
}

/** Who is heard in the stage on: its side, or any side (a roll). */
export function setupActing(p: Program, s: State, scenario: Scenario): ActingSides {
  const stage = stageNow(p, s, scenario);
  const rule = stage?.rule ?? p.rule.begin;
  return s.seq.side ? { sides: [s.seq.side], rule } : { sides: scenario.sides.map((x) => x.id), rule, anySide: true };
}

/** What the stage on awaits, in words a refusal gives. */
export function setupAwaited(p: Program, s: State, scenario: Scenario): { reason: string; rule: string } {
  const stage = stageNow(p, s, scenario);
  if (!stage) return { reason: 'the setup is under way', rule: p.rule.begin };
  return { reason: `setup: ${s.seq.side ? `${sideName(scenario, s.seq.side)} ` : ''}${stage.title}`, rule: stage.rule };
}

/** A stage's command: the rules' events, the machine's step after them, and the next stage (or the setup's end) when this one is over. */
export function setupResolve(p: Program, machine: SequenceMachine, s: State, c: Command, ctx: Ctx & { dice: Dice }): Decision<GameEvent> {
  const { scenario } = ctx;
  const stages = setupStages(p, scenario);
  const i = stages.findIndex((st) => st.name === s.seq.setup);
  const stage = stages[i];
  if (!stage) return { ok: false, reason: 'no setup stage is on', rule: p.rule.begin };
  if (!s.seq.side && !stage.legal(s, String(c.side), ctx).some((x) => x.type === c.type)) return { ok: false, reason: `${c.type} is not a command of this stage (${stage.title})`, rule: stage.rule };
  if (s.seq.side && c.side !== s.seq.side) return { ok: false, reason: `setup: ${sideName(scenario, s.seq.side)} ${stage.title}`, rule: stage.rule };
  const r = stage.resolve(s, c, ctx);
  if (!r.ok) return r;
  const table = r.events.reduce((t, e) => p.rules.evolve(t, e), s.table);
  const left = leftIn(stage, table, s.seq.sides);
  const counts = left ? Object.entries(left).map(([side, n]) => `${sideName(scenario, side)} ${n}`).join(', ') : '';
  const step: GameEvent = { type: S.step, rule: stage.rule, stage: stage.name, side: c.side, ...(left ? { left } : {}), text: left ? `Setup: left to place: ${counts}` : `Setup: ${stage.name} done` };
  const after: State = { table, seq: stepped(machine, { table, seq: s.seq }, step) };
  if (after.seq.step === 'setup') return { ok: true, events: [...r.events, step] };
  return { ok: true, events: [...r.events, step, ...stagesFrom(p, machine, after, i + 1, scenario)] };
}
