import { z } from 'zod';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import {
  DATA_EXPORT_MESSAGES,
  DATA_EXPORT_TTL_DAYS,
  MESSAGES,
  dataExportReadyText,
  type AdminDataExportsResponse,
  type DataExportActionResponse,
  type DataExportDto,
  type DataExportStatus,
  type MyDataExportsResponse,
} from '@plates/common';
import type { DataExportRequest } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import type { Jobs } from '../../lib/jobs.js';
import { decodeKeyset, encodeKeyset } from '../../lib/keyset.js';
import { renderTemplate, type Mailer } from '../../lib/mailer.js';
import type { RequestMeta } from '../../lib/request-meta.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import type { Member } from '../../lib/viewer.js';
import type { Audit } from '../admin/audit.js';
import type { Staff } from '../admin/permissions.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import { writeArchive, type ImageOpener } from './data-exports.archive.js';
import type { DataExportsRepository } from './data-exports.repository.js';

export const DATA_EXPORT_PAGE_SIZE = 20;
/** How many of their exports a member sees in Settings. */
export const MY_EXPORTS_SHOWN = 10;
/** A builder's claim lasts this long and is renewed while it works; a crashed builder's claim runs out. */
export const DATA_EXPORT_LEASE_MS = 2 * 60_000;
const DAY_MS = 86_400_000;
/** A file in the exports folder that no ready export names, and older than this, is deleted. */
const LITTER_AGE_MS = 60 * 60_000;
const FILE_NAME = /^export-\d+-[0-9a-f]{16}\.zip$/;

export interface DataExportsDeps {
  repo: DataExportsRepository;
  /** `DATA_DIR/exports`: never under the public uploads folder. */
  dir: string;
  openImage: ImageOpener;
  mailer: Mailer;
  notifications: Pick<NotificationsService, 'notify'>;
  audit: Audit;
  jobs: Jobs;
  appUrl: string;
  logger: FastifyBaseLogger;
  now?: () => Date;
  leaseMs?: number;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const OPEN: ReadonlySet<string> = new Set(['pending', 'processing']);

export function toDataExportDto(row: DataExportRequest, at?: Date): DataExportDto {
  // Past its time but not yet swept (the sweep runs every minute): already expired for the member.
  const lapsed = row.status === 'ready' && at !== undefined && row.expiresAt !== null && row.expiresAt.getTime() <= at.getTime();
  if (lapsed) return { ...toDataExportDto({ ...row, status: 'expired' }), completedAt: iso(row.completedAt) };
  return {
    id: row.id,
    status: row.status as DataExportStatus,
    createdAt: row.createdAt.toISOString(),
    completedAt: iso(row.completedAt),
    expiresAt: row.status === 'ready' ? iso(row.expiresAt) : null,
    sizeBytes: row.status === 'ready' ? row.sizeBytes : null,
    // The member reads what happened in words for people; the detail is for staff.
    errorMessage: row.status === 'failed' ? DATA_EXPORT_MESSAGES.buildFailed : null,
  };
}

/** The zip's name as the member's browser saves it. */
export function downloadName(username: string, at: Date): string {
  return `plates-data-${username.replace(/[^a-z0-9_-]/gi, '_')}-${at.toISOString().slice(0, 10)}.zip`;
}

/**
 * Data exports (issue 16): the member's request (one open at a time), the builder (a background
 * job claiming requests with `FOR UPDATE SKIP LOCKED` under a renewed lease, so two instances
 * never build the same one and a crashed instance's request is built again), the download (mail
 * link token and the owner's session, both), the expiry sweep, and the admin queue with retry.
 */
export function createDataExportsService(deps: DataExportsDeps) {
  const { repo, dir, mailer, notifications, audit, jobs, logger } = deps;
  const now = deps.now ?? (() => new Date());
  const leaseMs = deps.leaseMs ?? DATA_EXPORT_LEASE_MS;
  let draining = false;
  let again = false;

  /** Builds one claimed request; a failure is recorded on the row, never thrown. */
  async function build(row: DataExportRequest): Promise<void> {
    const attempt = row.attempts;
    await mkdir(dir, { recursive: true });
    const fileName = `export-${row.id}-${randomBytes(8).toString('hex')}.zip`;
    const file = path.join(dir, fileName);
    let leaseLost = false;
    let renewing: Promise<void> = Promise.resolve();
    let lastRenewal = now().getTime();
    try {
      const sizeBytes = await writeArchive({
        userId: row.userId,
        sections: repo,
        openImage: deps.openImage,
        file,
        onProgress: () => {
          if (leaseLost) throw new Error('the claim on this export was lost');
          const at = now().getTime();
          if (at - lastRenewal < leaseMs / 3) return;
          lastRenewal = at;
          renewing = repo.renewLease(row.id, attempt, new Date(at + leaseMs)).then((held) => {
            if (!held) leaseLost = true;
          });
        },
      });
      await renewing;
      const token = newToken();
      const completedAt = now();
      const expiresAt = new Date(completedAt.getTime() + DATA_EXPORT_TTL_DAYS * DAY_MS);
      const ready = await repo.transaction(async (tx) => {
        const done = await repo.markReady(row.id, attempt, { fileName, sizeBytes, tokenHash: hashToken(token), completedAt, expiresAt }, tx);
        if (done) {
          await notifications.notify(
            { userId: row.userId, type: 'system', title: DATA_EXPORT_MESSAGES.readyTitle, message: dataExportReadyText(expiresAt), metadata: { dataExportId: row.id } },
            tx,
          );
        }
        return done;
      });
      if (!ready) {
        // Another builder took it over (our lease ran out): its file is the one kept.
        await rm(file, { force: true });
        return;
      }
      await mailLink(row.userId, token, expiresAt);
    } catch (error) {
      await rm(file, { force: true });
      logger.error({ err: error, dataExportId: row.id }, 'data export failed');
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      const at = now();
      await repo.transaction(async (tx) => {
        const failed = await repo.markFailed(row.id, attempt, message, at, tx);
        if (failed) {
          await notifications.notify(
            { userId: row.userId, type: 'system', title: DATA_EXPORT_MESSAGES.failedTitle, message: `${DATA_EXPORT_MESSAGES.buildFailed} You can ask again from Settings.`, metadata: { dataExportId: row.id } },
            tx,
          );
        }
      });
    }
  }

  async function mailLink(userId: number, token: string, expiresAt: Date): Promise<void> {
    const profile = await repo.profile(userId);
    if (!profile) return;
    const values = {
      name: profile.displayName || profile.username,
      // A page of the app: a signed-out member is asked to sign in and comes back to it.
      link: `${deps.appUrl}/data-export/${token}`,
      until: expiresAt.toISOString().slice(0, 10),
      settings: `${deps.appUrl}/profile/${userId}?tab=settings`,
    };
    await mailer.send({
      to: profile.email,
      subject: 'Your Plates data export is ready',
      text: renderTemplate(
        'Hello {{name}},\n\nYour data export is ready. Open this link to download it (until {{until}}); Plates asks you to sign in as {{name}} first if you are not:\n\n{{link}}\n\nYou can also download or delete it in Settings: {{settings}}\n\nIf you did not ask for your data, change your password.\n\nPlates',
        values,
        false,
      ),
      html: renderTemplate(
        '<p>Hello {{name}},</p><p>Your data export is ready. Open this link to download it (until {{until}}); Plates asks you to sign in first if you are not:</p><p><a href="{{link}}">Download your data</a></p><p>You can also download or delete it in <a href="{{settings}}">Settings</a>.</p><p>If you did not ask for your data, change your password.</p><p>Plates</p>',
        values,
        true,
      ),
    });
  }

  /** Builds waiting requests one after the other until none is left (one loop per instance). */
  async function drain(): Promise<void> {
    if (draining) {
      again = true;
      return;
    }
    draining = true;
    try {
      do {
        again = false;
        for (let row = await repo.claimNext(now(), leaseMs); row; row = await repo.claimNext(now(), leaseMs)) await build(row);
      } while (again);
    } finally {
      draining = false;
    }
  }

  /** Deletes a file of the exports folder by name (names are ours; anything else is ignored). */
  async function deleteFile(fileName: string | null): Promise<void> {
    if (!fileName || !FILE_NAME.test(fileName)) return;
    await rm(path.join(dir, fileName), { force: true }).catch((error: unknown) => logger.warn({ err: error, fileName }, 'could not delete a data export file'));
  }

  async function fileOf(row: DataExportRequest): Promise<{ stream: Readable; size: number; fileName: string }> {
    if (row.status !== 'ready' || !row.fileName || !row.expiresAt || row.expiresAt.getTime() <= now().getTime()) {
      if (row.status === 'expired' || row.status === 'deleted' || (row.status === 'ready' && row.expiresAt && row.expiresAt.getTime() <= now().getTime())) {
        throw new AppError('GONE', DATA_EXPORT_MESSAGES.gone);
      }
      throw new AppError('CONFLICT', DATA_EXPORT_MESSAGES.notReady);
    }
    const file = path.join(dir, row.fileName);
    const size = await stat(file).then(
      (info) => info.size,
      () => undefined,
    );
    if (size === undefined) throw new AppError('GONE', DATA_EXPORT_MESSAGES.gone);
    const owner = await repo.profile(row.userId);
    return { stream: createReadStream(file), size, fileName: downloadName(owner?.username ?? 'member', row.completedAt ?? row.createdAt) };
  }

  // The builder as a queued job: any instance may take it; two at once share the waiting
  // requests through their leases (claimNext), so a job per request asked is never needed.
  const buildJob = jobs.define({
    kind: 'data-export:build',
    payload: z.object({}),
    attempts: 3,
    backoffMs: 30_000,
    summary: () => 'build the waiting data exports',
    handler: () => drain(),
  });

  const service = {
    /** Runs the builder after the answer (and picks up anything left waiting). */
    kick(): void {
      buildJob.enqueue({});
    },

    /** Test and start-up hook: builds every waiting request now. */
    drain,

    /** The member asks for their data: one open request at a time (409 otherwise). */
    async request(member: Member): Promise<DataExportDto> {
      const at = now();
      let row: DataExportRequest;
      try {
        row = await repo.transaction(async (tx) => {
          if (!(await repo.lockMember(member.id, tx))) throw new AppError('UNAUTHORIZED', MESSAGES.notAuthenticated);
          if (await repo.openOf(member.id, tx)) throw new AppError('CONFLICT', DATA_EXPORT_MESSAGES.alreadyOpen);
          return repo.insert(member.id, at, tx);
        });
      } catch (error) {
        // The partial unique index is the last word when two requests race.
        if (isUniqueViolation(error)) throw new AppError('CONFLICT', DATA_EXPORT_MESSAGES.alreadyOpen);
        throw error;
      }
      service.kick();
      return toDataExportDto(row);
    },

    async mine(member: Member): Promise<MyDataExportsResponse> {
      const rows = await repo.listOf(member.id, MY_EXPORTS_SHOWN);
      const at = now();
      return { exports: rows.map((row) => toDataExportDto(row, at)), canRequest: !rows.some((row) => OPEN.has(row.status)) };
    },

    /** The member deletes their export: the file goes at once and the link stops working. */
    async remove(member: Member, id: number): Promise<DataExportActionResponse> {
      const fileName = await repo.transaction(async (tx) => {
        const found = await repo.lock(id, tx);
        if (!found || found.request.userId !== member.id) throw new AppError('NOT_FOUND', DATA_EXPORT_MESSAGES.notFound);
        if (found.request.status !== 'ready') throw new AppError('CONFLICT', DATA_EXPORT_MESSAGES.notReady);
        await repo.markDeleted(id, now(), tx);
        return found.request.fileName;
      });
      await deleteFile(fileName);
      return { message: DATA_EXPORT_MESSAGES.deleted };
    },

    /** The mail link: the token names the export, and only its owner's session may fetch it. */
    async byToken(member: Member, token: string) {
      const row = await repo.byTokenHash(hashToken(token));
      // Another member holding the link learns nothing, not even that it exists.
      if (!row || row.userId !== member.id) throw new AppError('NOT_FOUND', DATA_EXPORT_MESSAGES.notFound);
      return fileOf(row);
    },

    /** The mail link's page: what the export is now, for its owner only (404 for anyone else). */
    async statusByToken(member: Member, token: string): Promise<DataExportDto> {
      const row = await repo.byTokenHash(hashToken(token));
      if (!row || row.userId !== member.id) throw new AppError('NOT_FOUND', DATA_EXPORT_MESSAGES.notFound);
      return toDataExportDto(row, now());
    },

    /** The Settings button: the owner's session alone (they can ask for a new export anyway). */
    async byId(member: Member, id: number) {
      const row = await repo.byId(id);
      if (!row || row.userId !== member.id) throw new AppError('NOT_FOUND', DATA_EXPORT_MESSAGES.notFound);
      return fileOf(row);
    },

    /** The admin queue: newest first, optionally one status. */
    async queue(query: { status?: DataExportStatus | undefined; cursor?: string | undefined }): Promise<AdminDataExportsResponse> {
      const rows = await repo.queue({ status: query.status, cursor: decodeKeyset(query.cursor), limit: DATA_EXPORT_PAGE_SIZE + 1 });
      const kept = rows.slice(0, DATA_EXPORT_PAGE_SIZE);
      const last = kept[kept.length - 1];
      return {
        exports: kept.map(({ request, member, processor }) => ({
          ...toDataExportDto(request),
          // Staff see what actually went wrong.
          errorMessage: request.errorMessage,
          member,
          requestType: request.requestType,
          attempts: request.attempts,
          processedBy: processor?.id != null ? { id: processor.id, username: processor.username } : null,
          updatedAt: request.updatedAt.toISOString(),
        })),
        nextCursor: rows.length > DATA_EXPORT_PAGE_SIZE && last ? encodeKeyset({ at: last.keyAt, id: last.request.id }) : null,
      };
    },

    /** Puts a failed export back in the queue (audited; the member is told when it is ready). */
    async retry(staff: Staff, id: number, meta: RequestMeta): Promise<DataExportActionResponse> {
      const at = now();
      try {
        await repo.transaction(async (tx) => {
          const found = await repo.lock(id, tx);
          if (!found) throw new AppError('NOT_FOUND', DATA_EXPORT_MESSAGES.notFound);
          if (found.request.status !== 'failed') throw new AppError('CONFLICT', DATA_EXPORT_MESSAGES.notFailed);
          if (await repo.openOf(found.request.userId, tx)) throw new AppError('CONFLICT', DATA_EXPORT_MESSAGES.alreadyOpen);
          await repo.requeue(id, staff.id, at, tx);
          await audit.record(
            {
              staff,
              action: 'data_export_retried',
              target: { type: 'user', id: found.request.userId, label: found.username },
              before: { status: 'failed', errorMessage: found.request.errorMessage },
              after: { status: 'pending' },
              details: { dataExportId: id, attempts: found.request.attempts },
              meta,
            },
            tx,
          );
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('CONFLICT', DATA_EXPORT_MESSAGES.alreadyOpen);
        throw error;
      }
      service.kick();
      return { message: DATA_EXPORT_MESSAGES.retried };
    },

    /**
     * Ready exports past their time become expired and their files are deleted; files no ready
     * export names (a deleted account's, a crashed build's) are deleted once they are an hour old.
     */
    async sweep(): Promise<{ expired: number; litter: number }> {
      const due = await repo.expireDue(now());
      for (const row of due) await deleteFile(row.fileName);
      const kept = await repo.keptFileNames();
      let litter = 0;
      const names = await readdir(dir).catch(() => [] as string[]);
      for (const name of names) {
        if (kept.has(name)) continue;
        const info = await stat(path.join(dir, name)).catch(() => undefined);
        if (!info?.isFile() || now().getTime() - info.mtime.getTime() < LITTER_AGE_MS) continue;
        await rm(path.join(dir, name), { force: true });
        litter += 1;
      }
      return { expired: due.length, litter };
    },
  };
  return service;
}

export type DataExportsService = ReturnType<typeof createDataExportsService>;
