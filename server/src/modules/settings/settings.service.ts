import {
  SETTING_KEYS,
  SETTINGS,
  SETTINGS_MESSAGES,
  isSettingKey,
  type SettingDto,
  type SettingKey,
  type SettingValue,
  type SettingValues,
} from '@plates/common';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import type { RequestMeta } from '../../lib/request-meta.js';
import type { Audit } from '../admin/audit.js';
import type { Staff } from '../admin/permissions.js';
import type { ChangeBus } from '../security/block-list.js';
import type { SettingsRepository } from './settings.repository.js';

interface Stored {
  value: SettingValues[SettingKey];
  updatedAt: Date;
}

export interface SettingsServiceDeps {
  repo: SettingsRepository;
  audit: Audit;
  /** Tells every instance to read the settings again (the IP blocks' change bus: Redis pub/sub or local). */
  bus: ChangeBus;
  /** Tells every open page that maintenance or registration changed (the realtime plugin's broadcast). */
  announce: (payload: { maintenance: boolean; registration: SettingValues['registration_mode'] }) => void;
  /** Values used while nothing is stored, over the registry's defaults (the server's configured limits). */
  fallbacks?: Partial<SettingValues>;
  logger: FastifyBaseLogger;
  /** Reads the settings again this often whatever is published, in case a message was missed. */
  resyncMs?: number;
  now?: () => Date;
}

/** A stored text read back through the registry; a value it no longer accepts counts as unset. */
function decode<K extends SettingKey>(key: K, text: string): SettingValue<K> | undefined {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = SETTINGS[key].schema.safeParse(raw);
  return parsed.success ? (parsed.data as SettingValue<K>) : undefined;
}

/**
 * The admin's settings: read from memory on every request (no query), loaded at start and again
 * after every change (this instance's own before it answers, the others' when the bus tells them).
 */
export function createSettingsService(deps: SettingsServiceDeps) {
  const { repo, audit, bus, logger } = deps;
  const now = deps.now ?? (() => new Date());
  let stored = new Map<SettingKey, Stored>();
  let generation = 0;
  let timer: NodeJS.Timeout | undefined;

  async function reload(): Promise<void> {
    const mine = ++generation;
    const rows = await repo.all();
    if (mine !== generation) return; // a later reload read newer rows
    const next = new Map<SettingKey, Stored>();
    for (const row of rows) {
      if (!isSettingKey(row.key)) continue;
      const value = decode(row.key, row.value);
      if (value === undefined) logger.warn({ key: row.key }, 'settings: stored value refused, the default applies');
      else next.set(row.key, { value, updatedAt: row.updatedAt });
    }
    stored = next;
  }

  function reloadQuietly(): void {
    reload().catch((error: unknown) => logger.error({ err: error }, 'settings: reload failed'));
  }

  function fallback<K extends SettingKey>(key: K): SettingValue<K> {
    return (deps.fallbacks?.[key] ?? SETTINGS[key].default) as SettingValue<K>;
  }

  function get<K extends SettingKey>(key: K): SettingValue<K> {
    return (stored.get(key)?.value as SettingValue<K> | undefined) ?? fallback(key);
  }

  function toDto(key: SettingKey): SettingDto {
    const entry = stored.get(key);
    const bounds = 'bounds' in SETTINGS[key] ? SETTINGS[key].bounds : undefined;
    return {
      key,
      value: get(key),
      default: fallback(key),
      stored: entry !== undefined,
      ...(bounds ? { min: bounds.min, max: bounds.max } : {}),
      updatedAt: entry?.updatedAt.toISOString() ?? null,
    };
  }

  /** Stores a checked value; answers the value it replaced. */
  async function write<K extends SettingKey>(key: K, value: SettingValue<K>, record?: (before: unknown, id: number, tx: Parameters<Audit['record']>[1]) => Promise<void>) {
    const before = get(key);
    await repo.transaction(async (tx) => {
      const previous = await repo.lock(key, tx);
      const row = await repo.put(key, JSON.stringify(value), now(), tx);
      await record?.(previous ? (decode(key, previous.value) ?? fallback(key)) : fallback(key), row.id, tx);
    });
    await reload();
    await bus.publish().catch((error: unknown) => logger.error({ err: error }, 'settings: publish failed'));
    if ((key === 'maintenance_mode' || key === 'registration_mode') && before !== value) {
      deps.announce({ maintenance: get('maintenance_mode'), registration: get('registration_mode') });
    }
  }

  return {
    /** Loads the settings and listens for changes; the app does not answer before this. */
    async start(): Promise<void> {
      await reload();
      await bus.subscribe(reloadQuietly);
      if (deps.resyncMs) {
        timer = setInterval(reloadQuietly, deps.resyncMs);
        timer.unref();
      }
    },

    get,

    list(): SettingDto[] {
      return SETTING_KEYS.map(toDto);
    },

    /** An admin's change: checked against the registry, stored with its audit row in one transaction. */
    async update(staff: Staff, key: string, raw: unknown, meta: RequestMeta): Promise<SettingDto> {
      if (!isSettingKey(key)) throw new AppError('NOT_FOUND', SETTINGS_MESSAGES.unknownKey, 'key');
      const parsed = SETTINGS[key].schema.safeParse(raw);
      if (!parsed.success) {
        throw new AppError('VALIDATION_ERROR', parsed.error.issues[0]?.message ?? SETTINGS_MESSAGES.unknownKey, 'value');
      }
      await write(key, parsed.data as SettingValue<typeof key>, (before, id, tx) =>
        audit.record(
          {
            staff,
            action: 'setting_changed',
            target: { type: 'setting', id, label: key },
            before: { value: before },
            after: { value: parsed.data },
            meta,
          },
          tx,
        ),
      );
      return toDto(key);
    },

    /** A change made by the server itself (tests, scripts): no admin, so no audit row. */
    async set<K extends SettingKey>(key: K, value: SettingValue<K>): Promise<void> {
      await write(key, SETTINGS[key].schema.parse(value) as SettingValue<K>);
    },

    async close(): Promise<void> {
      if (timer) clearInterval(timer);
      await bus.close();
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
