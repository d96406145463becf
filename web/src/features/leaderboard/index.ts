import { lazyPage } from '../../lib/lazy-page';

export const LeaderboardPage = lazyPage(() => import('./pages/leaderboard-page'));
