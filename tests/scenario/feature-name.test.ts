// One way to name a piece of terrain (and a special rule), shared by the rules' texts and the view's tools: the
// scenario's name, else its kind, never the id.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { featureName, parseScenarioOrThrow, specialRuleName } from '../../src/scenario';
import { featureName as viewFeatureName } from '../../src/view/tools';

const features = [
  { id: 'b_mortuary', kind: 'building', name: 'Stone mortuary' },
  { id: 'hameensilta', kind: 'bridge', name: 'Hämeensilta bridge (barricaded at its west end; a demolition charge on the span)' },
  { id: 'barn', kind: 'building', name: 'Hay barn: White aid post' },
  { id: 'theatre', kind: 'building', name: 'Tampere Theatre (1912), 3 storeys: the key elevated position over the bridge' },
  { id: 'orchard_3', kind: 'orchard' },
  { id: 'w_1', kind: 'wall', name: '' },
];

describe('featureName', () => {
  it('gives the scenario\'s name for a named feature', () => {
    expect(featureName({ features }, 'b_mortuary')).toBe('Stone mortuary');
  });

  it('leaves out the description after the name (a bracket, a colon or a comma)', () => {
    expect(featureName({ features }, 'hameensilta')).toBe('Hämeensilta bridge');
    expect(featureName({ features }, 'barn')).toBe('Hay barn');
    expect(featureName({ features }, 'theatre')).toBe('Tampere Theatre');
  });

  it('calls an unnamed feature by its kind, with the right article, never by its id', () => {
    expect(featureName({ features }, 'orchard_3')).toBe('an orchard');
    expect(featureName({ features }, 'w_1')).toBe('a wall');
    expect(featureName({ features }, 'nowhere')).toBe('a piece of terrain');
  });

  it('is the one function the view\'s tools use too', () => {
    expect(viewFeatureName).toBe(featureName);
  });

  it('names every feature of a shipped scenario by the name it gives', () => {
    const s = parseScenarioOrThrow(readFileSync('scenarios/kuularuisku/tammerkoski.json', 'utf8'), 'tammerkoski.json');
    for (const f of s.features) {
      const name = featureName(s, f.id);
      expect(name).not.toBe(f.id);
      if ('name' in f && f.name) expect(f.name.startsWith(name)).toBe(true);
    }
  });
});

describe('specialRuleName', () => {
  it('reads a special rule by the title its text opens with, never its id', () => {
    expect(specialRuleName({ text: 'Bridge demolition [design]. Once in the game, a Red unit …' })).toBe('Bridge demolition');
    expect(specialRuleName({ text: 'Night, turns 1–4 [design]. Sight is limited to 30 cm …' })).toBe('Night, turns 1–4');
    expect(specialRuleName({ text: 'Optional sapper pair (on unless the players leave it out): the brief …' })).toBe('Optional sapper pair');
    expect(specialRuleName({ text: 'Optional bite (off unless the players switch it on) [design]: white-clad Swedes …' })).toBe('Optional bite');
    expect(specialRuleName({ text: 'Who holds the felt factory? [design] The Red player …' })).toBe('Who holds the felt factory?');
    expect(specialRuleName({ text: 'Aid posts. Wounded may be carried …' })).toBe('Aid posts');
  });

  it('says "a scenario rule" when the text opens with no title', () => {
    expect(specialRuleName({ text: '' })).toBe('a scenario rule');
    expect(specialRuleName({ text: `${'a very long sentence without any stop '.repeat(3)}and so on` })).toBe('a scenario rule');
  });
});
