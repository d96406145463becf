import { lazyPage } from '../../lib/lazy-page';

export const PendingPostsPage = lazyPage(() => import('./pages/pending-posts-page'));
export const ContentFiltersPage = lazyPage(() => import('./pages/content-filters-page'));
