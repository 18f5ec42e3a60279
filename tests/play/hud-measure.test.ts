// The HUD's distance labels read the view's measure through the one formatter: a target's distance and
// a move's allowance show as "12.3 cm" in a ruleset played in cm and "4.8″" in one played in inches.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { PlayView } from '../../src/game';
import { MovePanel } from '../../src/ui/play/MovePanel';
import { TargetList } from '../../src/ui/play/TargetList';

function view(measure: PlayView['measure']): PlayView {
  return {
    rulesetId: 'toy', scenarioTitle: 'Toy', sides: [{ id: 'a', name: 'A' }, { id: 'b', name: 'B' }],
    prompt: { side: 'a', headline: '', detail: '', turn: 1 },
    units: [{ id: 'u', side: 'a', name: 'U', kind: 'squad', status: [], strength: { now: 1, start: 1 }, activated: false, figures: [] }],
    actions: [],
    move: { unitId: 'u', mode: 'normal', allowance: { u_1: { open: 15.24, difficult: 7.62 } }, rules: [], why: [], reach: {}, commandType: 'MOVE' },
    targets: [{ unitId: 't', name: 'Them', side: 'b', distance: 12.3, visible: 1, total: 1, cover: 'open', notes: [], command: { type: 'SHOOT' } }],
    ...(measure ? { measure } : {}),
  };
}

const text = (el: ReturnType<typeof createElement>) => renderToStaticMarkup(el).replace(/<[^>]+>/g, ' ');

describe('distances in the HUD', () => {
  it('in cm (the default): the target at 12.3 cm, the allowance 15.2 / 7.6 cm', () => {
    for (const v of [view(undefined), view('cm')]) {
      expect(text(createElement(TargetList, { view: v, locked: false, onShoot: () => {}, onRule: () => {} }))).toContain('12.3 cm');
      const move = text(createElement(MovePanel, { view: v, refusal: null, onRule: () => {} }));
      expect(move).toContain('15.2 cm');
      expect(move).toContain('7.6 cm');
    }
  });

  it('in inches: the target at 4.8″, the allowance 6.0″ / 3.0″', () => {
    const v = view('inch');
    const targets = text(createElement(TargetList, { view: v, locked: false, onShoot: () => {}, onRule: () => {} }));
    expect(targets).toContain('4.8″');
    expect(targets).not.toContain('cm');
    const move = text(createElement(MovePanel, { view: v, refusal: null, onRule: () => {} }));
    expect(move).toContain('6.0″');
    expect(move).toContain('3.0″');
  });
});
