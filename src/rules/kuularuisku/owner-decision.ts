// An owner's decision as the game hands it out: the question and answers (activation/wound-choice.ts)
// with the unit it concerns, so that the view brings that unit into view without reading the question.
import type { PendingDecision } from '../../core';
import { ownerDecision } from './activation/wound-choice';
import type { KOwnerChoice } from './flow-types';
import type { KState } from './state';

/** The owner's decision now, carrying the unit it is about (the unit hit, the leader, the wounded man's or escort's unit). */
export function ownerDecisionAbout(s: KState, c: KOwnerChoice): PendingDecision {
  return { ...ownerDecision(s, c), unitId: c.unitId };
}
