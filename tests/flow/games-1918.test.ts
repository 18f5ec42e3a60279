// Random legal games on the 1918 scenarios: a few seeds each in CI (a game there costs seconds of
// sight lines and path checks); SANDTABLE_GAME_SEEDS=200 for the full soak.
import { KUULARUISKU_SCENARIOS, SOAK, describeGames } from './games';

// Their saves replay every other seed (a replay costs about as much as the game).
for (const file of KUULARUISKU_SCENARIOS) describeGames(file, 1, SOAK || 6, 2);
