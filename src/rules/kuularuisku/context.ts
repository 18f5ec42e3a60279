// What every Kuularuisku rule function receives besides the state, and what it returns.
import type { Dice, TableQueries } from '../../core';
import type { KEvent } from './events';
import type { KGameEvent } from './activation/flow-state';
import { readingAfter } from './sequence/reading';
import type { HouseSettings, KReading, KState } from './state';

/** Table queries and the house values (rules that roll get `dice` too). `house` defaults to the state's. */
export interface KQuery {
  table: TableQueries;
  house?: HouseSettings;
}

export interface KCtx extends KQuery {
  dice: Dice;
  /** K-SKL-1 / K-AMB-18 when the house makes "No retreat!" optional: the hero's owner uses it (default yes). */
  useNoRetreat?: boolean;
}

export type KRefusal = { ok: false; reason: string; rule: string };
export type KResult<T = object> = ({ ok: true; events: KEvent[] } & T) | KRefusal;

export function refuse(rule: string, reason: string): KRefusal {
  return { ok: false, rule, reason };
}

/**
 * The one accumulator: the events of a decision, folded as they are added (reading.ts readingAfter:
 * the table's fold, the sequence's table effects) so that later steps read the state they produce.
 * `trace[i]` is the reading after `events[i]`. A rule's own steps
 * hold rule events (KEvent); the flow's decisions hold its events too (KGameEvent).
 */
export class Steps<E extends KGameEvent = KEvent> {
  readonly events: E[] = [];
  readonly trace: KReading[] = [];
  readonly start: KReading;
  constructor(public state: KReading) {
    this.start = state;
  }
  push(...events: E[]): this {
    for (const e of events) {
      this.events.push(e);
      this.state = readingAfter(this.state, e);
      this.trace.push(this.state);
    }
    return this;
  }
}

/** The house settings in force: the context's when given, else those resolved into the state at setup. */
export function houseOf(s: KState, ctx: { house?: HouseSettings }): HouseSettings {
  return ctx.house ?? s.house;
}
