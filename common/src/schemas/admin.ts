import { z } from 'zod';
import { wholeNumberParam } from './query.js';
import { PERMISSIONS, ROLE_NAMES, type DefaultRole } from '../permissions.js';
import { normaliseIpRange } from '../ip.js';
import { Author, BadgeFields, Id, VerifiedType } from './posts.js';

/**
 * Shapes of the admin and moderation API (CONTRACT "Admin and moderation API"; issue 13): staff
 * permissions and roles, the audit log, the reports queue and its outcomes, strikes and appeals.
 */

export const Permission = z.enum(PERMISSIONS);
export type Permission = z.infer<typeof Permission>;
export const RoleName = z.enum(ROLE_NAMES as [DefaultRole, ...DefaultRole[]]);
export type RoleName = z.infer<typeof RoleName>;

const Reason = z.string().trim().min(1, 'A reason is required').max(1000, 'Reason cannot exceed 1000 characters');
const OptionalReason = z.string().trim().max(1000, 'Reason cannot exceed 1000 characters').optional();
/** Days of a timed restriction or suspension: absent means permanent (until lifted). */
const Days = z.coerce.number().int().min(1, 'Days must be at least 1').max(3650, 'Days cannot exceed 3650').optional();

/** `GET /api/admin/me`: what the signed-in member may do in the admin area. */
export const StaffDto = z.object({
  isAdmin: z.boolean(),
  roles: z.array(z.string()),
  permissions: z.array(Permission),
});
export type StaffDto = z.infer<typeof StaffDto>;

// ---- Audit log -----------------------------------------------------------------------------

export const AuditQuery = z.object({
  action: z.string().trim().max(64).optional(),
  adminId: Id.optional(),
  targetType: z.string().trim().max(32).optional(),
  targetId: Id.optional(),
  page: wholeNumberParam('Page', 1, 100_000, 1),
});
export type AuditQuery = z.input<typeof AuditQuery>;

export const AuditEntryDto = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  admin: z.object({ id: z.number().int(), username: z.string(), ...BadgeFields.shape }).nullable(),
  adminRole: z.string().nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.number().int().nullable(),
  targetLabel: z.string().nullable(),
  reason: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  success: z.boolean(),
  errorMessage: z.string().nullable(),
});
export type AuditEntryDto = z.infer<typeof AuditEntryDto>;

export const AuditPage = z.object({
  entries: z.array(AuditEntryDto),
  page: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
});
export type AuditPage = z.infer<typeof AuditPage>;

// ---- Roles ---------------------------------------------------------------------------------

export const RoleGrantBody = z.object({
  role: RoleName,
  /** A narrower list than the role's default; absent means the role's defaults. */
  permissions: z.array(Permission).max(PERMISSIONS.length).optional(),
  expiresAt: z.iso.datetime({ offset: true }).optional(),
  reason: OptionalReason,
});
export type RoleGrantBody = z.input<typeof RoleGrantBody>;

export const RoleGrantDto = z.object({
  id: z.number().int(),
  role: z.string(),
  permissions: z.array(Permission),
  grantedBy: z.number().int().nullable(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  isActive: z.boolean(),
});
export type RoleGrantDto = z.infer<typeof RoleGrantDto>;

export const RoleRevokeParams = z.object({ id: Id, grantId: Id });

// ---- Reports queue -------------------------------------------------------------------------

export const ReportStatus = z.enum(['pending', 'resolved', 'dismissed']);
export type ReportStatus = z.infer<typeof ReportStatus>;

export const ReportAction = z.enum(['dismiss', 'warn', 'remove_content', 'restrict', 'suspend']);
export type ReportAction = z.infer<typeof ReportAction>;

export const StrikeType = z.enum(['warn', 'remove_content', 'restrict', 'suspend']);
export type StrikeType = z.infer<typeof StrikeType>;

export const AdminReportsQuery = z.object({ status: ReportStatus.default('pending') });

/** One reporter's report inside a queue item. */
export const ReportEntryDto = z.object({
  id: z.number().int(),
  reason: z.string(),
  details: z.string().nullable(),
  createdAt: z.string(),
  status: ReportStatus,
  reporter: Author.extend({
    /** Reports this reporter made, and how many of them were acted on (not dismissed). */
    reportsMade: z.number().int(),
    reportsUpheld: z.number().int(),
  }).nullable(),
});
export type ReportEntryDto = z.infer<typeof ReportEntryDto>;

export const StrikeDto = z.object({
  id: z.number().int(),
  type: StrikeType,
  reason: z.string(),
  notice: z.string(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  isActive: z.boolean(),
  liftedAt: z.string().nullable(),
  targetType: z.string().nullable(),
  targetId: z.number().int().nullable(),
  targetLabel: z.string().nullable(),
  appeal: z
    .object({
      text: z.string(),
      status: z.enum(['pending', 'approved', 'rejected']),
      appealedAt: z.string(),
      decidedAt: z.string().nullable(),
      decisionReason: z.string().nullable(),
    })
    .nullable(),
  /** The member may still appeal: no appeal yet and within the appeal window. */
  canAppeal: z.boolean(),
});
export type StrikeDto = z.infer<typeof StrikeDto>;

/** The reported thing as a member would see it (null fields when it is gone). */
export const ReportTargetDto = z.object({
  type: z.enum(['post', 'user', 'comment']),
  id: z.number().int(),
  /** The plate's title or the member's name; kept when the target was deleted. */
  label: z.string(),
  exists: z.boolean(),
  post: z
    .object({
      title: z.string(),
      description: z.string().nullable(),
      imageUrl: z.string(),
      approvalStatus: z.string(),
      createdAt: z.string(),
    })
    .nullable(),
  /** A reported comment: its text and the plate it is on. */
  comment: z.object({ text: z.string(), postId: z.number().int(), postTitle: z.string(), removed: z.boolean() }).nullable(),
  /** The member the target belongs to (the plate's author, the comment's author or the profile itself). */
  owner: Author.extend({
    bio: z.string().nullable(),
    accountStatus: z.string(),
    createdAt: z.string(),
  }).nullable(),
});
export type ReportTargetDto = z.infer<typeof ReportTargetDto>;

/** A queue item: every report of one target. */
export const ReportGroupDto = z.object({
  /** The oldest report of the group; resolve it (or any of them) to resolve the group. */
  id: z.number().int(),
  target: ReportTargetDto,
  reports: z.array(ReportEntryDto),
  firstReportedAt: z.string(),
  /** The owner's earlier strikes, newest first. */
  ownerStrikes: z.array(StrikeDto),
  /** Reports on this target before the current ones (already resolved or dismissed). */
  earlierReports: z.number().int(),
  /** How the group was closed (for resolved and dismissed lists). */
  outcome: z
    .object({ action: z.string(), reason: z.string().nullable(), reviewedAt: z.string().nullable() })
    .nullable(),
});
export type ReportGroupDto = z.infer<typeof ReportGroupDto>;

export const AdminReportsResponse = z.object({ groups: z.array(ReportGroupDto), total: z.number().int() });
export type AdminReportsResponse = z.infer<typeof AdminReportsResponse>;

export const ResolveReportBody = z.object({ action: ReportAction, reason: Reason, days: Days });
export type ResolveReportBody = z.input<typeof ResolveReportBody>;

export const ResolveReportResponse = z.object({
  message: z.string(),
  resolved: z.number().int(),
  strike: StrikeDto.nullable(),
});
export type ResolveReportResponse = z.infer<typeof ResolveReportResponse>;

// ---- Member actions ------------------------------------------------------------------------

/** `approve` and `reject` apply only to an account awaiting approval (sign-up under an approval IP block). */
export const UserAction = z.enum(['warn', 'restrict', 'suspend', 'unsuspend', 'sign_out', 'verify', 'unverify', 'approve', 'reject']);
export type UserAction = z.infer<typeof UserAction>;

export const UserActionBody = z.object({
  action: UserAction,
  reason: Reason,
  days: Days,
  verifiedType: VerifiedType.optional(),
});
export type UserActionBody = z.input<typeof UserActionBody>;

export const UserActionResponse = z.object({ message: z.string(), strike: StrikeDto.nullable() });
export type UserActionResponse = z.infer<typeof UserActionResponse>;

// ---- Strikes and appeals -------------------------------------------------------------------

export const StrikesResponse = z.object({ strikes: z.array(StrikeDto) });
export type StrikesResponse = z.infer<typeof StrikesResponse>;

export const AppealBody = z.object({
  text: z.string().trim().min(10, 'Tell us a little more (at least 10 characters)').max(2000, 'An appeal cannot exceed 2000 characters'),
});
export type AppealBody = z.input<typeof AppealBody>;

export const AppealDecisionBody = z.object({ reason: OptionalReason });

export const AppealDto = z.object({
  id: z.number().int(),
  strike: StrikeDto,
  member: Author.extend({ accountStatus: z.string() }),
});
export type AppealDto = z.infer<typeof AppealDto>;

export const AppealsQuery = z.object({ status: z.enum(['pending', 'approved', 'rejected']).default('pending') });
export const AppealsResponse = z.object({ appeals: z.array(AppealDto) });
export type AppealsResponse = z.infer<typeof AppealsResponse>;

// ---- Members (the admin area's directory) ---------------------------------------------------

export const MemberStatus = z.enum(['active', 'deactivated', 'suspended', 'restricted', 'awaiting_approval']);
export type MemberStatus = z.infer<typeof MemberStatus>;

export const AdminUsersQuery = z.object({
  /** A name, an email (or part of either), or an IP address the member signed in from. */
  q: z.string().trim().max(100).optional(),
  status: MemberStatus.optional(),
  role: z.enum(['admin', 'staff', 'member']).optional(),
  page: wholeNumberParam('Page', 1, 100_000, 1),
});
export type AdminUsersQuery = z.input<typeof AdminUsersQuery>;

export const AdminUserSummary = Author.extend({
  email: z.string(),
  emailVerified: z.boolean(),
  accountStatus: z.string(),
  restricted: z.boolean(),
  restrictedUntil: z.string().nullable(),
  suspendedUntil: z.string().nullable(),
  suspensionReason: z.string().nullable(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
  /** Strikes in force (not lifted). */
  activeStrikes: z.number().int(),
  totalStrikes: z.number().int(),
  roles: z.array(z.string()),
});
export type AdminUserSummary = z.infer<typeof AdminUserSummary>;

export const AdminUsersResponse = z.object({
  users: z.array(AdminUserSummary),
  page: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
});
export type AdminUsersResponse = z.infer<typeof AdminUsersResponse>;

export const SignInEventDto = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  success: z.boolean(),
  failureReason: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type SignInEventDto = z.infer<typeof SignInEventDto>;

export const MemberReportDto = z.object({
  id: z.number().int(),
  targetType: z.string(),
  targetId: z.number().int(),
  reason: z.string(),
  details: z.string().nullable(),
  status: z.string(),
  actionTaken: z.string().nullable(),
  createdAt: z.string(),
});
export type MemberReportDto = z.infer<typeof MemberReportDto>;

export const AdminUserDetail = z.object({
  user: AdminUserSummary.extend({
    bio: z.string().nullable(),
    location: z.string().nullable(),
    isPrivate: z.boolean(),
  }),
  posts: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      imageUrl: z.string(),
      approvalStatus: z.string(),
      createdAt: z.string(),
    }),
  ),
  reportsMade: z.array(MemberReportDto),
  reportsReceived: z.array(MemberReportDto),
  strikes: z.array(StrikeDto),
  signIns: z.array(SignInEventDto),
  sessions: z.array(
    z.object({
      id: z.number().int(),
      createdAt: z.string(),
      lastUsedAt: z.string(),
      ip: z.string().nullable(),
      userAgent: z.string().nullable(),
    }),
  ),
  roles: z.array(RoleGrantDto),
  /** Why an account awaiting approval waits: where it signed up from and the block that matched. */
  approval: z
    .object({
      signUpIp: z.string(),
      /** The blocked address or range that covered the sign-up address. */
      blockRange: z.string().nullable(),
      blockId: z.number().int().nullable(),
      /** The block's reason, while the block row exists. */
      blockReason: z.string().nullable(),
      createdAt: z.string(),
    })
    .nullable(),
});
export type AdminUserDetail = z.infer<typeof AdminUserDetail>;

// ---- Reason templates ----------------------------------------------------------------------

export const TemplateKind = z.enum(['report', 'rejection']);
export const ModerationTemplateDto = z.object({
  id: z.number().int(),
  kind: TemplateKind,
  title: z.string(),
  body: z.string(),
  updatedAt: z.string(),
});
export type ModerationTemplateDto = z.infer<typeof ModerationTemplateDto>;

export const ModerationTemplateBody = z.object({
  kind: TemplateKind,
  title: z.string().trim().min(1, 'A title is required').max(80, 'Title cannot exceed 80 characters'),
  body: z.string().trim().min(1, 'The text is required').max(1000, 'Text cannot exceed 1000 characters'),
});
export type ModerationTemplateBody = z.input<typeof ModerationTemplateBody>;

export const ModerationTemplatesResponse = z.object({ templates: z.array(ModerationTemplateDto) });
export type ModerationTemplatesResponse = z.infer<typeof ModerationTemplatesResponse>;

// ---- Content filters (issue 13) --------------------------------------------------------------

/** Where written text is checked against the content filters. */
export const FILTER_SCOPES = ['titles', 'descriptions', 'comments', 'replies', 'bios', 'display_names', 'chat'] as const;
export const FilterScope = z.enum(FILTER_SCOPES);
export type FilterScope = z.infer<typeof FilterScope>;
export const FilterType = z.enum(['word', 'pattern']);
export type FilterType = z.infer<typeof FilterType>;
/**
 * flag: kept and recorded; hold: kept out of sight until a moderator reviews it (plates, comments,
 * replies, chat requests and messages; a bio or display name has no queue, so it is refused);
 * block: refused.
 */
export const FilterAction = z.enum(['flag', 'hold', 'block']);
export type FilterAction = z.infer<typeof FilterAction>;
export const FilterSeverity = z.enum(['low', 'medium', 'high']);
export type FilterSeverity = z.infer<typeof FilterSeverity>;
/** Every scope, or a list of them. */
export const FilterAppliesTo = z.union([z.literal('all'), z.array(FilterScope).min(1, 'Choose at least one place').max(FILTER_SCOPES.length)]);
export type FilterAppliesTo = z.infer<typeof FilterAppliesTo>;

/** The longest regular expression a filter may hold (longer ones are refused on `pattern`). */
export const FILTER_PATTERN_MAX = 200;
/** The longest list of words a word filter may hold (comma- or line-separated). */
export const FILTER_WORDS_MAX = 1000;

export const ContentFilterBody = z
  .object({
    name: z.string().trim().min(1, 'A name is required').max(80, 'Name cannot exceed 80 characters'),
    filterType: FilterType,
    /** word: one word or phrase, or several separated by commas or new lines; pattern: a regular expression. */
    pattern: z.string().trim().min(1, 'A word or pattern is required').max(FILTER_WORDS_MAX, `Cannot exceed ${FILTER_WORDS_MAX} characters`),
    action: FilterAction.default('flag'),
    severity: FilterSeverity.default('medium'),
    appliesTo: FilterAppliesTo.default('all'),
    isActive: z.boolean().default(true),
  })
  .superRefine((body, ctx) => {
    if (body.filterType === 'pattern' && body.pattern.length > FILTER_PATTERN_MAX) {
      ctx.addIssue({ code: 'custom', path: ['pattern'], message: `A pattern cannot exceed ${FILTER_PATTERN_MAX} characters` });
    }
  });
export type ContentFilterBody = z.input<typeof ContentFilterBody>;

export const ContentFilterDto = z.object({
  id: z.number().int(),
  name: z.string(),
  filterType: FilterType,
  pattern: z.string(),
  action: FilterAction,
  severity: FilterSeverity,
  appliesTo: FilterAppliesTo,
  isActive: z.boolean(),
  createdBy: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ContentFilterDto = z.infer<typeof ContentFilterDto>;

export const ContentFiltersResponse = z.object({ filters: z.array(ContentFilterDto) });
export type ContentFiltersResponse = z.infer<typeof ContentFiltersResponse>;

export const ContentFilterTestBody = z.object({
  text: z.string().min(1, 'Type some text to try').max(5000, 'Text cannot exceed 5000 characters'),
});
export type ContentFilterTestBody = z.input<typeof ContentFilterTestBody>;

/** A matching part of a text: UTF-16 offsets into the text as sent, and the part itself. */
export const FilterMatchPart = z.object({ start: z.number().int(), end: z.number().int(), text: z.string() });
export type FilterMatchPart = z.infer<typeof FilterMatchPart>;

/** `POST /api/admin/content-filters/test`: every filter (active or not) that matches, with its parts. */
export const ContentFilterTestResponse = z.object({
  matches: z.array(
    z.object({
      filterId: z.number().int(),
      filterName: z.string(),
      filterType: FilterType,
      action: FilterAction,
      severity: FilterSeverity,
      isActive: z.boolean(),
      parts: z.array(FilterMatchPart),
    }),
  ),
});
export type ContentFilterTestResponse = z.infer<typeof ContentFilterTestResponse>;

// ---- Held for review (restricted members' items, and what a content filter's hold keeps) -------

export const HeldKind = z.enum(['comment', 'reply', 'chat_request', 'chat_message']);
export type HeldKind = z.infer<typeof HeldKind>;

export const HeldItemDto = z.object({
  kind: HeldKind,
  id: z.number().int(),
  text: z.string(),
  createdAt: z.string(),
  author: Author,
  /** The plate a comment or reply is on. */
  post: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  /** Who a chat request or message is to. */
  receiver: Author.nullable(),
  /** The content filters that caught the text (empty when only the author's restriction held it). */
  hits: z.array(z.object({ filterName: z.string(), action: FilterAction, match: z.string() })),
  /** The matching parts of `text`, to highlight (found again by the filters that caught it). */
  parts: z.array(FilterMatchPart),
});
export type HeldItemDto = z.infer<typeof HeldItemDto>;

export const HeldResponse = z.object({ items: z.array(HeldItemDto) });
export type HeldResponse = z.infer<typeof HeldResponse>;

export const HeldParams = z.object({ kind: HeldKind, id: Id });
export const HeldDecisionBody = z.object({ reason: OptionalReason });

/** A recorded filter hit on written content (a `security_events` row of type content_filter_hit). */
export const FilterHitDto = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  userId: z.number().int().nullable(),
  filterId: z.number().int(),
  filterName: z.string(),
  action: FilterAction,
  severity: FilterSeverity,
  scope: FilterScope,
  /** The field of the request the text came from (title, description, comment, …). */
  field: z.string(),
  /** The matching part, as written. */
  match: z.string(),
  /** Null for a blocked attempt (nothing was stored). */
  entityType: z.string().nullable(),
  entityId: z.number().int().nullable(),
});
export type FilterHitDto = z.infer<typeof FilterHitDto>;

export const FilterHitsResponse = z.object({ hits: z.array(FilterHitDto) });
export type FilterHitsResponse = z.infer<typeof FilterHitsResponse>;

// ---- IP blocks, email-domain blocks, security events (issue 13) -----------------------------

/**
 * What an IP block does: `no_access` refuses every request and the realtime connection;
 * `sign_up_block` refuses registration; `sign_up_requires_approval` lets registration through, the
 * account awaiting a moderator's approval before it can sign in.
 */
export const IP_BLOCK_TYPES = ['sign_up_requires_approval', 'sign_up_block', 'no_access'] as const;
export const IpBlockType = z.enum(IP_BLOCK_TYPES);
export type IpBlockType = z.infer<typeof IpBlockType>;

export const IP_MESSAGES = {
  badAddress: 'Enter an IP address (203.0.113.7, 2001:db8::1) or a CIDR range (203.0.113.0/24, 2001:db8::/32)',
  badDomain: 'Enter a domain such as example.com',
} as const;

/** An address or CIDR range (IPv4 or IPv6), answered in its canonical form (ip.ts). */
export const IpAddressOrRange = z
  .string()
  .trim()
  .min(1, IP_MESSAGES.badAddress)
  .max(64, IP_MESSAGES.badAddress)
  .transform((value, ctx) => {
    const normalised = normaliseIpRange(value);
    if (normalised === null) {
      ctx.addIssue({ code: 'custom', message: IP_MESSAGES.badAddress });
      return z.NEVER;
    }
    return normalised;
  });

export const IpBlockBody = z.object({
  ipAddress: IpAddressOrRange,
  blockType: IpBlockType,
  reason: Reason,
  /** When the block stops applying; absent means until removed. Must be in the future. */
  expiresAt: z.iso.datetime({ offset: true }).optional(),
  /** Required for a `no_access` block that covers the acting admin's own address. */
  confirm: z.boolean().optional(),
});
export type IpBlockBody = z.input<typeof IpBlockBody>;

export const IpBlockRemoveQuery = z.object({ reason: OptionalReason });

/** A member named on an admin page (who blocked, who removed, whose event), with their badge. */
const StaffRef = z.object({ id: z.number().int(), username: z.string(), ...BadgeFields.shape }).nullable();

export const IpBlockDto = z.object({
  id: z.number().int(),
  ipAddress: z.string(),
  blockType: IpBlockType,
  reason: z.string().nullable(),
  /** `expired`: past its expiresAt; `removed`: lifted by staff (kept as history). */
  status: z.enum(['active', 'expired', 'removed']),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  blockedBy: StaffRef,
  removedAt: z.string().nullable(),
  removedBy: StaffRef,
  removeReason: z.string().nullable(),
});
export type IpBlockDto = z.infer<typeof IpBlockDto>;

export const IpBlocksResponse = z.object({
  /** Active blocks first (newest first), then expired and removed ones of the last 90 days. */
  blocks: z.array(IpBlockDto),
  /** The address this request came from, as the blocks see it (to warn before a self-lockout). */
  yourIp: z.string(),
});
export type IpBlocksResponse = z.infer<typeof IpBlocksResponse>;

/** A domain name in lower case, without `@` or `*.`; its subdomains are covered too. */
export const EmailDomain = z
  .string()
  .trim()
  .toLowerCase()
  .transform((value) => value.replace(/^@/, '').replace(/^\*\./, '').replace(/\.$/, ''))
  .pipe(
    z
      .string()
      .max(253, IP_MESSAGES.badDomain)
      .regex(/^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/, IP_MESSAGES.badDomain),
  );

export const EmailDomainBlockBody = z.object({ domain: EmailDomain, reason: OptionalReason });
export type EmailDomainBlockBody = z.input<typeof EmailDomainBlockBody>;

export const EmailDomainBlockDto = z.object({
  id: z.number().int(),
  domain: z.string(),
  reason: z.string().nullable(),
  createdAt: z.string(),
  createdBy: StaffRef,
});
export type EmailDomainBlockDto = z.infer<typeof EmailDomainBlockDto>;

export const EmailDomainBlocksResponse = z.object({ domains: z.array(EmailDomainBlockDto) });
export type EmailDomainBlocksResponse = z.infer<typeof EmailDomainBlocksResponse>;

export const SECURITY_SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export const SecuritySeverity = z.enum(SECURITY_SEVERITIES);
export type SecuritySeverity = z.infer<typeof SecuritySeverity>;

export const SecurityEventsQuery = z.object({
  type: z.string().trim().max(64).optional(),
  severity: SecuritySeverity.optional(),
  resolved: z
    .enum(['true', 'false'], { error: "resolved must be 'true' or 'false'" })
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
  userId: Id.optional(),
  /** An address (events from it, whichever way it was written) or a CIDR range. */
  ip: IpAddressOrRange.optional(),
  page: wholeNumberParam('Page', 1, 100_000, 1),
});
export type SecurityEventsQuery = z.input<typeof SecurityEventsQuery>;

export const SecurityEventDto = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  eventType: z.string(),
  severity: z.string(),
  description: z.string().nullable(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  user: StaffRef,
  isResolved: z.boolean(),
  metadata: z.record(z.string(), z.unknown()).nullable(),
});
export type SecurityEventDto = z.infer<typeof SecurityEventDto>;

export const SecurityEventsPage = z.object({
  events: z.array(SecurityEventDto),
  page: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
});
export type SecurityEventsPage = z.infer<typeof SecurityEventsPage>;

export const ResolveSecurityEventBody = z.object({ note: OptionalReason });
export type ResolveSecurityEventBody = z.input<typeof ResolveSecurityEventBody>;
