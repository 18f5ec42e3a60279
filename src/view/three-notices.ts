// three.js's console notices, minus one it cannot help: React Three Fiber still builds its frame
// clock from THREE.Clock, which three deprecates (use THREE.Timer) with a warning on every load.
// Every other notice goes to the console as three would send it.
import { setConsoleFunction } from 'three';

/** Notices from the libraries the app is built on, not from the app, that say nothing a player or developer can act on. */
const DEPENDENCY_NOTICES = [/^THREE\.Clock: This module has been deprecated/];

export function quietDependencyNotices(): void {
  setConsoleFunction((level, message, ...rest) => {
    if (DEPENDENCY_NOTICES.some((re) => re.test(message))) return;
    const out = level === 'error' ? console.error : level === 'warn' ? console.warn : console.log;
    out(message, ...rest);
  });
}
