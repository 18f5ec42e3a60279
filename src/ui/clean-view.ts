// The presenter's clean view: H in presenter mode hides the tool HUD (toolbar, rails, play panels)
// so the table and the narration card are all that shows; H again, or leaving presenter mode, brings it back.
import { createStore, presenterStore } from '../view';

export const cleanView = createStore(false);

// Leaving presenter mode ends the clean view (it belongs to the presentation).
presenterStore.subscribe(() => {
  if (!presenterStore.get().open && cleanView.get()) cleanView.set(false);
});
