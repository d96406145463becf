import {
  COMMUNITY_CONTENT_TYPES,
  COMMUNITY_MESSAGES,
  COMMUNITY_VERSIONS_PAGE_SIZE,
  type AdminCommunityContentDto,
  type AdminCommunityContentResponse,
  type CommunityContentDto,
  type CommunityContentResponse,
  type CommunityContentType,
  type CommunityVersionsResponse,
} from '@plates/common';
import { z } from 'zod';
import type { CommunityContentBody } from '@plates/common';
import type { CommunityContent } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { decodeCursor, encodeCursor } from '../../lib/cursor.js';
import type { RequestMeta } from '../../lib/request-meta.js';
import type { Audit } from '../admin/audit.js';
import type { Staff } from '../admin/permissions.js';
import { COMMUNITY_AUDIT_TARGET, type CommunityContentRepository } from './community-content.repository.js';

export interface CommunityContentDeps {
  repo: CommunityContentRepository;
  audit: Audit;
}

/** What an audit row keeps of the version a change replaced (all of it: that is the version's only copy). */
const Snapshot = z.object({ title: z.string(), content: z.string(), version: z.number().int() });
const snapshot = (row: CommunityContent) => ({ title: row.title, content: row.content, version: row.version });
/** What it keeps of the new version (its text is on the row, and in the next change's `before`). */
const summary = (row: CommunityContent) => ({ title: row.title, version: row.version, length: row.content.length });

function toDto(row: CommunityContent): CommunityContentDto {
  return {
    contentType: row.contentType as CommunityContentType,
    title: row.title,
    content: row.content,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}

const toAdminDto = (row: CommunityContent, editor: { id: number; username: string } | null): AdminCommunityContentDto => ({
  ...toDto(row),
  lastModifiedBy: editor,
});

const CursorKeys = z.tuple([z.number().int().positive()]);

/**
 * The community pages (About, How it works, the community guidelines: issue 16, decision record
 * 0030): Markdown written by staff holding manage_content, read by everyone. Each save is the next
 * version; the version it replaced is kept, whole, in that save's audit row (the log is
 * append-only), from where the admin reads and restores it.
 */
export function createCommunityContentService(deps: CommunityContentDeps) {
  const { repo, audit } = deps;

  async function withEditor(type: CommunityContentType): Promise<AdminCommunityContentDto> {
    const rows = await repo.allWithEditors();
    const found = rows.find((r) => r.page.contentType === type)!;
    return toAdminDto(found.page, found.editor);
  }

  /** Writes `next` over the page of `type` (or creates it) and audits the change as `action`. */
  async function write(
    staff: Staff,
    type: CommunityContentType,
    next: { title: string; content: string },
    meta: RequestMeta,
    options: { action: string; baseVersion?: number | undefined; details?: Record<string, unknown> },
  ): Promise<AdminCommunityContentDto> {
    await repo.transaction(async (tx) => {
      const before = await repo.lock(type, tx);
      if (options.baseVersion !== undefined && options.baseVersion !== (before?.version ?? 0)) {
        throw new AppError('CONFLICT', COMMUNITY_MESSAGES.stale);
      }
      if (before && before.title === next.title && before.content === next.content) return;
      const row = before
        ? await repo.update(before.id, { ...next, version: before.version + 1, isActive: true, lastModifiedBy: staff.id }, tx)
        : await repo.insert({ contentType: type, ...next, version: 1, lastModifiedBy: staff.id }, tx);
      await audit.record(
        {
          staff,
          action: before ? options.action : 'community_content_created',
          target: { type: COMMUNITY_AUDIT_TARGET, id: row.id, label: type },
          before: before ? snapshot(before) : null,
          after: summary(row),
          details: options.details ?? null,
          meta,
        },
        tx,
      );
    });
    return withEditor(type);
  }

  return {
    /** `GET /api/content/{type}`: the stored page, or null. */
    async get(type: CommunityContentType): Promise<CommunityContentResponse> {
      const row = await repo.find(type);
      return { page: row && row.isActive ? toDto(row) : null };
    },

    async adminList(): Promise<AdminCommunityContentResponse> {
      const rows = await repo.allWithEditors();
      return {
        pages: COMMUNITY_CONTENT_TYPES.map((contentType) => {
          const found = rows.find((r) => r.page.contentType === contentType);
          return { contentType, page: found ? toAdminDto(found.page, found.editor) : null };
        }),
      };
    },

    /** Saves a new version (refused when someone saved since `baseVersion`); the same text again changes nothing. */
    save(staff: Staff, type: CommunityContentType, body: z.output<typeof CommunityContentBody>, meta: RequestMeta) {
      return write(staff, type, { title: body.title, content: body.content }, meta, { action: 'community_content_updated', baseVersion: body.baseVersion });
    },

    /** Earlier versions, newest first. */
    async versions(type: CommunityContentType, cursor: string | undefined): Promise<CommunityVersionsResponse> {
      const row = await repo.find(type);
      if (!row) return { versions: [], nextCursor: null };
      const after = decodeCursor(cursor, CursorKeys)?.[0];
      const rows = await repo.versions(row.id, COMMUNITY_VERSIONS_PAGE_SIZE + 1, after);
      const kept = rows.slice(0, COMMUNITY_VERSIONS_PAGE_SIZE);
      const versions = kept.flatMap((r) => {
        const parsed = Snapshot.safeParse(r.before);
        return parsed.success ? [{ ...parsed.data, replacedAt: r.at.toISOString(), replacedBy: r.by }] : [];
      });
      const last = kept.at(-1);
      return { versions, nextCursor: rows.length > COMMUNITY_VERSIONS_PAGE_SIZE && last ? encodeCursor([last.auditId]) : null };
    },

    /** Saves an earlier version's title and text as the next version. */
    async restore(staff: Staff, type: CommunityContentType, version: number, meta: RequestMeta): Promise<AdminCommunityContentDto> {
      const current = await repo.find(type);
      if (!current) throw new AppError('NOT_FOUND', COMMUNITY_MESSAGES.versionNotFound, 'version');
      if (current.version === version) throw new AppError('CONFLICT', COMMUNITY_MESSAGES.sameVersion, 'version');
      const stored = Snapshot.safeParse(await repo.version(current.id, version));
      if (!stored.success) throw new AppError('NOT_FOUND', COMMUNITY_MESSAGES.versionNotFound, 'version');
      return write(staff, type, { title: stored.data.title, content: stored.data.content }, meta, {
        action: 'community_content_restored',
        baseVersion: current.version,
        details: { restoredFrom: version },
      });
    },
  };
}

export type CommunityContentService = ReturnType<typeof createCommunityContentService>;
