// The line-of-sight report: observer and target (with their heights, floors and exact points), the
// verdict and distance in the scenario's unit, the first blocker, see-through obstacles, areas
// crossed with the length inside each, and for a unit target each figure's verdicts (FigureVerdicts).
// After a finished line a click changes the target; "New observer" makes the next click the observer.
import { formatLength } from '../../core';
import { type LosReport, type ToolController, featureName, figureName, useToolState } from '../../view';
import { EndBlock } from './EndBlock';
import { FigureVerdicts } from './FigureVerdicts';
import { LosLinkButton } from './LosLinkButton';
import { ToolIcon } from './ToolIcon';
import { ToolPanel } from './ToolPanel';

export interface LosPanelProps {
  tools: ToolController;
}

function verdict(report: LosReport): { kind: 'clear' | 'partial' | 'blocked'; word: string } {
  const figs = report.figures;
  if (figs.length === 0) return report.result.clear ? { kind: 'clear', word: 'Clear' } : { kind: 'blocked', word: 'Blocked' };
  const seen = figs.filter((f) => f.visibleCount > 0).length;
  if (figs.every((f) => f.fraction === 1)) return { kind: 'clear', word: 'Clear' };
  if (seen === 0) return { kind: 'blocked', word: 'Blocked' };
  return { kind: 'partial', word: figs.length > 1 ? `${seen} of ${figs.length} seen` : 'Partly seen' };
}

function Verdict({ report, unit }: { report: LosReport; unit: 'cm' | 'in' }) {
  const { kind, word } = verdict(report);
  return (
    <div className={`st-verdict ${kind}`} data-testid="los-verdict" data-clear={report.result.clear}>
      <span>{word.toUpperCase()}</span>
      <small>{formatLength(report.result.distance, unit)}</small>
    </div>
  );
}

export function LosPanel({ tools }: LosPanelProps) {
  const los = useToolState(tools, (s) => s.los);
  const scenario = tools.model.scenario;
  const unit = tools.lengthUnit;
  const r = los.report;
  const name = (id: string) => featureName(scenario, id);
  return (
    <ToolPanel label="Line of sight" testId="los-panel">
      <header>
        <h2>Line of sight</h2>
        {(los.observer || los.target) && (
          <button type="button" className="st-icon-btn" aria-label="Clear the sight line" title="Clear" onClick={() => tools.clearLos()}>×</button>
        )}
      </header>
      {!los.first && <p className="st-hint">Click the observer: a figure, the ground, or a building's floor, roof or wall (then choose its floor and where to stand).</p>}
      {los.first && <EndBlock tools={tools} role="Observer" name="observer" end={r ? r.observer : los.first} eye />}
      {los.first && (
        <div className="st-actions">
          <button type="button" className="st-btn" aria-pressed={los.next === 'observer'} data-testid="los-new-observer" onClick={() => tools.newObserver()}
            title="The next click picks a new observer; the target stays">
            <span>New observer</span>
          </button>
        </div>
      )}
      {los.first && los.next === 'observer' && <p className="st-hint" data-testid="los-hint">Click the new observer; the target stays.</p>}
      {los.first && los.next === 'target' && <p className="st-hint" data-testid="los-hint">{los.target ? 'Click to change the target; the observer stays.' : 'Now click the target: a point, or a figure (its whole unit).'}</p>}
      {r && (
        <EndBlock tools={tools} role={r.target.unitId ? (los.mode === 'unit' ? 'Target unit' : 'Target figure') : 'Target point'} name="target" end={r.target}
          eye extra={r.target.unitId && los.mode === 'unit' && r.figures.length > 1 ? `${r.figures.length} figures` : undefined} />
      )}
      {r?.target.figureId && (tools.figures.get(r.target.figureId)?.unit.figures.length ?? 1) > 1 && (
        <div className="st-seg" role="group" aria-label="Target">
          <span className="st-seg-label">Target</span>
          <button type="button" className="st-btn" aria-pressed={los.mode === 'unit'} data-testid="target-unit" onClick={() => tools.setTargetMode('unit')}>Whole unit</button>
          <button type="button" className="st-btn" aria-pressed={los.mode === 'figure'} data-testid="target-figure" onClick={() => tools.setTargetMode('figure')}>Figure</button>
        </div>
      )}
      {los.error && <p className="st-error" role="alert">{los.error}</p>}
      {r && (
        <>
          <Verdict report={r} unit={unit} />
          <dl className="st-facts" data-testid="los-facts">
            {r.result.blocker && (
              <>
                <dt>Blocked by</dt>
                <dd data-testid="los-blocker">
                  {name(r.result.blocker.featureId)} · {r.result.blocker.kind} {r.result.blocker.part} at {formatLength(r.result.blocker.distance, unit)}
                </dd>
              </>
            )}
            {r.result.crossed.length > 0 && (
              <>
                <dt>Sees past</dt>
                <dd>{r.result.crossed.map((c) => `${name(c.featureId)} (${c.kind})`).join(', ')}</dd>
              </>
            )}
            {r.result.areas.map((a, i) => (
              <span key={a.featureId} style={{ display: 'contents' }}>
                <dt>{i === 0 ? 'Through' : ''}</dt>
                <dd data-testid="los-area">{name(a.featureId)} ({a.kind}) · {formatLength(a.length, unit)}</dd>
              </span>
            ))}
          </dl>
          {r.figures.length > 0 && <FigureVerdicts figures={r.figures} />}
          <div className="st-actions">
            <button type="button" className="st-btn" data-testid="los-eye" onClick={() => tools.eyeFromObserver()} title="Look from the observer's eye toward the target (I)">
              <ToolIcon name="eye" /><span>Eye view</span>
            </button>
            <button type="button" className="st-btn" onClick={() => tools.swapLos()} title="Swap observer and target">
              <ToolIcon name="swap" /><span>Swap</span>
            </button>
            <LosLinkButton tools={tools} />
          </div>
        </>
      )}
    </ToolPanel>
  );
}
