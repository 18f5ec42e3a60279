// Where a COBI game stands, in words: the side to act, what is awaited, the headline.
import type { CState } from '../state';

export function cobiPhase(s: CState): { side: string | undefined; awaiting: string; label: string } {
  const { step, round, side } = s.seq;
  if (step === 'over') return { side: undefined, awaiting: 'over', label: 'The game is over' };
  if (step === 'between') return { side: undefined, awaiting: 'between-rounds', label: `Round ${round + 1}: roll for the initiative` };
  if (step === 'end' || !side) return { side: undefined, awaiting: 'round-end', label: `Round ${round}: end the round` };
  const acting = step === 'activation';
  return { side, awaiting: acting ? 'action' : 'pick', label: `Round ${round}: ${acting ? 'the activated squad acts' : 'activate a squad'}` };
}
