/** The users feature's public surface: profiles, follows, blocks, settings and suggestions. */
import { lazyPage } from '../../lib/lazy-page';

export { userKeys } from './api/keys';
// In the desktop right column of every page: small, no form validation code.
export { SuggestedUsersPanel } from './components/suggested-users-panel';

export const ProfilePage = lazyPage(() => import('./pages/profile-page'));
export const DataExportPage = lazyPage(() => import('./pages/data-export-page'));
