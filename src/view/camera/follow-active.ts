// Whether the camera brings the acting unit into view at each activation (the player's setting, kept
// in the browser): on by default; the play HUD's key C and the Game tab switch it.
import { createStore } from '../store';

const KEY = 'sandtable.camera.followActive';

function stored(): boolean {
  try {
    return globalThis.localStorage?.getItem(KEY) !== 'off';
  } catch {
    return true; // storage disabled by the browser
  }
}

export const followActive = createStore<boolean>(stored());

followActive.subscribe(() => {
  try {
    globalThis.localStorage?.setItem(KEY, followActive.get() ? 'on' : 'off');
  } catch {
    // storage disabled: the setting lasts for this page only
  }
});
