// Saves as files: download the game (a Blob URL, nothing leaves the browser) and load one back,
// with the reason shown when a file is refused.
import { useRef, useState } from 'react';
import type { PlaySaves } from './types';

export interface SaveLoadProps {
  saves: PlaySaves;
  fileName: string;
  /** A save was loaded from this file (the HUD confirms it outside the tabs: the dock may turn to Orders at once). */
  onLoaded: (fileName: string) => void;
}

export function SaveLoad({ saves, fileName, onLoaded }: SaveLoadProps) {
  const input = useRef<HTMLInputElement>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const download = () => {
    const url = URL.createObjectURL(new Blob([saves.toJson()], { type: 'application/json' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = fileName;
    document.body.appendChild(a);
    a.click();
    a.remove();
    // The click has started the download; the URL may go once the event loop turns.
    setTimeout(() => URL.revokeObjectURL(url), 0);
    setMessage({ ok: true, text: `Saved as ${fileName}` });
  };
  const load = async (file: File | undefined) => {
    if (!file) return;
    let text: string;
    try {
      text = await file.text();
    } catch (err) {
      setMessage({ ok: false, text: `Could not read ${file.name}: ${String(err)}` });
      return;
    }
    const r = saves.load(text);
    setMessage(r.ok ? { ok: true, text: `Loaded ${file.name}` } : { ok: false, text: `${file.name} was not loaded: ${r.message}` });
    if (r.ok) onLoaded(file.name);
  };
  return (
    <section className="st-play-section" data-testid="save-load">
      <h3>Save</h3>
      <div className="st-actions">
        <button type="button" className="st-btn" data-testid="save-download" onClick={download}>Download save</button>
        <button type="button" className="st-btn" data-testid="save-load-button" onClick={() => input.current?.click()}>Load save…</button>
        <input ref={input} type="file" accept=".json,application/json" hidden data-testid="save-load-input"
          onChange={(e) => { void load(e.target.files?.[0]); e.target.value = ''; }} />
      </div>
      {message && <p className={message.ok ? 'st-hint' : 'st-error'} role={message.ok ? 'status' : 'alert'} data-testid="save-message">{message.text}</p>}
    </section>
  );
}
