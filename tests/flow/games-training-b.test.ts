// Random legal games on the training ground, seeds 101–200.
import { SOAK, describeGames } from './games';

describeGames('scenarios/sandbox/training-ground.json', SOAK ? Math.ceil(SOAK / 2) + 1 : 101, SOAK || 200);
