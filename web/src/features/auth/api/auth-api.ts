import type {
  CommunityStats,
  EmailBody,
  LoginBody,
  LoginResponse,
  MaintenanceResponse,
  MessageResponse,
  RegisterBody,
  RegisterResponse,
  ResetPasswordBody,
  SessionDetails,
  SessionUser,
  StrikeDto,
  StrikesResponse,
  VerifyEmailBody,
} from '@plates/common';
import { PERMISSIONS, VIEWER_PATH } from '@plates/common';
import { apiRequest, isApiError } from '../../../lib/api';
import { authStorage } from '../../../lib/storage';
import { takePageAnswer } from '../../../lib/page-data';

/**
 * The session user as the client keeps it. The server may send snake_case fields
 * (profile_image, is_admin); they are mapped, and the username "Admin" is always an admin on the
 * client (document 1 §3).
 */
export type AuthUser = SessionUser;

type RawUser = Partial<SessionUser> & {
  id: number;
  username: string;
  profile_image?: string | null;
  is_admin?: boolean | number | string | null;
  display_name?: string | null;
};

export function normalizeUser(raw: RawUser): AuthUser {
  const { profile_image, is_admin, display_name, ...rest } = raw;
  const adminFlag = rest.isAdmin ?? is_admin;
  const isAdmin =
    raw.username === 'Admin' || adminFlag === true || adminFlag === 1 || adminFlag === 'true';
  return {
    displayName: null,
    email: '',
    bio: null,
    location: null,
    emailVerified: false,
    isVerified: false,
    isPrivate: false,
    chatEnabled: true,
    points: 0,
    level: 1,
    createdAt: '',
    ...rest,
    ...(rest.displayName === undefined && display_name !== undefined ? { displayName: display_name } : {}),
    profileImage: rest.profileImage ?? profile_image ?? null,
    isAdmin,
  };
}

const NONE: readonly string[] = [];

/** What the user may do in the admin area: an admin everything, staff what their roles grant. */
export function permissionsOf(user: AuthUser | null): readonly string[] {
  if (!user) return NONE;
  return user.isAdmin ? PERMISSIONS : (user.permissions ?? NONE);
}

export function displayNameOf(user: Pick<AuthUser, 'displayName' | 'username'>): string {
  return user.displayName?.trim() || user.username;
}

/** The user the page was served for (null: a visitor); undefined when the page did not say. */
export function pageUser(): AuthUser | null | undefined {
  const raw = takePageAnswer<RawUser | null>(VIEWER_PATH);
  return raw === undefined ? undefined : raw && normalizeUser(raw);
}

/**
 * GET /api/user: the signed-in user, or null when the session is missing (401). A 401 also
 * forgets the stored token and user id, which belong to a session that has ended (expired, or
 * signed out elsewhere): kept, each later page would distrust its own "visitor" answer because of
 * them and ask again, logging the 401 in the console on every load.
 */
export async function fetchCurrentUser(): Promise<AuthUser | null> {
  const token = authStorage.getToken();
  try {
    const raw = await apiRequest<RawUser | null>('GET', '/api/user');
    return raw ? normalizeUser(raw) : null;
  } catch (error) {
    if (isApiError(error) && error.status === 401) {
      // (unless a sign-in stored a new token while this request was out)
      if (authStorage.getToken() === token) authStorage.clear();
      return null;
    }
    throw error;
  }
}

/**
 * Whether this browser holds any sign of a session: a stored token or user id (a sign-in in this
 * tab or another). Without one, a visitor's check of who is signed in is not sent: its 401 is
 * the only answer it could get, and the browser logs every 401 as a console error.
 */
export function hasSessionHint(): boolean {
  return authStorage.getToken() !== null || authStorage.getUserId() !== null;
}

export async function login(body: LoginBody): Promise<LoginResponse> {
  const answer = await apiRequest<LoginResponse | (RawUser & { token?: string })>(
    'POST',
    '/api/login',
    body,
  );
  // The specification allows {token, user} or the user fields directly beside the token.
  if ('user' in answer && answer.user) {
    return { token: answer.token, user: normalizeUser(answer.user) };
  }
  const { token, ...user } = answer as RawUser & { token?: string };
  return { token: token ?? '', user: normalizeUser(user) };
}

/** Registration never sends confirmPassword and does not sign in. */
export function register(body: RegisterBody): Promise<RegisterResponse> {
  const payload: RegisterBody = {
    username: body.username,
    email: body.email,
    password: body.password,
  };
  if (body.displayName) payload.displayName = body.displayName;
  return apiRequest<RegisterResponse>('POST', '/api/register', payload);
}

export function logout(): Promise<MessageResponse | null> {
  return apiRequest<MessageResponse | null>('POST', '/api/logout');
}

export function logoutEverywhere(): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('POST', '/api/auth/logout-everywhere');
}

/** The session as the server sees it, and how far this device's clock is from the server's. */
export interface MeasuredSession extends SessionDetails {
  /** Server clock minus this device's, in ms, taken at the middle of the round trip. */
  clockOffsetMs: number;
  roundTripMs: number;
}

export async function fetchSessionDetails(): Promise<MeasuredSession> {
  const sent = Date.now();
  const details = await apiRequest<SessionDetails>('GET', '/api/auth/session');
  const received = Date.now();
  return {
    ...details,
    clockOffsetMs: Date.parse(details.serverTime) - (sent + received) / 2,
    roundTripMs: received - sent,
  };
}

/** Any failure counts as "not in maintenance" (document 1 §7). */
const MAINTENANCE_PATH = '/api/system/maintenance';
const COMMUNITY_STATS_PATH = '/api/stats/community';

function toMaintenance(answer: MaintenanceResponse | null | undefined): MaintenanceResponse {
  const registration = answer?.registration;
  return {
    maintenance: answer?.maintenance === true,
    ...(answer?.message ? { message: answer.message } : {}),
    ...(registration === 'approval' || registration === 'closed' ? { registration } : {}),
  };
}

export async function fetchMaintenance(): Promise<MaintenanceResponse> {
  try {
    return toMaintenance(await apiRequest<MaintenanceResponse | null>('GET', MAINTENANCE_PATH));
  } catch {
    return { maintenance: false };
  }
}

/** The maintenance flag the page was served with, if it carries one. */
export function pageMaintenance(): MaintenanceResponse | undefined {
  const answer = takePageAnswer<MaintenanceResponse>(MAINTENANCE_PATH);
  return answer === undefined ? undefined : toMaintenance(answer);
}

export function fetchCommunityStats(): Promise<CommunityStats> {
  return apiRequest<CommunityStats>('GET', COMMUNITY_STATS_PATH);
}

/** The community's figures the page was served with, if it carries them. */
export const pageCommunityStats = () => takePageAnswer<CommunityStats>(COMMUNITY_STATS_PATH);

export function requestVerification(body: EmailBody): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('POST', '/api/auth/request-verification', body);
}

export function verifyEmail(body: VerifyEmailBody): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('POST', '/api/auth/verify-email', body);
}

export function forgotPassword(body: EmailBody): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('POST', '/api/auth/forgot-password', body);
}

export function resetPassword(body: ResetPasswordBody): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('POST', '/api/auth/reset-password', body);
}

/** A suspended member's strikes, read with the appeal pass their refused sign-in answered. */
export function fetchStrikesWithPass(appealToken: string): Promise<StrikesResponse> {
  return apiRequest<StrikesResponse>('GET', '/api/user/strikes', undefined, { authorization: `Appeal ${appealToken}` });
}

/** A suspended member's appeal of one strike, sent with their appeal pass. */
export function appealWithPass(appealToken: string, id: number, text: string): Promise<StrikeDto> {
  return apiRequest<StrikeDto>('POST', `/api/user/strikes/${id}/appeal`, { text }, { authorization: `Appeal ${appealToken}` });
}
