/** The posts feature's public surface: plates, feed, post page, upload and lists. */
import { lazyPage } from '../../lib/lazy-page';

export { UploadPlateProvider, useUploadPlate } from './hooks/use-upload-plate';
export { postKeys } from './api/keys';
export { TopRatedPanel } from './components/top-rated-panel';
// Building blocks other features show plates with (profiles list a cook's plates).
export { BrowsePlates, EmptyPanel, PostList, ShareAPlate } from './components/post-list';
export { useInfinitePosts } from './hooks/use-infinite-posts';
export { SavedPlates } from './components/saved-plates';

// Home is the first screen: not lazy. The other pages load on demand.
export { default as HomePage } from './pages/home-page';
export const PostPage = lazyPage(() => import('./pages/post-page'));
export const SavedPage = lazyPage(() => import('./pages/saved-page'));
export const LocationPage = lazyPage(() => import('./pages/location-page'));
export const TopRatedPage = lazyPage(() => import('./pages/top-rated-page'));
