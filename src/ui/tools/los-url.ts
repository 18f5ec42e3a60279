// Keeps the sight line in the address bar (`from`, `to`, `target`: los-link.ts): a page opened with
// one shows that line at once; every change is written back in place (no new history entry).
import { useEffect } from 'react';
import type { ToolController } from '../../view';
import { losFromSearch, searchWithLos } from './los-link';

function sync(tools: ToolController): void {
  const { observer, target, mode } = tools.state.get().los;
  const want = searchWithLos(window.location.search, observer ? { observer, target, mode } : null);
  if (want === window.location.search) return;
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${want}${window.location.hash}`);
}

export function useLosUrl(tools: ToolController): void {
  useEffect(() => {
    try {
      const link = losFromSearch(window.location.search);
      if (link) {
        tools.setTool('los');
        tools.setLosEnds(link.observer, link.target, link.mode);
      }
    } catch (err) {
      tools.setTool('los');
      tools.losError(err instanceof Error ? err.message : String(err));
      return; // keep the link as it came, so the fault can be read in the address bar
    }
    return tools.state.subscribe(() => sync(tools));
  }, [tools]);
}
