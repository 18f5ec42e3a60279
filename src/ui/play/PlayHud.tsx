// The hot-seat play HUD over the table: it renders the controller's PlayView (turn plate, hand-over,
// actions, dice, refusals, dock with orders, units, log, rules and saves, victory) and sends the
// commands the view carries. It decides no rule: every choice shown comes from the PlayView.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { hiddenNames, logForSeat, viewForSeat, type Command, type PlayAction, type PlayUnit } from '../../game';
import { createStore, focusOn, useStore } from '../../view';
import { ActionBar } from './ActionBar';
import { useEdgeVar } from '../edge-var';
import { ChoiceList } from './ChoiceList';
import { DiceTray } from './DiceTray';
import { useFloorsFloor } from './floors-floor';
import { FollowSetting } from './FollowSetting';
import { GameLog } from './GameLog';
import { DecisionPanel } from './DecisionPanel';
import { HandOver } from './HandOver';
import { MovePanel } from './MovePanel';
import { usePlayKeys } from './play-keys';
import { PlayDock, type DockTab } from './PlayDock';
import { PickFiguresPanel } from './PickFiguresPanel';
import { PlayNotice } from './PlayNotice';
import { RefusalToast } from './RefusalToast';
import { ReplayBar } from './ReplayBar';
import { RulesPanel } from './RulesPanel';
import { SaveLoad } from './SaveLoad';
import { StandingChoices } from './StandingChoices';
import { sideLook } from './side-colour';
import { TargetList } from './TargetList';
import { TurnBanner } from './TurnBanner';
import type { PlayHudHandle, PlayRefusal } from './types';
import { unitCentre, UnitCards } from './UnitCards';
import { VictoryDialog } from './VictoryDialog';
import './play.css';

export interface PlayHudProps {
  play: PlayHudHandle;
  /** File name offered for a downloaded save. */
  saveName: string;
  onNewGame: () => void;
  onLeave: () => void;
}

/** Wide screens start with the dock open; small ones keep the table free until a tab is chosen. */
function wideScreen(): boolean {
  return typeof window !== 'undefined' && window.innerWidth >= 900 && window.innerHeight >= 560;
}

/** Rows the dice tray may fill and still end below the table's middle (two on a 400 px high screen, seven on 800). */
function trayRows(): number {
  return typeof window === 'undefined' ? 4 : Math.max(2, Math.floor((window.innerHeight - 250) / 70));
}

export function PlayHud({ play, saveName, onNewGame, onLeave }: PlayHudProps) {
  const live = useStore(play.view);
  // The hot seat: the side that took the screen at the last hand-over (the app shares it with the table).
  const ownSeat = useMemo(() => createStore<string | null>(null), [play]);
  const seat = play.seat ?? ownSeat;
  const ackSide = useStore(seat);
  const setAckSide = seat.set;
  // What that player may see: units the rules hide from their side are not listed anywhere.
  const view = useMemo(() => viewForSeat(live, ackSide), [live, ackSide]);
  const names = useMemo(() => hiddenNames(live, ackSide), [live, ackSide]);
  const rawLog = useStore(play.log);
  const log = useMemo(() => logForSeat(rawLog, names), [rawLog, names]);
  const refusal = useStore(play.lastRefusal);
  const { at: replayAt } = useStore(play.replay.store);
  const [tab, setTab] = useState<DockTab>('orders');
  const [open, setOpen] = useState(wideScreen);
  // Where the bottom column (dice, actions) begins (--st-bottom-top): the floor cutaway bar stands above it.
  const bottom = useRef<HTMLDivElement>(null);
  useEdgeVar(bottom, '--st-bottom-top', 'top');
  // The floor cutaway bar stands above the column's parts under it (--st-floors-floor), not above the tray beside it.
  useFloorsFloor(bottom);
  // A window made small folds the dock (there it would cover the table's middle); a tab opens it again.
  useEffect(() => {
    let wide = wideScreen();
    const onResize = () => {
      const now = wideScreen();
      if (wide && !now) setOpen(false);
      wide = now;
    };
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  const [ruleFocus, setRuleFocus] = useState<string | null>(null);
  const [reviewing, setReviewing] = useState(false);
  const [dismissed, setDismissed] = useState<PlayRefusal | null>(null);
  // Asked of the controller at each render (every command re-publishes the view and the log).
  const canUndo = replayAt === null && play.control.canUndo();

  const side = view.prompt.side;
  const handOver = side !== null && side !== ackSide && replayAt === null && !view.victory;
  const locked = replayAt !== null || handOver || !!view.victory;
  // The controller keeps the latest refusal (of a HUD choice or a drag on the table) and clears it on success.
  const showRefusal = refusal && refusal !== dismissed ? refusal : null;

  const openRule = useCallback((id: string) => {
    setRuleFocus(id);
    setTab('rules');
    setOpen(true);
  }, []);
  const send = useCallback((command: Command) => void play.control.send(command), [play]);
  // A pick-figures panel's pick: shared with the table when the app gives a store (marks, clicks).
  const ownPick = useMemo(() => createStore<string[] | null>(null), [play]);
  const pick = play.picked ?? ownPick;
  const act = useCallback((a: PlayAction) => send(a.command), [send]);
  const undo = useCallback(() => {
    if (!locked && play.control.canUndo()) play.control.undo();
  }, [play, locked]);
  const focusUnit = useCallback((u: PlayUnit) => {
    const c = unitCentre(u);
    if (c) focusOn(c[0], c[1]);
  }, []);

  // The orders (bar, list, number keys) and the standing choices the Game tab offers (a surrender).
  const orders = useMemo(() => view.actions.filter((a) => a.place !== 'game'), [view.actions]);
  const standing = useMemo(() => view.actions.filter((a) => a.place === 'game'), [view.actions]);

  usePlayKeys({
    pick: (n) => {
      const a = orders[n];
      if (!a || locked) return false;
      act(a);
      return true;
    },
    undo,
  });

  // The dice tray starts empty with each unit's activation: the command from which a new unit acts.
  const activeUnit = view.activeUnitId;
  const [trayFrom, setTrayFrom] = useState({ unit: activeUnit, fromCommand: 0 });
  useEffect(() => {
    if (activeUnit && activeUnit !== trayFrom.unit) setTrayFrom({ unit: activeUnit, fromCommand: rawLog[rawLog.length - 1]?.commandIndex ?? 0 });
  }, [activeUnit, trayFrom.unit, rawLog]);
  useEffect(() => setTrayFrom({ unit: undefined, fromCommand: 0 }), [play]);

  // When the unit has targets to choose from, show them.
  const targetCount = view.targets.length;
  const hasMove = view.move !== undefined;
  // A decision asked of a side (an owner's choice) opens the Orders tab too.
  const deciding = view.decision !== undefined;
  const prev = useRef({ targetCount: 0, hasMove: false, deciding: false });
  useEffect(() => {
    if ((targetCount > 0 && prev.current.targetCount === 0) || (hasMove && !prev.current.hasMove) || (deciding && !prev.current.deciding)) setTab('orders');
    prev.current = { targetCount, hasMove, deciding };
  }, [targetCount, hasMove, deciding]);
  // Another game (New game gives a new handle, a loaded save another record): show its result again
  // when it has one, and hand the screen over afresh.
  const restart = useCallback(() => {
    setReviewing(false);
    setAckSide(null);
  }, [setAckSide]);
  useEffect(restart, [play, restart]);

  // "Loaded <file>" outside the tabs: the loaded game may offer a move at once, and then the dock turns
  // to Orders (the player's next step) and the Game tab with its own message is gone. The notice stays
  // in the bottom column, under the hand-over card, until dismissed or until the game's log changes.
  const [notice, setNotice] = useState<{ text: string; logLength: number } | null>(null);
  const loaded = useCallback((fileName: string) => {
    setNotice({ text: `Loaded ${fileName}`, logLength: play.log.get().length });
    restart();
  }, [play, restart]);
  useEffect(() => setNotice(null), [play]);
  useEffect(() => {
    if (notice && rawLog.length !== notice.logLength) setNotice(null);
  }, [notice, rawLog]);

  const review = () => {
    setReviewing(true);
    setTab('log');
    setOpen(true);
    play.replay.seek(0);
  };

  return (
    <div className={open ? 'st-play st-dock-open' : 'st-play'} data-testid="play-hud" data-locked={locked}>
      <TurnBanner view={view} replayAt={replayAt} onLive={() => play.replay.seek(null)} />
      <div ref={bottom} className="st-play-bottom">
        {notice && <PlayNotice text={notice.text} onClose={() => setNotice(null)} />}
        {showRefusal && <RefusalToast refusal={showRefusal} onRule={openRule} onClose={() => setDismissed(showRefusal)} />}
        <DiceTray log={replayAt === null ? log : log.filter((l) => l.index <= replayAt)} fromCommand={replayAt === null ? trayFrom.fromCommand : undefined}
          rows={trayRows()} onRule={openRule} />
        <ActionBar actions={orders} decision={view.decision} locked={locked} canUndo={canUndo} onAction={act} onUndo={undo} onRule={openRule}
          onMore={() => { setTab('orders'); setOpen(true); }} />
      </div>
      <PlayDock tab={tab} open={open} badges={{ orders: targetCount, log: log.length }} onTab={(t) => { setTab(t); setOpen(true); }}
        onToggle={() => setOpen((o) => !o)}>
        {tab === 'orders' && (
          <>
            <p className="st-play-orders-detail">{view.prompt.detail}</p>
            <DecisionPanel view={view} locked={locked} onAnswer={send} onRule={openRule} />
            <MovePanel view={view} refusal={view.move ? showRefusal : null} onRule={openRule} moveFloor={play.moveFloor} locked={locked} />
            <TargetList view={view} locked={locked} onShoot={send} onRule={openRule} />
            {view.panels?.map((p) => p.kind === 'pick-figures' && (
              <PickFiguresPanel key={p.id} view={view} panel={p} locked={locked} check={play.control.check} onSend={send} onRule={openRule} pick={pick} />
            ))}
            {!view.decision && <ChoiceList actions={orders} locked={locked} onAction={act} onRule={openRule} />}
          </>
        )}
        {tab === 'units' && <UnitCards view={view} onFocus={focusUnit} />}
        {tab === 'log' && (
          <>
            <ReplayBar replay={play.replay} />
            <GameLog view={view} log={log} replayAt={replayAt} onRule={openRule} />
          </>
        )}
        {tab === 'rules' && <RulesPanel rules={play.rules} focus={ruleFocus} />}
        {tab === 'game' && (
          <>
            <SaveLoad saves={play.saves} fileName={saveName} onLoaded={loaded} />
            <section className="st-play-section">
              <h3>Game</h3>
              <div className="st-actions">
                <button type="button" className="st-btn" data-testid="game-new" onClick={onNewGame}>New game</button>
                <button type="button" className="st-btn" data-testid="game-leave" onClick={onLeave}>Leave play</button>
              </div>
              <p className="st-hint">Leaving keeps this game in the browser; Play resumes it.</p>
              <FollowSetting />
            </section>
            {standing.length > 0 && <StandingChoices actions={standing} locked={locked} onAction={act} onRule={openRule} />}
          </>
        )}
      </PlayDock>
      {handOver && <HandOver side={sideLook(view, side)} onDismiss={() => setAckSide(side)} />}
      {view.victory && !reviewing && replayAt === null && (
        <VictoryDialog view={view} victory={view.victory} onNewGame={onNewGame} onReview={review} onRule={openRule} />
      )}
    </div>
  );
}
