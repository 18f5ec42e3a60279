// The `?` overlay: every keyboard shortcut and mouse gesture, grouped. Esc or a click outside closes it
// (and Esc then does nothing else).
import { useEffect, useRef } from 'react';
import { useStore } from '../view';
import { shortcutsStore, type Shortcut } from './shortcuts';

export interface HelpOverlayProps {
  onClose: () => void;
}

function Keys({ s }: { s: Shortcut }) {
  return (
    <span className="st-keys">
      {s.keys.map((k, i) => (
        <span key={k}>
          {i > 0 && <span className="st-keys-sep">{s.chord ? '+' : '/'}</span>}
          <kbd>{k}</kbd>
        </span>
      ))}
    </span>
  );
}

export function HelpOverlay({ onClose }: HelpOverlayProps) {
  const groups = useStore(shortcutsStore);
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => closeRef.current?.focus(), []);
  // Esc closes the overlay and nothing else: taken before the table's own Esc (which would deselect
  // the figure behind the overlay) and marked as handled for every later listener.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      e.preventDefault();
      e.stopImmediatePropagation();
      onClose();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [onClose]);
  return (
    <div className="st-help-backdrop" onClick={onClose} data-testid="help-overlay">
      <div className="st-help" role="dialog" aria-modal="true" aria-labelledby="st-help-title" onClick={(e) => e.stopPropagation()}>
        <header>
          <h2 id="st-help-title">Keyboard and mouse</h2>
          <button ref={closeRef} type="button" className="st-icon-btn" onClick={onClose} aria-label="Close help">×</button>
        </header>
        <div className="st-help-groups">
          {groups.map((g) => (
            <section key={g.id}>
              <h3>{g.title}</h3>
              <dl>
                {g.items.map((s) => (
                  <div key={s.label} className="st-help-row">
                    <dt><Keys s={s} /></dt>
                    <dd>{s.label}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}
