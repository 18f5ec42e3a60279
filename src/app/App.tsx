// Composition root of the page: picks the scenario from the URL, loads and validates it, builds the
// battlefield lazily, shows the table (explore, or hot-seat play with its HUD), and keeps
// window.__sandtable up to date for browser tests.
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import type { Battlefield } from '../battlefield';
import type { LengthUnit } from '../core';
import type { Scenario, ScenarioIssue } from '../scenario';
import { cleanView, LoadingPanel, PlayHud, PlayRefused, PlayToggle, ScenarioHeader, ScenarioIssues, ScenarioPicker, StartChoice, TableTools, ToolPanels } from '../ui';
import { loadTableView, ToolController, createStore, toolsHook, useStore, viewProbe, type Store, type TableModel } from '../view';
import { buildBattlefield, rapierWarmUpOf, readScenario } from './load-table';
import { chooseQuality } from './quality';
import { scenarioCatalogue, scenarioIdFromSearch } from './scenario-files';
import { builtTables } from './table-leases';
import { publish } from './test-hook';
import { usePlayMode } from './use-play-mode';
import { buildWorldWhenIdle } from './world-ahead';

// The canvas code (three.js, React Three Fiber) is a chunk of its own, fetched beside the scenario file.
const TableView = lazy(() => loadTableView().then((m) => ({ default: m.TableView })));

type Phase =
  | { kind: 'reading' }
  | { kind: 'missing'; message: string }
  | { kind: 'invalid'; issues: ScenarioIssue[] }
  | { kind: 'building'; scenario: Scenario }
  | { kind: 'ready'; scenario: Scenario; battlefield: Battlefield; unit: LengthUnit }
  | { kind: 'failed'; message: string };

function errorText(err: unknown): string {
  return err instanceof Error ? `${err.name}: ${err.message}` : String(err);
}

/** The store read when no game is on: no table of its own. */
const NO_TABLE = createStore<Battlefield | null>(null);

/** The canvas holds a table built for a game's options while it draws it (table-leases.ts). */
const holdTable = (model: TableModel): (() => void) => builtTables.hold(model as Battlefield);

function useTable(scenarioId: string): Phase {
  const [phase, setPhase] = useState<Phase>({ kind: 'reading' });
  useEffect(() => {
    let cancelled = false;
    let built: Battlefield | undefined;
    setPhase({ kind: 'reading' });
    void loadTableView(); // loads while the scenario is read and its battlefield built
    (async () => {
      const read = await readScenario(scenarioId);
      if (cancelled) return;
      if (!read.ok) {
        setPhase('missing' in read ? { kind: 'missing', message: read.missing } : { kind: 'invalid', issues: read.issues });
        return;
      }
      setPhase({ kind: 'building', scenario: read.scenario });
      const battlefield = await buildBattlefield(read.scenario, rapierWarmUpOf(window.location.search));
      if (cancelled) {
        battlefield.free();
        return;
      }
      built = battlefield;
      setPhase({ kind: 'ready', scenario: read.scenario, battlefield, unit: read.unit });
    })().catch((err: unknown) => {
      console.error(err);
      if (!cancelled) setPhase({ kind: 'failed', message: errorText(err) });
    });
    return () => {
      cancelled = true;
      built?.free();
    };
  }, [scenarioId]);
  return phase;
}

export function App() {
  const [scenarioId, setScenarioId] = useState(() => scenarioIdFromSearch(window.location.search));
  // The picker switches scenario in place and records it in the URL (?scenario=ruleset/slug);
  // Back and Forward follow those entries.
  useEffect(() => {
    const onPop = () => setScenarioId(scenarioIdFromSearch(window.location.search));
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const pickScenario = useCallback((id: string) => {
    const url = new URL(window.location.href);
    url.searchParams.set('scenario', id);
    url.searchParams.delete('beat');
    for (const k of ['from', 'to', 'target']) url.searchParams.delete(k); // a sight line belongs to its scenario
    window.history.pushState(null, '', url);
    setScenarioId(id);
  }, []);
  const picker = <ScenarioPicker current={scenarioId} load={scenarioCatalogue} onPick={pickScenario} />;
  const quality = useMemo(() => chooseQuality(window.location.search, navigator.webdriver === true), []);
  const phase = useTable(scenarioId);
  const clean = useStore(cleanView);

  const fileTable = phase.kind === 'ready' ? phase.battlefield : null;
  const play = usePlayMode(phase.kind === 'ready' ? phase.scenario : null, fileTable);
  const game = play.handle;
  // The table on show: the game's (built from the scenario as played: a terrain switch changes it), else the file's.
  const gameTable = useStore<Battlefield | null>((game?.battlefield as Store<Battlefield | null> | undefined) ?? NO_TABLE);
  const battlefield = gameTable ?? fileTable;
  const rulesetUnit = phase.kind === 'ready' ? phase.unit : undefined;
  const tools = useMemo(() => (battlefield ? new ToolController(battlefield, rulesetUnit) : null), [battlefield, rulesetUnit]);
  // The battlefield whose first frame has been drawn (ready means: built and on screen).
  const [drawn, setDrawn] = useState<Battlefield | null>(null);
  const onFirstFrame = useCallback(() => setDrawn(battlefield), [battlefield]);
  // Once the table shows, its Rapier world is built while the page is idle (not at the first sight line that needs it).
  useEffect(() => (battlefield && drawn === battlefield ? buildWorldWhenIdle(battlefield) : undefined), [battlefield, drawn]);

  useEffect(() => {
    const ready = battlefield !== null && drawn === battlefield;
    publish({
      ready,
      status: ready ? 'ready' : phase.kind === 'ready' ? 'building' : phase.kind,
      scenarioId,
      battlefield,
      view: viewProbe,
      tools: tools ? toolsHook(tools) : null,
      play: game,
      ...(phase.kind === 'invalid' ? { issues: phase.issues } : {}),
      ...(phase.kind === 'missing' || phase.kind === 'failed' ? { error: phase.message } : {}),
    });
  }, [phase, battlefield, drawn, scenarioId, tools, game]);

  switch (phase.kind) {
    case 'reading':
      return <LoadingPanel message={`Reading scenario ${scenarioId}…`} />;
    case 'building':
      return (
        <div className="st-app">
          <LoadingPanel message={`Building the table for ${phase.scenario.title}…`} />
        </div>
      );
    case 'missing':
      return (
        <>
          <ScenarioIssues title="Scenario not found" message={phase.message} />
          <div className="st-problem"><ScenarioPicker inline current={scenarioId} load={scenarioCatalogue} onPick={pickScenario} /></div>
        </>
      );
    case 'invalid':
      return (
        <>
          <ScenarioIssues title={`Scenario ${scenarioId} is not valid`} issues={phase.issues} />
          <div className="st-problem"><ScenarioPicker inline current={scenarioId} load={scenarioCatalogue} onPick={pickScenario} /></div>
        </>
      );
    case 'failed':
      return <ScenarioIssues title="The table could not be built" message={phase.message} />;
    case 'ready':
      return (
        <div className={['st-app', game ? 'st-playing' : '', clean ? 'st-clean' : ''].filter(Boolean).join(' ')} data-clean={clean}>
          <div className="st-canvas">
            <Suspense fallback={null}><TableView model={battlefield ?? phase.battlefield} quality={quality} onFirstFrame={onFirstFrame} tools={tools ?? undefined} play={game ?? undefined} hold={holdTable} /></Suspense>
          </div>
          {!game && <ScenarioHeader scenario={phase.scenario} />}
          <TableTools battlefield={battlefield ?? phase.battlefield}>
            <PlayToggle playing={play.playing} onToggle={play.playing ? play.leave : play.enter} refused={play.unplayable ? `${play.unplayable.title} — ${play.unplayable.reasons.join('; ')}` : undefined} />
          </TableTools>
          {tools && <ToolPanels tools={tools} />}
          {picker}
          {play.refused && play.refusalOpen && <PlayRefused title={play.refused.title} reasons={play.refused.reasons} onDismiss={play.dismissRefusal} />}
          {game && play.resumeFailed && (
            <PlayRefused title={play.resumeFailed.title} reasons={play.resumeFailed.reasons} onDismiss={play.dismissResumeFailed}
              eyebrow="Saved game not resumed" note="A new game has started in its place." action="Play the new game" />
          )}
          {game && play.choosing && !play.resumeFailed && (
            <StartChoice commands={game.resumed?.ok ? game.resumed.commands : 0} saved={game.resumed?.ok === true} choices={game.options.choices} current={game.options.chosen()}
              onResume={play.resume} onNew={play.newGameWith} />
          )}
          {game && !play.choosing && !play.resumeFailed && (
            <PlayHud play={game} saveName={`${scenarioId.replace(/\//g, '-')}-save.json`} onNewGame={play.newGame} onLeave={play.leave} />
          )}
        </div>
      );
  }
}
