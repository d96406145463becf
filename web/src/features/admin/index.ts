import { lazyPage } from '../../lib/lazy-page';

export const PendingPostsPage = lazyPage(() => import('./pages/pending-posts-page'));
export const IpBlockingPage = lazyPage(() => import('./pages/ip-blocking-page'));
export const SecurityPage = lazyPage(() => import('./pages/security-page'));
