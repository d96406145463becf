import { randomUUID } from 'node:crypto';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import { LIMITS, MESSAGES } from '@plates/common';
import type { Config, RateLimits } from './config.js';
import { createDatabase, poolSettings, type Database } from './db/client.js';
import { deadJobsRoutes } from './modules/system/dead-jobs.routes.js';
import { createDeadJobsService } from './modules/system/dead-jobs.service.js';
import { createJobMarks } from './lib/job-marks.js';
import { createJobs, type Jobs } from './lib/jobs.js';
import { clientIpFrom } from './lib/request-meta.js';
import { createMailer, type Mailer } from './lib/mailer.js';
import { createStorage, type ImageStorage } from './lib/storage/index.js';
import { registerAuthentication } from './plugins/authentication.js';
import { registerCompression } from './plugins/compression.js';
import { registerErrorHandling } from './plugins/errors.js';
import { registerTextSafety } from './plugins/text-safety.js';
import { memoryWriteMarks, redisWriteMarks, registerReadRouting } from './plugins/read-routing.js';
import { createRealtime, type Realtime } from './plugins/realtime.js';
import { limited, memoryStore, perMember, redisStore, reportRateLimits } from './plugins/rate-limits.js';
import { registerOpenApi } from './plugins/openapi.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerWebApp } from './plugins/web-app.js';
import { createAdminRepository } from './modules/admin/admin.repository.js';
import { createAnalysisRepository } from './modules/analysis/analysis.repository.js';
import { analysisRoutes } from './modules/analysis/analysis.routes.js';
import { createAnalysisService, type AnalysisService } from './modules/analysis/analysis.service.js';
import { createPhotoAnalyzer } from './modules/analysis/engine/pool.js';
import type { PhotoAnalyzer } from './modules/analysis/engine/types.js';
import { adminRoutes } from './modules/admin/admin.routes.js';
import { createAdminService } from './modules/admin/admin.service.js';
import { createAudit } from './modules/admin/audit.js';
import { createMembersRepository } from './modules/admin/members.repository.js';
import { createMembersService } from './modules/admin/members.service.js';
import { createPermissions, type AdminRoute } from './modules/admin/permissions.js';
import { createAuthRepository } from './modules/auth/auth.repository.js';
import { createDataExportsRepository } from './modules/data-exports/data-exports.repository.js';
import { dataExportsRoutes } from './modules/data-exports/data-exports.routes.js';
import { createDataExportsService, type DataExportsService } from './modules/data-exports/data-exports.service.js';
import { imageOpener } from './modules/data-exports/data-exports.archive.js';
import { createDashboardRepository } from './modules/dashboard/dashboard.repository.js';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { createDashboardService } from './modules/dashboard/dashboard.service.js';
import { createContentFiltersRepository } from './modules/content-filters/content-filters.repository.js';
import { contentFiltersRoutes } from './modules/content-filters/content-filters.routes.js';
import { createAnnouncementsRepository } from './modules/announcements/announcements.repository.js';
import { announcementsRoutes } from './modules/announcements/announcements.routes.js';
import { ALERT_START_CHECK_MS, createAnnouncementsService, type AnnouncementsService } from './modules/announcements/announcements.service.js';
import { createVerificationRepository } from './modules/verification/verification.repository.js';
import { createCommunityContentRepository } from './modules/community-content/community-content.repository.js';
import { communityContentRoutes } from './modules/community-content/community-content.routes.js';
import { createCommunityContentService } from './modules/community-content/community-content.service.js';
import { createBulkOpsRepository } from './modules/bulk-ops/bulk-ops.repository.js';
import { bulkOpsRoutes } from './modules/bulk-ops/bulk-ops.routes.js';
import { createBulkOpsService } from './modules/bulk-ops/bulk-ops.service.js';
import { createFeaturedRepository } from './modules/featured/featured.repository.js';
import { featuredRoutes } from './modules/featured/featured.routes.js';
import { createFeaturedService } from './modules/featured/featured.service.js';
import { verificationRoutes } from './modules/verification/verification.routes.js';
import { createVerificationService } from './modules/verification/verification.service.js';
import { createContentFilters } from './modules/content-filters/content-filters.service.js';
import { createEmailTemplatesRepository } from './modules/email-templates/email-templates.repository.js';
import { emailTemplatesRoutes } from './modules/email-templates/email-templates.routes.js';
import { createEmailTemplates } from './modules/email-templates/email-templates.service.js';
import { redisReloadChannel } from './modules/content-filters/reload-channel.js';
import { createModerationRepository } from './modules/moderation/moderation.repository.js';
import { createBlockList, localChangeBus, redisChangeBus, type BlockList } from './modules/security/block-list.js';
import { canonicalIp, createIpBlocksService } from './modules/security/ip-blocks.service.js';
import { noAccessRefusal, registerIpGuard } from './modules/security/ip-guard.js';
import { createSecurityEventsService } from './modules/security/security-events.service.js';
import { createSecurityLog, originOf } from './modules/security/security-log.js';
import { blockTypeOf } from './modules/security/security.mapper.js';
import { createSecurityRepository } from './modules/security/security.repository.js';
import { securityRoutes } from './modules/security/security.routes.js';
import { reportRefusedUploads } from './modules/media/refused-upload.js';
import { moderationRoutes } from './modules/moderation/moderation.routes.js';
import { createModerationService, type ModerationService } from './modules/moderation/moderation.service.js';
import { createMediaService, type MediaService } from './modules/media/media.service.js';
import { mediaRoutes } from './modules/media/media.routes.js';
import { multipartOptions } from './modules/media/multipart.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { createAuthService, type AuthService } from './modules/auth/auth.service.js';
import { createLoginThrottle } from './modules/auth/login-throttle.js';
import { createGeocoder } from './modules/geocode/geocoder.js';
import { geocodeRoutes } from './modules/geocode/geocode.routes.js';
import { createGraphRepository } from './modules/graph/graph.repository.js';
import { graphRoutes } from './modules/graph/graph.routes.js';
import { createGraphService } from './modules/graph/graph.service.js';
import { createNotificationsRepository } from './modules/notifications/notifications.repository.js';
import { createNotificationsService } from './modules/notifications/notifications.service.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { createPointsRepository } from './modules/points/points.repository.js';
import { createPointsService } from './modules/points/points.service.js';
import { createPointsAdminRepository } from './modules/points/points-admin.repository.js';
import { createPointsAdminService } from './modules/points/points-admin.service.js';
import { pointsRoutes } from './modules/points/points.routes.js';
import { createRatingsAdminRepository } from './modules/ratings/ratings-admin.repository.js';
import { ratingsAdminRoutes } from './modules/ratings/ratings-admin.routes.js';
import { createRatingsAdminService } from './modules/ratings/ratings-admin.service.js';
import { createPostAccess } from './modules/posts/post-access.js';
import { createPostsRepository } from './modules/posts/posts.repository.js';
import { postsRoutes } from './modules/posts/posts.routes.js';
import { createPostsService, type PostsService } from './modules/posts/posts.service.js';
import { createShareMeta } from './modules/posts/share-meta.js';
import { createCommentsRepository } from './modules/comments/comments.repository.js';
import { commentsRoutes } from './modules/comments/comments.routes.js';
import { createCommentsService } from './modules/comments/comments.service.js';
import { createLeaderboardRepository } from './modules/leaderboard/leaderboard.repository.js';
import { leaderboardRoutes } from './modules/leaderboard/leaderboard.routes.js';
import { createLeaderboardService } from './modules/leaderboard/leaderboard.service.js';
import { createRatingsRepository } from './modules/ratings/ratings.repository.js';
import { ratingsRoutes } from './modules/ratings/ratings.routes.js';
import { createRatingsService } from './modules/ratings/ratings.service.js';
import { createReportsRepository } from './modules/reports/reports.repository.js';
import { reportsRoutes } from './modules/reports/reports.routes.js';
import { createReportsService } from './modules/reports/reports.service.js';
import { createSearchRepository, SHARED_CANDIDATES_TTL_MS } from './modules/search/search.repository.js';
import { searchRoutes } from './modules/search/search.routes.js';
import { createSearchService } from './modules/search/search.service.js';
import { createSettingsRepository } from './modules/settings/settings.repository.js';
import { settingsRoutes } from './modules/settings/settings.routes.js';
import { createSettingsService } from './modules/settings/settings.service.js';
import { createSystemRepository } from './modules/system/system.repository.js';
import { systemRoutes } from './modules/system/system.routes.js';
import { createInstanceRegistry, instanceId, type InstanceRegistry } from './modules/system/instance-registry.js';
import { createRequestMetrics, registerRequestMetrics } from './modules/system/request-metrics.js';
import { createSystemReportService, processSnapshot } from './modules/system/system-report.service.js';
import { createSystemService, type SystemService } from './modules/system/system.service.js';
import { createNameGuard } from './modules/users/users.names.js';
import { createAccountEraser } from './modules/users/account-eraser.js';
import { createUsersRepository } from './modules/users/users.repository.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { createUsersService } from './modules/users/users.service.js';
import { chatLegacyRoutes } from './modules/chat/chat.legacy.routes.js';
import { createChatRepository } from './modules/chat/chat.repository.js';
import { chatRoutes } from './modules/chat/chat.routes.js';
import { createChatService } from './modules/chat/chat.service.js';
import { databaseTypingStore, redisTypingStore } from './modules/chat/chat.typing.js';

/** Collaborators that tests (or other entry points) may supply instead of the defaults. */
export interface AppDeps {
  database: Database;
  mailer: Mailer;
  /**
   * Prefix of shared Redis keys (rate limits, realtime presence and adapter channels), so parallel
   * test apps never share counts or events; instances of one deployment share it.
   */
  rateLimitNamespace: string;
  /** Human-readable logs (pino-pretty), for a person watching a terminal. */
  prettyLogs: boolean;
  /** Where images are stored; by default chosen by the config (S3_* or DATA_DIR/uploads). */
  storage: ImageStorage;
  /** Where log lines go instead of standard output (tests read what was logged). */
  logStream: { write(line: string): void };
  /**
   * The photo analysis engine (record 0038): by default the worker pool with its models; `false`
   * builds the app with analysis off (every part answers null, no model is ever loaded); tests
   * pass a fake.
   */
  analyzer: PhotoAnalyzer | false;
  /** How long a posted plate's analysis waits when the pool was busy (30 s); tests shorten it. */
  analysisBusyRetryMs: number;
  /** How long the analysis of earlier plates waits while the pool has uploads queued (5 s); tests shorten it. */
  analysisBackfillWaitMs: number;
}

export interface App extends FastifyInstance {
  services: {
    auth: AuthService;
    system: SystemService;
    jobs: Jobs;
    database: Database;
    media: MediaService;
    storage: ImageStorage;
    posts: PostsService;
    realtime: Realtime;
    moderation: ModerationService;
    blockList: BlockList;
    dataExports: DataExportsService;
    announcements: AnnouncementsService;
    analysis: AnalysisService;
    /** This instance's published /admin/system snapshot (with Redis). */
    systemRegistry: InstanceRegistry;
  };
  /** Every guarded /api/admin route with its permission (the authorization matrix walks them). */
  adminRoutes: readonly AdminRoute[];
  /**
   * The first step of a graceful shutdown (main.ts, record 0042): readiness answers 503 from now
   * on and this instance's sockets are told to reconnect elsewhere within `reconnectWithinMs`.
   * Requests are still served; `close()` follows.
   */
  startDraining(reconnectWithinMs: number): void;
}

/**
 * The whole Fastify instance, migrated and ready, never listening: `main.ts` listens, tests inject.
 */
export async function buildApp(config: Config, deps: Partial<AppDeps> = {}): Promise<App> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      ...(deps.prettyLogs
        ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } }
        : {}),
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    bodyLimit: LIMITS.jsonBodyBytes,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    // X-Forwarded-For counts only from the configured proxies (TRUST_PROXY); otherwise the socket's address.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    routerOptions: { maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The server's own request measurements (/admin/system): every answer, by route pattern.
  const startedAt = Date.now();
  const requestMetrics = createRequestMetrics();
  registerRequestMetrics(app, requestMetrics);

  const database =
    deps.database ??
    (await createDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: path.join(config.dataDir, 'db'),
      ...poolSettings(config),
      replicaMaxLagMs: config.replicaMaxLagMs,
      onReplicaChange: (state) =>
        state.up && !state.reason
          ? app.log.info('read replica: in use')
          : app.log.warn(`read replica: not used, reads go to the primary (${state.reason ?? 'down'})`),
    }));
  await database.migrate();
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2, lazyConnect: true }) : undefined;
  if (redis) await redis.connect();
  // The job queue: BullMQ over Redis when there is one, else in this process (record 0041).
  const jobs = createJobs(
    app.log,
    config.redisUrl ? { redis: { url: config.redisUrl, prefix: `${deps.rateLimitNamespace ?? config.redisPrefix}:jobs` } } : {},
  );
  const jobMarks = createJobMarks(database.db);
  const mailer =
    deps.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      outboxDir: path.join(config.dataDir, 'outbox'),
      from: `Plates <no-reply@${new URL(config.appUrl).hostname}>`,
      logger: app.log,
    });

  // Realtime first: services take its bus; Socket.IO attaches once authentication exists (below).
  const realtime = await createRealtime({
    db: database.db,
    logger: app.log,
    redis,
    namespace: `${deps.rateLimitNamespace ?? config.redisPrefix}:rt`,
  });
  // One notifications service for every module, so each written row reaches the recipient's sockets.
  const notifications = createNotificationsService({
    repo: createNotificationsRepository(database.db),
    bus: realtime,
    onPushError: (error) => app.log.warn({ err: error }, 'notifications: realtime push failed'),
    jobs,
  });
  // One points service for every module that awards points (levels reached are notified once).
  const pointsRepo = createPointsRepository(database.db);
  const points = createPointsService({ repo: pointsRepo, notifications });
  // The append-only admin audit log, written by every module that changes things for staff.
  const adminRepo = createAdminRepository(database.db);
  const audit = createAudit(adminRepo);
  const storage = deps.storage ?? createStorage(config);
  const media = createMediaService({ storage });
  // Content filters: compiled in memory, applied by every module that stores written text;
  // reloaded at once on a change, and on the other instances through Redis.
  const filterChannel = redis
    ? redisReloadChannel(redis, `${deps.rateLimitNamespace ?? config.redisPrefix}:content-filters`)
    : undefined;
  const contentFilters = createContentFilters({
    repo: createContentFiltersRepository(database.db),
    audit,
    jobs,
    ...(filterChannel ? { channel: filterChannel } : {}),
  });
  await contentFilters.load();
  await contentFilters.listen();
  // Every mail Plates sends goes through its template (/admin/email-templates): the stored rows are
  // kept in memory and read again after a save here, or on another instance (Redis).
  const templateChannel = redis
    ? redisReloadChannel(redis, `${deps.rateLimitNamespace ?? config.redisPrefix}:email-templates`)
    : undefined;
  const emailTemplates = createEmailTemplates({
    repo: createEmailTemplatesRepository(database.db),
    audit,
    mailer,
    jobs,
    marks: jobMarks,
    ...(templateChannel ? { channel: templateChannel } : {}),
    // Read when a mail is sent (the settings are set up further down).
    appName: () => settings.get('site_name'),
  });
  await emailTemplates.listen();
  const postsRepo = createPostsRepository(database.db);
  // Who may open and engage with which plate: one rule for every module (post-access.ts).
  const postAccess = createPostAccess(database.db);
  const posts = createPostsService({
    repo: postsRepo,
    access: postAccess,
    points,
    notifications,
    audit,
    filters: contentFilters,
    storage,
    logger: app.log,
  });
  // Engagement (ratings, comments, hearts, reports): plates are opened and engaged with by the
  // posts module's access rule and answered through its getPost.
  const engagementNotifications = notifications;
  const ratings = createRatingsService({
    repo: createRatingsRepository(database.db),
    points,
    notifications: engagementNotifications,
    loadPost: posts.getPost,
    access: postAccess,
    filters: contentFilters,
  });
  const comments = createCommentsService({
    repo: createCommentsRepository(database.db),
    notifications: engagementNotifications,
    access: postAccess,
    filters: contentFilters,
  });
  const reports = createReportsService({ repo: createReportsRepository(database.db), access: postAccess });
  const leaderboard = createLeaderboardService({ repo: createLeaderboardRepository(database.db) });
  // Search ranks ids itself and hydrates plates through the posts module (one PostDto mapping),
  // whose access rule the page passes again; its shared copies go when the visitors' feed does.
  const search = createSearchService({
    repo: createSearchRepository(database.db, { sharedTtlMs: SHARED_CANDIDATES_TTL_MS }),
    postsByIds: posts.postsByIds,
  });
  posts.onPublicChange(search.publicChanged);
  // The social graph: follows, follow requests, blocks, suggestions, and who may look how far into
  // an account.
  const graph = createGraphService({ repo: createGraphRepository(database.db), points, notifications: engagementNotifications });

  // Chat: rows first, then realtime through the bus (the realtime plugin's per-user rooms).
  const chat = createChatService({
    repo: createChatRepository(database.db),
    notifications,
    bus: realtime,
    filters: contentFilters,
    typing: redis ? redisTypingStore(redis, `${deps.rateLimitNamespace ?? config.redisPrefix}:typing`) : databaseTypingStore(database.db),
  });
  realtime.setHandlers({ presenceAudience: chat.presenceAudience, onViewSession: chat.viewSession });

  // Staff: permissions from user_roles (isAdmin holds all); the audit log is made above.
  const permissions = createPermissions({
    repo: adminRepo,
    onRefused: (staff, permission, request) =>
      jobs.run('security-event', () =>
        adminRepo.insertSecurityEvent({
          userId: staff.id,
          eventType: 'admin_permission_refused',
          severity: 'medium',
          description: `Refused ${request.method} ${request.routeOptions.url ?? request.url}: needs ${permission}`,
          ipAddress: request.ip,
          userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
          metadata: { permission },
        }),
      ),
  });
  const usersRepo = createUsersRepository(database.db);
  // Deleting an account: the member's own deletion and a moderator's rejection of a sign-up.
  const eraser = createAccountEraser({ repo: usersRepo, storage, logger: app.log });
  // Reports, strikes and appeals; timed restrictions and suspensions are lifted by a sweep below.
  const moderationRepo = createModerationRepository(database.db);
  const moderation = createModerationService({
    repo: moderationRepo,
    // Held comments, replies, chat requests and messages (a restriction or a content filter's hold)
    // are published or refused by their own modules.
    held: {
      publish: (kind, id, tx) =>
        kind === 'comment'
          ? ratings.publishHeldComment(id, tx)
          : kind === 'reply'
            ? comments.publishHeldReply(id, tx)
            : kind === 'chat_request'
              ? chat.publishHeldRequest(id, tx)
              : chat.publishHeldMessage(id, tx),
      discard: (kind, id, tx) =>
        kind === 'comment'
          ? ratings.discardHeldComment(id, tx)
          : kind === 'reply'
            ? comments.discardHeldReply(id, tx)
            : kind === 'chat_request'
              ? chat.discardHeldRequest(id, tx)
              : chat.discardHeldMessage(id, tx),
    },
    filters: contentFilters,
    audit,
    notifications,
    templates: emailTemplates,
    disconnectUser: (userId) => realtime.disconnectUser(userId),
    eraseAccount: eraser.erase,
    onPublicChange: posts.publicChanged,
    appUrl: config.appUrl,
    logger: app.log,
  });

  const names = createNameGuard({ adminNames: () => usersRepo.adminNames() });
  // The admin's settings (/admin/settings): read from memory, read again after a change on any
  // instance (the IP blocks' change bus); maintenance and registration changes reach every page live.
  const settings = createSettingsService({
    repo: createSettingsRepository(database.db),
    audit,
    bus: redis
      ? redisChangeBus(redis, `${deps.rateLimitNamespace ?? config.redisPrefix}:settings`, app.log)
      : localChangeBus(),
    announce: (payload) => realtime.broadcast('maintenance_changed', payload),
    fallbacks: {
      plates_per_hour: config.rateLimits.uploadsPerUser,
      comments_per_10_minutes: config.rateLimits.commentsPerUser,
      chat_messages_per_minute: config.rateLimits.chatMessagesPerUser,
    },
    logger: app.log,
    resyncMs: 60_000,
  });
  await settings.start();
  const systemRepo = createSystemRepository(database.db);
  let draining = false;
  const system = createSystemService({
    repo: systemRepo,
    settings,
    ping: database.ping,
    redisPing: redis ? async () => void (await redis.ping()) : undefined,
    draining: () => draining,
  });
  // The configured limits, with those the admin's settings hold read from them on every request.
  const rateLimits: RateLimits = Object.defineProperties(
    { ...config.rateLimits },
    {
      uploadsPerUser: { get: () => settings.get('plates_per_hour'), enumerable: true },
      commentsPerUser: { get: () => settings.get('comments_per_10_minutes'), enumerable: true },
      chatMessagesPerUser: { get: () => settings.get('chat_messages_per_minute'), enumerable: true },
    },
  );
  const rateLimitStore = redis ? redisStore(redis, `${deps.rateLimitNamespace ?? config.redisPrefix}:rl:`) : memoryStore();

  // IP blocks, enforced from memory on every request and socket handshake (no query per request);
  // a change on any instance makes every instance read them again (Redis pub/sub when set).
  const securityRepo = createSecurityRepository(database.db);
  const securityLog = createSecurityLog({ repo: securityRepo, store: rateLimitStore, jobs });
  const blockList = createBlockList({
    load: async (at) =>
      (await securityRepo.liveIpBlocks(at)).map((row) => ({ ...row, blockType: blockTypeOf(row.blockType) })),
    bus: redis
      ? redisChangeBus(redis, `${deps.rateLimitNamespace ?? config.redisPrefix}:ip-blocks`, app.log)
      : localChangeBus(),
    logger: app.log,
    resyncMs: 60_000,
    onReload: () => realtime.disconnectRefused(),
  });
  await blockList.start();
  const refusal = noAccessRefusal(blockList, securityLog);
  const ipBlocks = createIpBlocksService({ repo: securityRepo, blockList, audit, log: securityLog });
  const auth = createAuthService({
    repo: createAuthRepository(database.db),
    mail: emailTemplates,
    jobs,
    appUrl: config.appUrl,
    isMaintenance: system.isMaintenance,
    registrationMode: system.registrationMode,
    canonicalIp,
    throttle: createLoginThrottle(rateLimitStore, config.rateLimits),
    names,
    filters: contentFilters,
    permissionsOf: permissions.list,
    checkSignUp: ipBlocks.checkSignUp,
    liftSuspensionIfDue: moderation.liftIfDue,
    disconnectUser: (userId) => realtime.disconnectUser(userId),
    logger: app.log,
  });
  // People: profiles, follows, blocks, account life cycle; plates through the posts module's rules.
  const users = createUsersService({
    repo: usersRepo,
    graph,
    names,
    sessionUser: auth.sessionUser,
    posts,
    filters: contentFilters,
    processAvatar: (bytes) => media.processUpload(bytes, 'avatar'),
    eraser,
  });

  if (config.admin) {
    // A refused admin stops the start-up: release what was opened so far before saying why.
    await auth.ensureAdmin(config.admin).catch(async (error: unknown) => {
      await filterChannel?.close();
      await templateChannel?.close();
      await blockList.close();
      await settings.close();
      await redis?.quit();
      if (!deps.database) await database.close();
      throw error;
    });
  }

  registerErrorHandling(app);
  registerTextSafety(app);
  await app.register(fastifyCookie);
  await registerSecurityHeaders(app, config);
  await registerCompression(app);
  // Before sessions are looked up and before any route: refused addresses go no further.
  registerIpGuard(app, refusal);
  reportRateLimits(app, (request, { limit, key }) =>
    securityLog.record(
      originOf(request),
      {
        eventType: 'rate_limited',
        severity: 'low',
        description: `Rate limit ${limit.name} reached (${limit.max} in ${Math.round(limit.windowMs / 1000)} s)`,
        metadata: { limit: limit.name, key, path: request.routeOptions.url ?? null },
      },
      `rate_limited:${limit.name}:${key}`,
    ),
  );
  reportRefusedUploads(app, (request, reason) =>
    securityLog.record(
      originOf(request),
      {
        eventType: 'upload_refused',
        severity: reason === 'svg' ? 'medium' : 'low',
        description:
          reason === 'svg'
            ? 'Upload refused: SVG markup sent as an image'
            : reason === 'unknown_type'
              ? 'Upload refused: not an image format Plates takes'
              : 'Upload refused: the bytes do not decode as the image format they claim',
        metadata: { reason, path: request.routeOptions.url ?? null },
      },
      `upload_refused:${request.ip}:${reason}`,
    ),
  );
  // Only JSON bodies (multipart is added by the upload routes); anything else is 415.
  app.removeContentTypeParser('text/plain');
  await app.register(fastifyMultipart, multipartOptions);
  await registerOpenApi(app, config);

  registerAuthentication(app, { auth, appUrl: config.appUrl });
  // After sessions are known, before any route: the read-heavy GET routes read the replica, but
  // not a member's who has just written (record 0043).
  if (database.replica) {
    registerReadRouting(app, {
      replica: database.replica,
      marks: redis ? redisWriteMarks(redis, `${deps.rateLimitNamespace ?? config.redisPrefix}:ryow:`) : memoryWriteMarks(),
      maxLagMs: config.replicaMaxLagMs,
    });
  }
  // Before any route: every /api/admin route is guarded by the permission it names.
  const adminRouteList: AdminRoute[] = [];
  permissions.guardAdminRoutes(
    app,
    adminRouteList,
    limited(rateLimitStore, MESSAGES.rateLimited, [
      perMember('admin-write', config.rateLimits.adminWritesPerUser, config.rateLimits.adminWriteWindowMs),
    ]),
  );
  realtime.attach(app, {
    authenticate: auth.authenticate,
    appUrl: config.appUrl,
    refuse: (client) => refusal(client, 'realtime connection'),
    clientIp: clientIpFrom(config.trustProxy),
  });
  // /admin/system: each instance measures itself and, with Redis, publishes what it saw (record 0029).
  const instance = instanceId();
  const registry: InstanceRegistry = createInstanceRegistry({
    id: instance,
    snapshot: processSnapshot({ id: instance, startedAt, metrics: requestMetrics, sockets: realtime.localSockets, jobs }),
    redis,
    prefix: `${deps.rateLimitNamespace ?? config.redisPrefix}:system`,
    logger: app.log,
  });
  await registry.publish().catch((error: unknown) => app.log.warn({ err: error }, 'system: publishing this instance failed'));
  const systemReport = createSystemReportService({
    repo: systemRepo,
    database,
    redis,
    registry,
    uploads: config.s3 ? { driver: 's3' } : { driver: 'local', dir: path.join(config.dataDir, 'uploads') },
  });
  await app.register(systemRoutes({ system, report: systemReport }));
  // The jobs' dead-letter list on /admin/system (record 0041).
  await app.register(deadJobsRoutes({ deadJobs: createDeadJobsService({ jobs, audit, db: database.db }) }));
  await app.register(
    authRoutes({
      auth,
      limits: config.rateLimits,
      store: rateLimitStore,
      secureCookies: config.appUrl.startsWith('https:'),
    }),
  );
  await app.register(mediaRoutes({ storage }));
  await app.register(
    postsRoutes({
      posts,
      media,
      limits: rateLimits,
      store: rateLimitStore,
      maxUploadBytes: () => settings.get('max_upload_mb') * 1024 * 1024,
    }),
  );
  // Photo analysis (record 0038): the upload dialog's answer, the analysis stored with each plate
  // (a job after its commit), similar plates and /admin/ai; switches read again on every instance.
  const analyzer = deps.analyzer === undefined ? createPhotoAnalyzer({ logger: app.log }) : deps.analyzer || undefined;
  const analysis = createAnalysisService({
    repo: createAnalysisRepository(database.db),
    analyzer,
    media,
    storage,
    points,
    audit,
    jobs,
    access: postAccess,
    postsByIds: posts.postsByIds,
    onPublicChange: posts.publicChanged,
    bus: redis
      ? redisChangeBus(redis, `${deps.rateLimitNamespace ?? config.redisPrefix}:analysis`, app.log)
      : localChangeBus(),
    logger: app.log,
    resyncMs: 60_000,
    ...(deps.analysisBusyRetryMs !== undefined ? { busyRetryMs: deps.analysisBusyRetryMs } : {}),
    ...(deps.analysisBackfillWaitMs !== undefined ? { backfillWaitMs: deps.analysisBackfillWaitMs } : {}),
  });
  await analysis.start();
  posts.onCreated(analysis.postCreated);
  await app.register(
    analysisRoutes({
      analysis,
      store: rateLimitStore,
      limit: { max: config.rateLimits.analysesPerUser, windowMs: config.rateLimits.analysisWindowMs },
      maxUploadBytes: () => settings.get('max_upload_mb') * 1024 * 1024,
    }),
  );
  await app.register(geocodeRoutes({ geocoder: createGeocoder() }));
  await app.register(ratingsRoutes({ ratings, limits: rateLimits, store: rateLimitStore }));
  await app.register(commentsRoutes({ comments, limits: rateLimits, store: rateLimitStore }));
  await app.register(reportsRoutes({ reports, limits: config.rateLimits, store: rateLimitStore }));
  await app.register(leaderboardRoutes({ leaderboard }));
  await app.register(searchRoutes({ search }));
  await app.register(notificationsRoutes({ notifications: engagementNotifications }));
  await app.register(usersRoutes({ users, account: auth.account, limits: config.rateLimits, store: rateLimitStore }));
  await app.register(graphRoutes({ graph, account: auth.account, limits: config.rateLimits, store: rateLimitStore }));
  const admin = createAdminService({ repo: adminRepo, permissions, audit, notifications });
  const members = createMembersService({
    repo: createMembersRepository(database.db),
    strikesOf: (userId) => moderation.strikesOf({ id: userId, isAdmin: false }),
    rolesOf: admin.roles,
  });
  await app.register(adminRoutes({ admin, members }));
  await app.register(
    securityRoutes({ ipBlocks, events: createSecurityEventsService({ repo: securityRepo, audit }) }),
  );
  await app.register(moderationRoutes({ moderation, limits: config.rateLimits, store: rateLimitStore }));
  await app.register(contentFiltersRoutes({ filters: contentFilters }));
  await app.register(settingsRoutes({ settings }));
  const announcements = createAnnouncementsService({
    repo: createAnnouncementsRepository(database.db),
    audit,
    mail: emailTemplates,
    jobs,
    appUrl: config.appUrl,
    bus: realtime,
    onPushError: (error) => app.log.warn({ err: error }, 'announcements: realtime push failed'),
  });
  await app.register(announcementsRoutes({ announcements }));
  // A scheduled alert is pushed when its start comes (each instance looks every 30 s).
  let alertsCheckedTo = new Date();
  const alertTimer = setInterval(() => {
    const [from, to] = [alertsCheckedTo, new Date()];
    alertsCheckedTo = to;
    jobs.run('announcements:alerts', () => announcements.pushStarted(from, to));
  }, ALERT_START_CHECK_MS);
  alertTimer.unref();
  await app.register(dashboardRoutes({ dashboard: createDashboardService({ repo: createDashboardRepository(database.db) }) }));
  // Verification requests (/admin/verification): badges written as the member actions write them,
  // and the visitors' feed dropped after a change as they drop it.
  const verification = createVerificationService({
    repo: createVerificationRepository(database.db),
    badges: moderationRepo,
    audit,
    notifications,
    onPublicChange: posts.publicChanged,
  });
  await app.register(verificationRoutes({ verification, store: rateLimitStore }));
  // /admin/content: the Featured row (cards through the posts module) and the community pages.
  const featured = createFeaturedService({ repo: createFeaturedRepository(database.db), audit, notifications, postsByIds: posts.postsByIds });
  await app.register(featuredRoutes({ featured }));
  await app.register(communityContentRoutes({ content: createCommunityContentService({ repo: createCommunityContentRepository(database.db), audit }) }));
  // The point system (/admin/point-system): rules, ledgers, adjustments and the recompute.
  const pointsAdmin = createPointsAdminService({
    repo: createPointsAdminRepository(database.db),
    points: pointsRepo,
    levels: points,
    audit,
    notifications,
  });
  await app.register(pointsRoutes({ pointsAdmin }));
  // Bulk operations (/admin/bulk-ops): the single actions' own steps, batched and undoable for 24 hours.
  const bulkOps = createBulkOpsService({
    repo: createBulkOpsRepository(database.db),
    audit,
    notifications,
    posts,
    points,
    featured,
    moderation,
  });
  await app.register(bulkOpsRoutes({ bulkOps }));
  // Data exports: built by a background job into DATA_DIR/exports (never the public uploads),
  // mailed as a link for the signed-in owner; expired files swept (record 0036).
  const dataExports = createDataExportsService({
    repo: createDataExportsRepository(database.db),
    dir: path.join(config.dataDir, 'exports'),
    openImage: imageOpener(storage),
    mailer,
    notifications,
    audit,
    jobs,
    appUrl: config.appUrl,
    logger: app.log,
  });
  await app.register(dataExportsRoutes({ dataExports, store: rateLimitStore }));
  await app.register(emailTemplatesRoutes({ templates: emailTemplates, store: rateLimitStore }));
  // Rating integrity (/admin/ratings): the detectors, and voids taken back through the ledger.
  const ratingsAdmin = createRatingsAdminService({ repo: createRatingsAdminRepository(database.db), points, audit, notifications });
  await app.register(ratingsAdminRoutes({ ratingsAdmin }));
  const chatOptions = {
    chat,
    store: rateLimitStore,
    sendLimit: {
      get max() {
        return rateLimits.chatMessagesPerUser;
      },
      windowMs: config.rateLimits.chatMessageWindowMs,
    },
    requestLimit: { max: config.rateLimits.chatRequestsPerUser, windowMs: config.rateLimits.chatRequestWindowMs },
    tapLimit: { max: config.rateLimits.tapsPerUser, windowMs: config.rateLimits.tapWindowMs },
  };
  await app.register(chatRoutes(chatOptions));
  await app.register(chatLegacyRoutes(chatOptions));
  await registerWebApp(app, config.webDistDir, {
    headFor: createShareMeta({ posts, repo: postsRepo, appUrl: config.appUrl }),
  });

  // Timed work as repeatable jobs (record 0041): with Redis one scheduler for all instances, so
  // each minute's sweep runs once, on whichever instance takes it.
  jobs
    .define({ kind: 'moderation:lift-expired', payload: z.object({}), attempts: 1, summary: () => 'lift expired suspensions', handler: () => moderation.liftExpired() })
    .every(60_000, {});
  // On start and every minute: expired exports deleted, and requests left waiting or left
  // processing by a crashed instance (their lease ran out) built; old "sent" marks of jobs dropped.
  const exportSweep = jobs.define({
    kind: 'data-export:sweep',
    payload: z.object({}),
    attempts: 1,
    summary: () => 'sweep data exports',
    handler: async () => {
      await dataExports.sweep();
      dataExports.kick();
      await jobMarks.sweep();
    },
  });
  exportSweep.enqueue({});
  exportSweep.every(60_000, {});
  await jobs.start();

  app.addHook('onClose', async () => {
    clearInterval(alertTimer);
    await registry.close();
    await blockList.close();
    await settings.close();
    await analysis.close();
    // Stops taking jobs and waits (10 s at most) for the running ones (record 0041).
    await jobs.close();
    // After the jobs drained: a plate's analysis in flight still has its workers.
    await analyzer?.close();
    mailer.close();
    await filterChannel?.close();
    await templateChannel?.close();
    await redis?.quit();
    if (!deps.database) await database.close();
  });

  const decorated = app as unknown as App;
  decorated.services = { auth, system, jobs, database, media, storage, posts, realtime, moderation, blockList, dataExports, announcements, analysis, systemRegistry: registry };
  decorated.adminRoutes = adminRouteList;
  decorated.startDraining = (reconnectWithinMs) => {
    draining = true;
    realtime.drain(reconnectWithinMs);
  };
  return decorated;
}
