/** The auth feature's public surface; src/app composes it. */
import { lazyPage } from '../../lib/lazy-page';

export { AuthProvider, useAuth } from './hooks/use-auth';
export { RequireAuth } from './components/require-auth';
export { displayNameOf, normalizeUser, type AuthUser } from './api/auth-api';
export { authKeys } from './api/keys';
// What the signed-in viewer may do: plates, ratings and comments ask the same questions.
export { askToLogIn, isOwner } from './lib/viewer';
// /auth with the way back: a link for a visitor to sign in and return to the page they are on.
export { currentPath, signInPath } from './lib/return-to';

// Route pages load on demand so the first visit to / ships little JavaScript.
export const AuthPage = lazyPage(() => import('./pages/auth-page'));
export const VerifyEmailPage = lazyPage(() => import('./pages/verify-email-page'));
export const ForgotPasswordPage = lazyPage(() => import('./pages/forgot-password-page'));
export const ResetPasswordPage = lazyPage(() => import('./pages/reset-password-page'));
export const SessionPage = lazyPage(() => import('./pages/session-page'));
export { signInPromptStore } from './lib/sign-in-prompt';
