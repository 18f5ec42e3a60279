// "Copy link": the address of this verdict (scenario, observer, target) to send; opening it shows
// the same line. The link is also shown, selected, for when the clipboard is not allowed.
import { useState } from 'react';
import { type ToolController } from '../../view';
import { ToolIcon } from './ToolIcon';
import { searchWithLos } from './los-link';

/** The page's address with the current sight line in it. */
export function losLinkHref(tools: ToolController): string {
  const { observer, target, mode } = tools.state.get().los;
  const search = searchWithLos(window.location.search, observer ? { observer, target, mode } : null);
  return `${window.location.origin}${window.location.pathname}${search}`;
}

export function LosLinkButton({ tools }: { tools: ToolController }) {
  const [link, setLink] = useState<string | null>(null);
  const copy = () => {
    const href = losLinkHref(tools);
    setLink(href);
    void navigator.clipboard?.writeText(href).catch(() => undefined);
  };
  return (
    <>
      <button type="button" className="st-btn" data-testid="los-copy-link" onClick={copy} title="Copy a link that opens this sight line">
        <ToolIcon name="link" /><span>Copy link</span>
      </button>
      {link && (
        <input className="st-input st-link-out" readOnly value={link} data-testid="los-link" aria-label="Link to this sight line"
          ref={(el) => el?.select()} onFocus={(e) => e.target.select()} />
      )}
    </>
  );
}
