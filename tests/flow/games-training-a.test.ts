// Random legal games on the training ground, seeds 1–100 (the other half runs in parallel).
import { SOAK, describeGames } from './games';

describeGames('scenarios/sandbox/training-ground.json', 1, SOAK ? Math.ceil(SOAK / 2) : 100);
