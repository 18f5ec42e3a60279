// One way to name a piece of terrain, shared by the rules' refusals and the view's tools: the
// scenario's name, else its kind, never the id.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { featureName, parseScenarioOrThrow } from '../../src/scenario';
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
