import {
  FILTER_SCOPES,
  FilterAction,
  FilterScope,
  FilterSeverity,
  FilterType,
  type ContentFilterDto,
  type ContentFilterTestResponse,
  type FilterHitDto,
  type FilterMatchPart,
  type HeldItemDto,
} from '@plates/common';
import type { z } from 'zod';
import type { ContentFilterBody as ContentFilterBodySchema } from '@plates/common';
import type { Tx } from '../../db/client.js';
import type { ContentFilter, NewSecurityEvent, SecurityEvent } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import type { Jobs } from '../../lib/jobs.js';
import type { RequestMeta } from '../../lib/request-meta.js';
import type { Audit } from '../admin/audit.js';
import type { Staff } from '../admin/permissions.js';
import { FILTER_HIT_EVENT, type ContentFiltersRepository } from './content-filters.repository.js';
import { compileFilter, decodeScopes, encodeScopes, fold, wordsOf, type CompiledFilter, type FilterDefinition } from './matcher.js';
import { checkPattern } from './pattern-safety.js';
import type { ReloadChannel } from './reload-channel.js';

export const FILTER_MESSAGES = {
  notFound: 'Content filter not found',
  noWords: 'Give at least one word or phrase (separate several with commas).',
  blocked: {
    titles: 'The title contains words that are not allowed here.',
    descriptions: 'The description contains words that are not allowed here.',
    comments: 'This comment contains words that are not allowed here.',
    replies: 'This reply contains words that are not allowed here.',
    bios: 'Your bio contains words that are not allowed here.',
    display_names: 'Your display name contains words that are not allowed here.',
    chat: 'This message contains words that are not allowed here.',
  } satisfies Record<FilterScope, string>,
  /** A `hold` on a profile field, which has no review queue: refused, the old value kept. */
  held: {
    bios: 'Your bio contains words that need a moderator’s look, so it cannot be saved. Change them and try again.',
    display_names: 'Your display name contains words that need a moderator’s look, so it cannot be saved. Change them and try again.',
  } satisfies Partial<Record<FilterScope, string>>,
} as const;

/** Scopes whose text has no review queue: a `hold` there refuses the write (like a block, in its own words). */
const UNHELD_SCOPES = ['bios', 'display_names'] as const satisfies readonly FilterScope[];
type UnheldScope = (typeof UNHELD_SCOPES)[number];
const isUnheld = (scope: FilterScope): scope is UnheldScope => (UNHELD_SCOPES as readonly FilterScope[]).includes(scope);

/** What the held queue shows of a held item's filter hits. */
export type HeldMatches = Pick<HeldItemDto, 'hits' | 'parts'>;

/** A text about to be written, where it goes, and the request field it came from. */
export interface ScreenField {
  scope: FilterScope;
  /** The request's field (`title`, `comment`, `content`, `bio`…): a block names it. */
  field: string;
  /** Unchanged or absent fields are passed as undefined or null and skipped. */
  text: string | null | undefined;
}

export interface FilterHit {
  filterId: number;
  filterName: string;
  action: FilterAction;
  severity: FilterSeverity;
  scope: FilterScope;
  field: string;
  /** The matching parts as written, joined with ", ". */
  match: string;
}

/**
 * What the active filters made of a write: its hits (flag and hold) and whether to hold it (a
 * plate, comment, reply, chat request or message; a profile field with a hold was refused).
 */
export interface Screening {
  hits: FilterHit[];
  held: boolean;
}

/** The part of the service the writing modules use (posts, comments, users, chat). */
export interface ContentScreen {
  /**
   * Checks the texts against the active filters. A block refuses the write: 400 naming the field,
   * the attempt recorded (after the answer) with no entity. Otherwise the hits, to `record` with
   * the stored thing in its transaction.
   */
  screen(fields: ScreenField[], userId: number | null): Screening;
  /** Records the hits on the stored thing, in the write's transaction (when it has one). */
  record(screening: Screening, entity: { type: string; id: number }, userId: number, tx?: Tx): Promise<void>;
  /** The thing's recorded hits now belong to `toId` (a held chat message published under a new id). */
  moveHits(entityType: string, fromId: number, toId: number, tx: Tx): Promise<void>;
}

export interface ContentFiltersDeps {
  repo: ContentFiltersRepository;
  audit: Audit;
  jobs: Jobs;
  /** Tells other instances to reload after a change (Redis pub/sub); absent on a single instance. */
  channel?: ReloadChannel;
}

const MATCH_MAX = 300;

function definitionOf(row: ContentFilter): FilterDefinition {
  return {
    id: row.id,
    name: row.name,
    filterType: FilterType.safeParse(row.filterType).data ?? 'word',
    pattern: row.pattern,
    action: FilterAction.safeParse(row.action).data ?? 'flag',
    severity: FilterSeverity.safeParse(row.severity).data ?? 'medium',
    appliesTo: decodeScopes(row.appliesTo, FILTER_SCOPES),
    isActive: row.isActive,
  };
}

export function toContentFilterDto(row: ContentFilter): ContentFilterDto {
  const { id, name, filterType, pattern, action, severity, appliesTo, isActive } = definitionOf(row);
  return {
    id,
    name,
    filterType,
    pattern,
    action,
    severity,
    appliesTo: appliesTo === 'all' ? 'all' : [...appliesTo],
    isActive,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toFilterHitDto(row: SecurityEvent): FilterHitDto | null {
  const m = row.metadata ?? {};
  const scope = FilterScope.safeParse(m.scope);
  if (!scope.success || typeof m.filterId !== 'number') return null;
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    userId: row.userId,
    filterId: m.filterId,
    filterName: String(m.filterName ?? ''),
    action: FilterAction.safeParse(m.action).data ?? 'flag',
    severity: FilterSeverity.safeParse(row.severity).data ?? 'medium',
    scope: scope.data,
    field: String(m.field ?? ''),
    match: String(m.match ?? ''),
    entityType: typeof m.entityType === 'string' ? m.entityType : null,
    entityId: typeof m.entityId === 'number' ? m.entityId : null,
  };
}

/** What a body stores: the columns, with `appliesTo` as text ('all' or comma-separated scopes). */
function columnsOf(body: z.output<typeof ContentFilterBodySchema>) {
  return {
    name: body.name,
    filterType: body.filterType,
    pattern: body.filterType === 'word' ? wordsOf(body.pattern).join(', ') : body.pattern,
    action: body.action,
    severity: body.severity,
    appliesTo: encodeScopes(body.appliesTo),
    isActive: body.isActive,
  };
}

/** The stored columns an audit row keeps, before and after. */
const auditView = (row: ContentFilter) => ({
  name: row.name,
  filterType: row.filterType,
  pattern: row.pattern,
  action: row.action,
  severity: row.severity,
  appliesTo: row.appliesTo,
  isActive: row.isActive,
});

/**
 * Content filters (issue 13): words or patterns that flag, hold or block text as it is written.
 * The filters are compiled once and kept in memory; every change reloads them here at once (before
 * the change is answered) and, through the channel, on the other instances.
 */
export function createContentFilters(deps: ContentFiltersDeps) {
  const { repo, audit, jobs, channel } = deps;
  let all: CompiledFilter[] = [];
  let active: CompiledFilter[] = [];
  /** Loads may overlap (a local change and a message from another instance): the latest started wins. */
  let started = 0;
  let applied = 0;

  async function load(): Promise<void> {
    const ticket = ++started;
    const rows = await repo.all();
    if (ticket < applied) return;
    applied = ticket;
    all = rows.map((row) => compileFilter(definitionOf(row)));
    active = all.filter((filter) => filter.isActive);
  }

  /** After a committed change: reload here, then tell the other instances. */
  async function changed(): Promise<void> {
    await load();
    if (channel) jobs.run('content-filters:publish', () => channel.publish());
  }

  function validate(body: z.output<typeof ContentFilterBodySchema>): void {
    if (body.filterType === 'pattern') {
      const check = checkPattern(body.pattern);
      if (!check.ok) throw new AppError('VALIDATION_ERROR', check.message, 'pattern');
    } else if (wordsOf(body.pattern).length === 0) {
      throw new AppError('VALIDATION_ERROR', FILTER_MESSAGES.noWords, 'pattern');
    }
  }

  function hitRow(hit: FilterHit, userId: number | null, entity: { type: string; id: number } | null): NewSecurityEvent {
    return {
      userId,
      eventType: FILTER_HIT_EVENT,
      severity: hit.severity,
      description: `Content filter "${hit.filterName}" (${hit.action}) matched "${hit.match}" in ${hit.scope.replace('_', ' ')}`.slice(0, 1000),
      metadata: {
        filterId: hit.filterId,
        filterName: hit.filterName,
        action: hit.action,
        scope: hit.scope,
        field: hit.field,
        match: hit.match,
        entityType: entity?.type ?? null,
        entityId: entity?.id ?? null,
      },
    };
  }

  /** Records a refused attempt (after the answer, with no entity) and answers the refusal. */
  function refuse(hit: FilterHit, userId: number | null, message: string): AppError {
    jobs.run('content-filters:blocked', () => repo.insertHits([hitRow(hit, userId, null)]));
    return new AppError('VALIDATION_ERROR', message, hit.field);
  }

  const screenApi: ContentScreen = {
    screen(fields, userId) {
      const hits: FilterHit[] = [];
      for (const { scope, field, text } of fields) {
        if (!text) continue;
        const folded = fold(text);
        for (const filter of active) {
          if (!filter.appliesIn(scope)) continue;
          const parts = filter.match(text, folded);
          if (parts.length === 0) continue;
          const match = [...new Set(parts.map((part) => part.text))].join(', ').slice(0, MATCH_MAX);
          const hit: FilterHit = { filterId: filter.id, filterName: filter.name, action: filter.action, severity: filter.severity, scope, field, match };
          if (filter.action === 'block') throw refuse(hit, userId, FILTER_MESSAGES.blocked[scope]);
          hits.push(hit);
        }
      }
      // A bio or display name cannot wait in a queue: a hold there refuses it (once no block did).
      const unheld = hits.find((hit) => hit.action === 'hold' && isUnheld(hit.scope));
      if (unheld && isUnheld(unheld.scope)) throw refuse(unheld, userId, FILTER_MESSAGES.held[unheld.scope]);
      return { hits, held: hits.some((hit) => hit.action === 'hold') };
    },

    async record(screening, entity, userId, tx) {
      await repo.insertHits(
        screening.hits.map((hit) => hitRow(hit, userId, entity)),
        tx,
      );
    },

    async moveHits(entityType, fromId, toId, tx) {
      await repo.moveHits(entityType, fromId, toId, tx);
    },
  };

  return {
    ...screenApi,
    load,

    /** Listens for reloads from other instances (after the first load). */
    async listen(): Promise<void> {
      await channel?.subscribe(() => jobs.run('content-filters:reload', load));
    },

    async list(): Promise<ContentFilterDto[]> {
      return (await repo.all()).map(toContentFilterDto);
    },

    async save(staff: Staff, id: number | null, body: z.output<typeof ContentFilterBodySchema>, meta: RequestMeta): Promise<ContentFilterDto> {
      validate(body);
      const values = columnsOf(body);
      const row = await repo.transaction(async (tx) => {
        const before = id === null ? undefined : await repo.lock(id, tx);
        if (id !== null && !before) throw new AppError('NOT_FOUND', FILTER_MESSAGES.notFound);
        const saved = before ? await repo.update(before.id, values, tx) : await repo.insert({ ...values, createdBy: staff.id }, tx);
        await audit.record(
          {
            staff,
            action: before ? 'content_filter_updated' : 'content_filter_created',
            target: { type: 'content_filter', id: saved.id, label: saved.name },
            before: before ? auditView(before) : null,
            after: auditView(saved),
            meta,
          },
          tx,
        );
        return saved;
      });
      await changed();
      return toContentFilterDto(row);
    },

    async remove(staff: Staff, id: number, meta: RequestMeta): Promise<void> {
      await repo.transaction(async (tx) => {
        const before = await repo.lock(id, tx);
        if (!before) throw new AppError('NOT_FOUND', FILTER_MESSAGES.notFound);
        await repo.remove(id, tx);
        await audit.record(
          {
            staff,
            action: 'content_filter_deleted',
            target: { type: 'content_filter', id, label: before.name },
            before: auditView(before),
            meta,
          },
          tx,
        );
      });
      await changed();
    },

    /** Every filter, active or not, that matches `text` anywhere, with the matching parts. */
    test(text: string): ContentFilterTestResponse {
      const folded = fold(text);
      const matches: ContentFilterTestResponse['matches'] = [];
      for (const filter of all) {
        const parts = filter.match(text, folded);
        if (parts.length === 0) continue;
        matches.push({
          filterId: filter.id,
          filterName: filter.name,
          filterType: filter.filterType,
          action: filter.action,
          severity: filter.severity,
          isActive: filter.isActive,
          parts,
        });
      }
      return { matches };
    },

    /**
     * For the held queue: each item's recorded hits, and the parts of its text that the filters
     * which caught it match now (a filter deleted since highlights nothing; its hit is still listed).
     */
    async heldMatches(items: readonly { kind: string; id: number; text: string }[]): Promise<Map<string, HeldMatches>> {
      const rows = await repo.hitsOnMany(items.map((item) => ({ type: item.kind, id: item.id })));
      const byKey = new Map<string, FilterHitDto[]>();
      for (const hit of rows.map(toFilterHitDto)) {
        if (!hit || hit.entityType === null || hit.entityId === null) continue;
        const key = `${hit.entityType}:${hit.entityId}`;
        byKey.set(key, [...(byKey.get(key) ?? []), hit]);
      }
      const out = new Map<string, HeldMatches>();
      for (const item of items) {
        const key = `${item.kind}:${item.id}`;
        const hits = byKey.get(key) ?? [];
        const ids = new Set(hits.map((hit) => hit.filterId));
        const folded = fold(item.text);
        const parts: FilterMatchPart[] = all.filter((filter) => ids.has(filter.id)).flatMap((filter) => filter.match(item.text, folded));
        out.set(key, {
          hits: hits.map(({ filterName, action, match }) => ({ filterName, action, match })),
          parts,
        });
      }
      return out;
    },

    /** Recorded hits on a stored thing, for moderators. */
    async hitsOn(entityType: string, entityId: number): Promise<FilterHitDto[]> {
      return (await repo.hitsOn(entityType, entityId)).map(toFilterHitDto).filter((hit) => hit !== null);
    },
  };
}

export type ContentFilters = ReturnType<typeof createContentFilters>;
