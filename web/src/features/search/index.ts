/** The search feature's public surface: the header box and the two search pages. */
import { lazy } from 'react';

export { HeaderSearch } from './components/header-search';
export { searchKeys } from './api/keys';

// The pages load on demand; the header box is small and loads its results panel on first focus.
export const SearchPage = lazy(() => import('./pages/search-page'));
export const AdvancedSearchPage = lazy(() => import('./pages/advanced-search-page'));
