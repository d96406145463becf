/**
 * The admin's settings (/admin/settings, `GET /api/admin/settings`, `PUT /api/admin/settings/{key}`):
 * one typed registry of every key, shared by the server, which validates and stores the values,
 * and the web form, which validates with the same schemas and shows the same bounds.
 */
import { z } from 'zod';

export const REGISTRATION_MODES = ['open', 'approval', 'closed'] as const;
export const RegistrationMode = z.enum(REGISTRATION_MODES);
export type RegistrationMode = z.infer<typeof RegistrationMode>;

/** Words of the settings' answers and refusals. */
export const SETTINGS_MESSAGES = {
  unknownKey: 'There is no setting with this name.',
  registrationClosed: 'Registration is closed at the moment. Existing members can still sign in.',
  saved: (label: string) => `${label} saved.`,
} as const;

// Control characters (NUL, line breaks, escapes, DEL and the C1 range) have no place in a one-line value.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

function wholeNumber(label: string, min: number, max: number) {
  return z
    .number({ error: `${label} must be a number.` })
    .min(min, `${label} must be at least ${min}.`)
    .max(max, `${label} must be at most ${max}.`)
    .int(`${label} must be a whole number.`);
}

/** A whole-number setting's safe bounds: never 0, never unlimited. */
export interface SettingBounds {
  min: number;
  max: number;
}

interface SettingDef<S extends z.ZodType> {
  group: SettingGroup;
  label: string;
  help: string;
  schema: S;
  default: z.infer<S>;
  bounds?: SettingBounds;
}

export const SETTING_GROUPS = {
  access: { title: 'Access', description: 'Who may join Plates, and whether sign-ups pause for maintenance.' },
  site: { title: 'Site', description: 'How Plates names itself and where members can write to the team.' },
  limits: {
    title: 'Uploads and limits',
    description: 'How much one member may upload and write; each limit stays within safe bounds.',
  },
} as const;
export type SettingGroup = keyof typeof SETTING_GROUPS;

const def = <S extends z.ZodType>(d: SettingDef<S>) => d;

const LIMIT_BOUNDS = {
  max_upload_mb: { min: 1, max: 5 },
  plates_per_hour: { min: 1, max: 100 },
  comments_per_10_minutes: { min: 1, max: 200 },
  chat_messages_per_minute: { min: 1, max: 300 },
} as const satisfies Record<string, SettingBounds>;

export const SETTINGS = {
  maintenance_mode: def({
    group: 'access',
    label: 'Maintenance mode',
    help: 'Pauses sign-ups: /auth shows the maintenance banner and only Sign In. Members stay signed in and can still sign in.',
    schema: z.boolean({ error: 'Maintenance mode must be on or off.' }),
    default: false,
  }),
  registration_mode: def({
    group: 'access',
    label: 'Registration',
    help: 'Open: anyone may join. Approval: every new account waits in the queue on Members. Closed: nobody may join.',
    schema: z.enum(REGISTRATION_MODES, { error: 'Registration must be open, approval or closed.' }),
    default: 'open' as RegistrationMode,
  }),
  site_name: def({
    group: 'site',
    label: 'Site name',
    help: 'The name Plates goes by, 1 to 60 characters.',
    schema: z
      .string({ error: 'Site name must be text.' })
      .trim()
      .min(1, 'Site name is required.')
      .max(60, 'Site name must be at most 60 characters.')
      .refine((s) => !CONTROL.test(s), 'Site name cannot contain control characters.'),
    default: 'Plates',
  }),
  contact_email: def({
    group: 'site',
    label: 'Contact address',
    help: 'Where members can write to the Plates team.',
    schema: z
      .string({ error: 'Contact address must be text.' })
      .trim()
      .max(254, 'Contact address must be at most 254 characters.')
      .pipe(z.email('Contact address must be an email address.')),
    default: 'team@plates.example',
  }),
  max_upload_mb: def({
    group: 'limits',
    label: 'Largest photo (MB)',
    help: 'The largest photo a plate may have; 5 MB is the ceiling.',
    schema: wholeNumber('Largest photo', LIMIT_BOUNDS.max_upload_mb.min, LIMIT_BOUNDS.max_upload_mb.max),
    default: 5,
    bounds: LIMIT_BOUNDS.max_upload_mb,
  }),
  plates_per_hour: def({
    group: 'limits',
    label: 'Plates per member per hour',
    help: 'Uploads one member may make in an hour.',
    schema: wholeNumber('Plates per hour', LIMIT_BOUNDS.plates_per_hour.min, LIMIT_BOUNDS.plates_per_hour.max),
    default: 30,
    bounds: LIMIT_BOUNDS.plates_per_hour,
  }),
  comments_per_10_minutes: def({
    group: 'limits',
    label: 'Comments per member per 10 minutes',
    help: 'Comments and replies together.',
    schema: wholeNumber(
      'Comments per 10 minutes',
      LIMIT_BOUNDS.comments_per_10_minutes.min,
      LIMIT_BOUNDS.comments_per_10_minutes.max,
    ),
    default: 30,
    bounds: LIMIT_BOUNDS.comments_per_10_minutes,
  }),
  chat_messages_per_minute: def({
    group: 'limits',
    label: 'Chat messages per member per minute',
    help: 'Messages one member may send in a minute.',
    schema: wholeNumber(
      'Chat messages per minute',
      LIMIT_BOUNDS.chat_messages_per_minute.min,
      LIMIT_BOUNDS.chat_messages_per_minute.max,
    ),
    default: 60,
    bounds: LIMIT_BOUNDS.chat_messages_per_minute,
  }),
} as const;

export type SettingKey = keyof typeof SETTINGS;
export type SettingValue<K extends SettingKey> = z.infer<(typeof SETTINGS)[K]['schema']>;
export type SettingValues = { [K in SettingKey]: SettingValue<K> };
export const SETTING_KEYS = Object.keys(SETTINGS) as SettingKey[];

export function isSettingKey(key: string): key is SettingKey {
  return Object.hasOwn(SETTINGS, key);
}

/** The settings of one group, in the registry's order. */
export function settingsOf(group: SettingGroup): SettingKey[] {
  return SETTING_KEYS.filter((key) => SETTINGS[key].group === group);
}

export const SettingKeyParams = z.object({ key: z.string().max(100) });

/** Any value: the key's own schema checks it, so a missing or wrong one is told in the setting's words. */
export const SettingBody = z.object({ value: z.unknown().optional() });
export type SettingBody = z.infer<typeof SettingBody>;

export const SettingDto = z.object({
  key: z.string(),
  value: z.union([z.boolean(), z.string(), z.number()]),
  default: z.union([z.boolean(), z.string(), z.number()]),
  /** Whether an admin stored the value (otherwise it is the default). */
  stored: z.boolean(),
  min: z.number().optional(),
  max: z.number().optional(),
  updatedAt: z.iso.datetime().nullable(),
});
export type SettingDto = z.infer<typeof SettingDto>;

export const SettingsResponse = z.object({ settings: z.array(SettingDto) });
export type SettingsResponse = z.infer<typeof SettingsResponse>;
