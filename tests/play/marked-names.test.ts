// Source marks in unit names ("Red Guard leader (command post in the City Hall tower [design])"):
// the unit cards and the log draw them as the briefing does (tagged, titled marks), and the compact
// places — the turn plate, target lists and labels, action and decision labels — show the name with
// the mark left out (withoutMarks), so a [design] never reads as part of a name.
import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBattlefield, type Battlefield } from '../../src/battlefield';
import { createPlay } from '../../src/app/play';
import { parseScenarioOrThrow, withoutMarks } from '../../src/scenario';
import { GameLog } from '../../src/ui/play/GameLog';
import { UnitCards } from '../../src/ui/play/UnitCards';
import { VictoryDialog } from '../../src/ui/play/VictoryDialog';

const FILE = 'scenarios/kuularuisku/tammerkoski.json';
const scenario = parseScenarioOrThrow(readFileSync(FILE, 'utf8'), FILE);
const LEADER = 'Red Guard leader (command post in the City Hall tower [design])';
let bf: Battlefield;
beforeAll(async () => { bf = await createBattlefield(scenario); });
afterAll(() => bf?.free());

const DESIGN_MARK = '<span class="st-mark st-mark-design" data-mark="design" title="a game choice, not a historical claim">[design]</span>';

describe('marks in unit names', () => {
  it('withoutMarks leaves the mark out and tidies what held it', () => {
    expect(withoutMarks(LEADER)).toBe('Red Guard leader (command post in the City Hall tower)');
    expect(withoutMarks("Second company leader (the rulebook's commissar) [design]")).toBe("Second company leader (the rulebook's commissar)");
    expect(withoutMarks('Mill dam (?): a walkway')).toBe('Mill dam: a walkway');
    expect(withoutMarks('Losses near 1,000 (~, a single source).')).toBe('Losses near 1,000.');
    expect(withoutMarks("Company commander (Grafström's group)")).toBe("Company commander (Grafström's group)");
  });

  it('the unit cards draw the name\'s [design] as a mark', () => {
    const p = createPlay(scenario, bf, { storage: null, seed: 7 });
    const view = p.view.get();
    expect(view.units.find((u) => u.id === 'r_leader')?.name).toBe(LEADER);
    const out = renderToStaticMarkup(createElement(UnitCards, { view, onFocus: () => {} }));
    expect(out).toContain(`<b>Red Guard leader (command post in the City Hall tower ${DESIGN_MARK})</b>`);
    p.dispose();
  });

  it('the log draws a line\'s marks as marks', () => {
    const out = renderToStaticMarkup(createElement(GameLog, {
      view: { sides: [] }, replayAt: null, onRule: () => {},
      log: [{ index: 0, commandIndex: 0, type: 'SHOT_FIRED', text: `${LEADER} fires at Rifle squad 1`, rule: 'K-5.3' }],
    }));
    expect(out).toContain(`Red Guard leader (command post in the City Hall tower ${DESIGN_MARK}) fires at Rifle squad 1`);
  });

  it('the victory dialog draws the winning condition\'s [design] and (?) as marks, with their legend', () => {
    // Kalevankangas' closest-to-1918 tier says it is a game choice and that how far in the Whites got is disputed.
    const k1 = parseScenarioOrThrow(readFileSync('scenarios/kuularuisku/kalevankangas.json', 'utf8'), 'kalevankangas.json');
    const minor = k1.victory!.find((v) => v.text.includes('closest to 1918'))!.text;
    const out = renderToStaticMarkup(createElement(VictoryDialog, {
      view: { sides: k1.sides } as never, victory: { winner: 'white', reason: `Whites — Jäger-led company with a Swedish Brigade squad wins: ${minor}`, rule: 'K-GAP-1' },
      onNewGame: () => {}, onReview: () => {}, onRule: () => {},
    }));
    expect(out).toContain(`closest to 1918 ${DESIGN_MARK}`);
    expect(out).toContain('<span class="st-mark st-mark-uncertain" data-mark="uncertain" title="uncertain or reconstructed for play: not established fact">(?)</span>');
    expect(out).toMatch(/data-testid="victory-marks"[^]*\[design\]<\/span> a game choice, not a historical claim/);
  });
});
