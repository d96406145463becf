import { z } from 'zod';
import { wholeNumberParam } from './query.js';
import { LIMITS } from '../limits.js';
import { DisplayNameText } from './auth.js';
import { Author, BadgeFields, FeedResponse, Id } from './posts.js';

/**
 * Shapes of people and the social graph: profiles, follows and follow requests, blocks, settings,
 * account life cycle and suggestions (document 2 §2 "Profile page", §3, §4, §7).
 *
 * A profile answer never carries another user's email, password or settings (`chatEnabled` is
 * shown because the Message button depends on it).
 */

/** How the viewer stands towards a profile's owner: not following, asked (private), or following. */
export const FollowState = z.enum(['none', 'requested', 'following']);
export type FollowState = z.infer<typeof FollowState>;

/** `GET /api/users/{id}`. */
export const ProfileDto = Author.extend({
  bio: z.string().nullable(),
  location: z.string().nullable(),
  isPrivate: z.boolean(),
  chatEnabled: z.boolean(),
  createdAt: z.string(),
  followerCount: z.number().int(),
  followingCount: z.number().int(),
  /** Approved plates the viewer may count (all of them for the owner, including pending). */
  postCount: z.number().int(),
  /** The viewer's accepted follow (spec name); `followState` also tells a pending request. */
  isFollowing: z.boolean(),
  followState: FollowState,
  /** The owner follows the viewer (accepted). */
  followsYou: z.boolean(),
  /** The viewer has blocked this user (the profile shows Unblock). */
  isBlocked: z.boolean(),
  /** The viewer is the owner. */
  isOwn: z.boolean(),
  /** The viewer may see this user's plates, followers and following lists. */
  canViewPosts: z.boolean(),
  /** Pending follow requests to the owner; only on the own profile (else 0). */
  pendingRequestCount: z.number().int(),
});
export type ProfileDto = z.infer<typeof ProfileDto>;

/** `GET /api/users/{id}/posts`: the same page shape as the feed. */
export const UserPostsResponse = FeedResponse;
export type UserPostsResponse = z.infer<typeof UserPostsResponse>;

/** Someone in a list (followers, following, requests, suggestions, blocked). */
export const UserSummary = Author.extend({
  bio: z.string().nullable(),
  followerCount: z.number().int(),
  /** The viewer's follow towards them (`none` for anonymous viewers). */
  followState: FollowState,
});
export type UserSummary = z.infer<typeof UserSummary>;

export const UserListQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: wholeNumberParam('Limit', 1, 50, 20),
});
export type UserListQuery = z.infer<typeof UserListQuery>;

/** `GET /api/users/{id}/followers`, `/following`, `GET /api/user/follow-requests`. */
export const UserListResponse = z.object({ users: z.array(UserSummary), nextCursor: z.string().nullable() });
export type UserListResponse = z.infer<typeof UserListResponse>;

/** `POST` and `DELETE /api/users/{id}/follow`. */
export const FollowResponse = z.object({
  followState: FollowState,
  isFollowing: z.boolean(),
  followerCount: z.number().int(),
  message: z.string(),
});
export type FollowResponse = z.infer<typeof FollowResponse>;

/** `POST /api/user/follow-requests/{userId}/approve` and `/decline`. */
export const FollowRequestActionResponse = z.object({
  userId: z.number().int(),
  status: z.enum(['approved', 'declined']),
  pendingRequestCount: z.number().int(),
  message: z.string(),
});
export type FollowRequestActionResponse = z.infer<typeof FollowRequestActionResponse>;

/** `POST /api/users/{id}/block`: the reason is optional (document 2 §5). */
export const BlockBody = z
  .object({
    reason: z
      .string()
      .trim()
      .max(500, 'Reason cannot exceed 500 characters')
      .nullish()
      .transform((v) => (v ? v : null)),
  })
  .nullish();
export type BlockBody = z.input<typeof BlockBody>;

/** Block record (document 2 §3). */
export const BlockDto = z.object({
  blockerId: z.number().int(),
  blockedId: z.number().int(),
  createdAt: z.string(),
  reason: z.string().nullable(),
});
export const BlockResponse = z.object({ message: z.string(), block: BlockDto });
export type BlockResponse = z.infer<typeof BlockResponse>;
export const UnblockResponse = z.object({ message: z.string(), blockedId: z.number().int() });
export type UnblockResponse = z.infer<typeof UnblockResponse>;

/** `GET /api/users/{id}/blocked`: whether the viewer has blocked that user (both spec names). */
export const BlockedStatusResponse = z.object({ blocked: z.boolean(), isBlocked: z.boolean() });

/** Blocked list entry (document 2 §3), with when and why. */
export const BlockedUser = z.object({
  id: z.number().int(),
  username: z.string(),
  displayName: z.string().nullable(),
  profileImage: z.string().nullable(),
  ...BadgeFields.shape,
  reason: z.string().nullable(),
  blockedAt: z.string(),
});
export type BlockedUser = z.infer<typeof BlockedUser>;
/** `GET /api/users/blocked`: newest block first. */
export const BlockedUsersResponse = z.object({ users: z.array(BlockedUser) });
export type BlockedUsersResponse = z.infer<typeof BlockedUsersResponse>;

/** `GET /api/suggested-users` (signed in only). */
export const SuggestedUsersQuery = z.object({ limit: wholeNumberParam('Limit', 1, 20, 5) });
export const SuggestedUsersResponse = z.object({ users: z.array(UserSummary) });
export type SuggestedUsersResponse = z.infer<typeof SuggestedUsersResponse>;

const booleanText = (field: string) =>
  z
    .enum(['true', 'false'], { error: `${field} must be 'true' or 'false'` })
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true'));

const profileText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} cannot exceed ${max} characters`)
    .optional()
    .transform((v) => (v === undefined ? undefined : v || null));

/**
 * Text fields of the multipart `PUT /api/user/profile` (document 2 §7); the photo is the file part
 * `profileImage`. An absent field is left as it is; an empty display name, bio or location clears
 * it. `removeProfileImage: 'true'` removes the photo.
 */
export const UpdateProfileFields = z.object({
  displayName: DisplayNameText.optional().transform((v) => (v === undefined ? undefined : v || null)),
  bio: profileText(LIMITS.bioMax, 'Bio'),
  location: profileText(LIMITS.locationMax, 'Location'),
  chatEnabled: booleanText('chatEnabled'),
  isPrivate: booleanText('isPrivate'),
  removeProfileImage: booleanText('removeProfileImage'),
});
export type UpdateProfileFields = z.input<typeof UpdateProfileFields>;

/** The profile form in the browser (before it becomes multipart text). */
export const ProfileForm = z.object({
  displayName: DisplayNameText,
  bio: z.string().trim().max(LIMITS.bioMax, `Bio cannot exceed ${LIMITS.bioMax} characters`),
  location: z.string().trim().max(LIMITS.locationMax, `Location cannot exceed ${LIMITS.locationMax} characters`),
  isPrivate: z.boolean(),
  chatEnabled: z.boolean(),
});
export type ProfileForm = z.infer<typeof ProfileForm>;

/** `PUT /api/user/account-status` (document 2 §7): only deactivation; signing in reactivates. */
export const AccountStatusBody = z.object({
  accountStatus: z.literal('deactivated', { error: "accountStatus must be 'deactivated'" }),
});

export const USER_MESSAGES = {
  userNotFound: 'User not found',
  followed: 'You are now following this user',
  followRequested: 'Follow request sent',
  unfollowed: 'You are no longer following this user',
  requestCancelled: 'Follow request cancelled',
  cannotFollowSelf: 'You cannot follow yourself',
  cannotBlockSelf: 'You cannot block yourself',
  blockedCannotFollow: 'You cannot follow this user',
  followRequestNotFound: 'Follow request not found',
  requestApproved: 'Follow request approved',
  requestDeclined: 'Follow request declined',
  privateProfile: 'This account is private. Follow to see their plates.',
  userBlocked: 'User blocked',
  userUnblocked: 'User unblocked',
  profileUpdated: 'Profile updated',
  accountDeactivated: 'Account deactivated',
  accountDeleted: 'Account deleted',
  settingsOwnOnly: 'You can only view your own settings',
} as const;

export const UserIdParams = z.object({ id: Id });
