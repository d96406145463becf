import { lazy } from 'react';

export const PendingPostsPage = lazy(() => import('./pages/pending-posts-page'));
