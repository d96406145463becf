import { z } from 'zod';
import { Author, VerifiedType } from './posts.js';

/**
 * Verification requests (issue 16): a member asks for the verified badge from Settings with a
 * reason and a few links; staff with `manage_verifications` approve it with a badge type or
 * decline it with a reason on /admin/verification, and revoke badges there. The badge itself is
 * `user_verifications` (one row per member), shown wherever the member's name is.
 */

export const VERIFICATION_REASON_MAX = 1000;
export const VERIFICATION_LINKS_MAX = 3;
export const VERIFICATION_LINK_MAX = 300;
export const VERIFICATION_DECISION_REASON_MAX = 500;
/** After a decline, a member may ask again this many days after the decision. */
export const VERIFICATION_COOLDOWN_DAYS = 30;

export const VERIFICATION_REQUEST_STATUSES = ['pending', 'approved', 'declined'] as const;
export const VerificationRequestStatus = z.enum(VERIFICATION_REQUEST_STATUSES);
export type VerificationRequestStatus = z.infer<typeof VerificationRequestStatus>;

export const VERIFIED_TYPE_LABELS: Record<VerifiedType, string> = { blue: 'Blue', gold: 'Gold', business: 'Business' };

export const VERIFICATION_MESSAGES = {
  reasonRequired: 'Tell us why your account should be verified',
  reasonTooLong: `Reason cannot exceed ${VERIFICATION_REASON_MAX} characters`,
  badLink: 'Links must be full web addresses starting with http:// or https://',
  linkTooLong: `A link cannot exceed ${VERIFICATION_LINK_MAX} characters`,
  tooManyLinks: `Add at most ${VERIFICATION_LINKS_MAX} links`,
  decisionReasonRequired: 'A reason is required',
  decisionReasonTooLong: `Reason cannot exceed ${VERIFICATION_DECISION_REASON_MAX} characters`,
  alreadyPending: 'You already have a verification request waiting for review.',
  alreadyVerified: 'Your account is already verified.',
  coolingDown: `After a declined request you can ask again ${VERIFICATION_COOLDOWN_DAYS} days after the decision.`,
  requestNotFound: 'Verification request not found',
  alreadyDecided: 'This verification request was already decided.',
  notVerified: 'This member is not verified.',
  notOwnRequest: 'You cannot decide your own verification request.',
  rateLimited: 'Too many verification requests. Please try again later.',
  approvedTitle: 'You are verified',
  declinedTitle: 'Your verification request was declined',
  revokedTitle: 'Your badge was removed',
} as const;

/** http:// or https://, a host, then anything without spaces. */
const WEB_ADDRESS = /^https?:\/\/[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?(?::\d{1,5})?(?:[/?#]\S*)?$/i;

/** An http(s) address (other schemes, such as javascript:, are refused). */
export const VerificationLink = z
  .string()
  .trim()
  .max(VERIFICATION_LINK_MAX, VERIFICATION_MESSAGES.linkTooLong)
  .regex(WEB_ADDRESS, VERIFICATION_MESSAGES.badLink);

/** `POST /api/verification/requests`. */
export const VerificationRequestBody = z.object({
  reason: z.string().trim().min(1, VERIFICATION_MESSAGES.reasonRequired).max(VERIFICATION_REASON_MAX, VERIFICATION_MESSAGES.reasonTooLong),
  links: z.array(VerificationLink).max(VERIFICATION_LINKS_MAX, VERIFICATION_MESSAGES.tooManyLinks).default([]),
});
export type VerificationRequestBody = z.input<typeof VerificationRequestBody>;

/** A request as its member sees it. */
export const VerificationRequestDto = z.object({
  id: z.number().int(),
  reason: z.string(),
  links: z.array(z.string()),
  status: VerificationRequestStatus,
  decisionReason: z.string().nullable(),
  verifiedType: VerifiedType.nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type VerificationRequestDto = z.infer<typeof VerificationRequestDto>;

/**
 * `GET /api/verification`: the member's badge (null: none), their latest request, and when they
 * may ask (null: now, or never while a request is pending or they are verified).
 */
export const MyVerificationResponse = z.object({
  verifiedType: VerifiedType.nullable(),
  request: VerificationRequestDto.nullable(),
  canRequest: z.boolean(),
  canRequestAt: z.string().nullable(),
});
export type MyVerificationResponse = z.infer<typeof MyVerificationResponse>;

/** The member behind a request, as the queue shows them. */
export const VerificationCandidate = Author.extend({
  followerCount: z.number().int(),
  postCount: z.number().int(),
  memberSince: z.string(),
  activeStrikes: z.number().int(),
  totalStrikes: z.number().int(),
});
export type VerificationCandidate = z.infer<typeof VerificationCandidate>;

export const AdminVerificationRequestDto = VerificationRequestDto.extend({ member: VerificationCandidate });
export type AdminVerificationRequestDto = z.infer<typeof AdminVerificationRequestDto>;

export const VerificationCursorQuery = z.object({ cursor: z.string().max(200).optional() });

/** `GET /api/admin/verification/requests`: pending requests, oldest first. */
export const AdminVerificationRequestsResponse = z.object({ requests: z.array(AdminVerificationRequestDto), nextCursor: z.string().nullable() });
export type AdminVerificationRequestsResponse = z.infer<typeof AdminVerificationRequestsResponse>;

const DecisionReason = z
  .string()
  .trim()
  .min(1, VERIFICATION_MESSAGES.decisionReasonRequired)
  .max(VERIFICATION_DECISION_REASON_MAX, VERIFICATION_MESSAGES.decisionReasonTooLong);

/** `POST /api/admin/verification/requests/{id}/decision`: approve with a badge, or decline with a reason. */
export const VerificationDecisionBody = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('approve'), verifiedType: VerifiedType, reason: DecisionReason.optional() }),
  z.object({ decision: z.literal('decline'), reason: DecisionReason }),
]);
export type VerificationDecisionBody = z.input<typeof VerificationDecisionBody>;

/** `POST /api/admin/verification/members/{id}/revoke`. */
export const RevokeVerificationBody = z.object({ reason: DecisionReason });
export type RevokeVerificationBody = z.input<typeof RevokeVerificationBody>;

/** A member holding a badge, as the "Verified members" list shows them. */
export const VerifiedMemberDto = z.object({
  member: Author,
  verifiedType: VerifiedType,
  verifiedReason: z.string().nullable(),
  grantedBy: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  grantedAt: z.string(),
});
export type VerifiedMemberDto = z.infer<typeof VerifiedMemberDto>;

/** `GET /api/admin/verification/members`: verified members, most recently granted first. */
export const VerifiedMembersResponse = z.object({ members: z.array(VerifiedMemberDto), nextCursor: z.string().nullable() });
export type VerifiedMembersResponse = z.infer<typeof VerifiedMembersResponse>;

/** The answer of a decision or a revocation. */
export const VerificationActionResponse = z.object({ message: z.string() });
export type VerificationActionResponse = z.infer<typeof VerificationActionResponse>;

/** When a member declined at `decidedAt` may ask again. */
export function verificationRetryAt(decidedAt: Date): Date {
  return new Date(decidedAt.getTime() + VERIFICATION_COOLDOWN_DAYS * 86_400_000);
}

/** What the member is told when their request is approved. */
export function verificationApprovedText(type: VerifiedType): string {
  return `Your verification request was approved: your account now shows a ${VERIFIED_TYPE_LABELS[type].toLowerCase()} badge.`;
}

/** What the member is told when their request is declined at `decidedAt`. */
export function verificationDeclinedText(reason: string, decidedAt: Date): string {
  return `${reason} You can ask again from ${verificationRetryAt(decidedAt).toISOString().slice(0, 10)}.`;
}

/** What the member is told when their badge is removed. */
export function verificationRevokedText(reason: string): string {
  return `Your verified badge was removed: ${reason}`;
}
