import {
  TIMING,
  type LoginBody,
  type LoginResponse,
  type RegisterBody,
  type RegisterResponse,
} from '@plates/common';
import {
  useMutation,
  useQuery,
  useQueryClient,
  type UseMutationResult,
} from '@tanstack/react-query';
import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../../components/ui/use-toast';
import type { ApiError } from '../../../lib/api';
import { connectionMode } from '../../../lib/connection-mode';
import { authStorage } from '../../../lib/storage';
import {
  displayNameOf,
  fetchCurrentUser,
  hasSessionHint,
  login,
  logout,
  pageUser,
  permissionsOf,
  register,
  type AuthUser,
} from '../api/auth-api';
import { authKeys, sessionScopedKeys } from '../api/keys';
import { SignInPromptHost } from '../components/sign-in-prompt-host';

interface AuthContextValue {
  user: AuthUser | null;
  isLoading: boolean;
  isAdmin: boolean;
  /** Staff permissions: every one for an admin, the union of their roles for a moderator, else none. */
  permissions: readonly string[];
  error: Error | null;
  loginMutation: UseMutationResult<LoginResponse, ApiError, LoginBody>;
  registerMutation: UseMutationResult<RegisterResponse, ApiError, RegisterBody>;
  logoutMutation: UseMutationResult<void, never, void>;
  /**
   * Forgets the session on this device and goes to /auth, without calling the server: for when the
   * server has already ended it (a deactivated or deleted account).
   */
  endSession: () => Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/** The session: who is signed in, and the login, register and logout actions. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const userQuery = useQuery<AuthUser | null, Error>({
    queryKey: authKeys.user,
    // Known to be a visitor (the page said so, or the server did) and no sign-in since, here or in
    // another tab: still a visitor, without asking (a window focus or an invalidation would
    // otherwise log the server's 401 in the console). Undecided (no page answer), it asks.
    queryFn: () =>
      queryClient.getQueryData(authKeys.user) === null && !hasSessionHint() ? null : fetchCurrentUser(),
    initialData: pageUser,
    staleTime: TIMING.authUserStaleMs,
    gcTime: TIMING.authUserGcMs,
    refetchOnWindowFocus: true,
    retry: false,
  });

  const loginMutation = useMutation<LoginResponse, ApiError, LoginBody>({
    mutationFn: login,
    onSuccess: ({ token, user }) => {
      if (token) authStorage.setToken(token);
      connectionMode.reset(); // a new sign-in tries the realtime socket again
      authStorage.setUserId(user.id);
      // Lists fetched as a guest lack the viewer's own state (saved, own rating, own pending plates).
      sessionScopedKeys.forEach((queryKey) => queryClient.removeQueries({ queryKey }));
      queryClient.setQueryData(authKeys.user, user);
      toast({ title: 'Login successful', description: `Welcome back, ${displayNameOf(user)}!` });
      // Signed in, /auth sends the member on: back where they were, or home (auth-page.tsx).
    },
  });

  const registerMutation = useMutation<RegisterResponse, ApiError, RegisterBody>({
    mutationFn: register,
    onSuccess: (answer) => {
      toast({
        title: 'Registration successful!',
        description: answer.awaitingApproval
          ? 'Please check your email and verify your account. A moderator will also review it before you can sign in; we will email you.'
          : 'Please check your email and verify your account before logging in.',
      });
    },
  });

  const endSession = useCallback(async () => {
    authStorage.clear();
    queryClient.setQueryData(authKeys.user, null);
    queryClient.removeQueries({
      predicate: (query) => query.queryKey[0] !== authKeys.user[0],
    });
    await Promise.all(
      sessionScopedKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
    void navigate('/auth');
  }, [queryClient, navigate]);

  const logoutMutation = useMutation<void, never, void>({
    mutationFn: async () => {
      try {
        await logout();
      } catch {
        // logout completes on the client even when the server call fails (document 1 §4)
      }
    },
    onSuccess: async () => {
      await endSession();
      toast({ title: 'Logged out', description: 'Logout completed' });
    },
  });

  const user = userQuery.data ?? null;
  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      isLoading: userQuery.isLoading,
      isAdmin: user?.isAdmin === true,
      permissions: permissionsOf(user),
      error: userQuery.error,
      loginMutation,
      registerMutation,
      logoutMutation,
      endSession,
    }),
    [user, userQuery.isLoading, userQuery.error, loginMutation, registerMutation, logoutMutation, endSession],
  );

  return (
    <AuthContext.Provider value={value}>
      {children}
      {/* a visitor's way forward from any page: askToLogIn opens it */}
      <SignInPromptHost />
    </AuthContext.Provider>
  );
}

export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used inside <AuthProvider>');
  return ctx;
}
