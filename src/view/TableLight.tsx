// The sky, background and lights for the turn on show: the open presenter beat's turn when it names
// one, else the game's turn in play, else the opening turn — so the table brightens at first light.
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { PlayView } from '../game';
import { LIGHTING, lightAt, tableBrightness } from './lighting';
import { lightingProbe } from './lighting-probe';
import { Lights } from './Lights';
import { presenterStore } from './presenter';
import { Sky } from './Sky';
import type { Store } from './store';
import type { TableModel } from './table-model';

const NO_PLAY = { subscribe: () => () => {}, get: () => null };

/** The turn whose light the table shows (null: the opening turn). */
export function turnOnShow(beatTurn: number | undefined, playTurn: number | null): number | null {
  return beatTurn ?? playTurn;
}

export function TableLight({ model, span, play }: { model: TableModel; span: number; play?: Store<PlayView> }) {
  const presenter = useSyncExternalStore(presenterStore.subscribe, presenterStore.get);
  const store = play ?? NO_PLAY;
  const playTurn = useSyncExternalStore(store.subscribe, () => store.get()?.prompt.turn ?? null);
  const beatTurn = presenter.open ? presenter.beats[presenter.index]?.turn : undefined;
  const turn = turnOnShow(beatTurn, playTurn);
  const light = lightAt(model.scenario.conditions, turn);
  const rig = LIGHTING[light];
  useEffect(() => {
    Object.assign(lightingProbe, { light, turn, brightness: tableBrightness(rig) });
  }, [light, turn, rig]);
  const background = useMemo(() => [rig.sky.horizon] as [string], [rig]);
  return (
    <>
      <color attach="background" args={background} />
      <Sky colours={rig.sky} stars={rig.stars} radius={1500 * span} />
      <Lights span={span} rig={rig} />
    </>
  );
}
