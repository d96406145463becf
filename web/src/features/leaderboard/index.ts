import { lazy } from 'react';

export const LeaderboardPage = lazy(() => import('./pages/leaderboard-page'));
