// The Game tab's camera setting: whether the camera brings the acting unit into view (key C).
import { followActive, useStore } from '../../view';

export function FollowSetting() {
  const on = useStore(followActive);
  return (
    <label className="st-play-setting" title="At each activation the camera glides so the unit stands clear of the panels (key C)">
      <input type="checkbox" data-testid="follow-active" checked={on} onChange={(e) => followActive.set(e.target.checked)} />
      Camera brings the acting unit into view
    </label>
  );
}
