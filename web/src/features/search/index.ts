/** The search feature's public surface: the header box and the two search pages. */
import { lazyPage } from '../../lib/lazy-page';

export { HeaderSearch } from './components/header-search';
export { searchKeys } from './api/keys';

// The pages load on demand; the header box is small and loads its results panel on first focus.
export const SearchPage = lazyPage(() => import('./pages/search-page'));
export const AdvancedSearchPage = lazyPage(() => import('./pages/advanced-search-page'));
