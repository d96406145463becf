import { zodResolver } from '@hookform/resolvers/zod';
import {
  SETTING_GROUPS,
  SETTINGS,
  settingsOf,
  type RegistrationMode,
  type SettingDto,
  type SettingGroup,
  type SettingKey,
} from '@plates/common';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Settings, SlidersHorizontal } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { FieldError, FormError, FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Switch } from '../../../components/ui/switch';
import { toast } from '../../../components/ui/use-toast';
import { isApiError, type ApiError } from '../../../lib/api';
import { fetchSettings, putSetting, settingsKeys } from '../api/settings-api';
import { LoadError } from '../components/page-states';
import { EmptyState, ListSkeleton, PageHeading } from '../components/query-states';

const GROUPS = Object.keys(SETTING_GROUPS) as SettingGroup[];

const REGISTRATION_OPTIONS: { value: RegistrationMode; label: string; explanation: string }[] = [
  { value: 'open', label: 'Open', explanation: 'Anyone may join.' },
  {
    value: 'approval',
    label: 'Approval',
    explanation: 'Every new account waits under Members (Awaiting approval) until a moderator approves it.',
  },
  { value: 'closed', label: 'Closed', explanation: 'Nobody may join; Join Now on /auth says registration is closed.' },
];

/** What turning maintenance mode on does, said before it is done (auth.service: sign-ups only). */
export const MAINTENANCE_CONFIRM =
  'While maintenance mode is on, nobody can create an account: /auth shows the maintenance banner and only Sign In, on every open page within seconds. Members are not signed out and can still sign in.';

/** /admin/settings: the admin's settings (manage_settings), a form per group, each saved on its own. */
export default function SettingsPage() {
  const settings = useQuery({ queryKey: settingsKeys.all, queryFn: fetchSettings, staleTime: 0 });
  const list = settings.data?.settings;
  return (
    <div className="grid gap-4">
      <PageHeading icon={Settings} title="Settings">
        Maintenance mode, who may join, how Plates names itself, and the limits every member works within.
      </PageHeading>
      {settings.isPending ? (
        <ListSkeleton label="Loading settings" />
      ) : settings.isError ? (
        <LoadError what="settings" error={settings.error} onRetry={() => void settings.refetch()} />
      ) : list!.length === 0 ? (
        <EmptyState icon={SlidersHorizontal}>No settings to show.</EmptyState>
      ) : (
        GROUPS.map((group) => {
          const dtos = list!.filter((s) => SETTINGS[s.key as SettingKey]?.group === group);
          return dtos.length === 0 ? null : <SettingsGroupForm key={group} group={group} settings={dtos} />;
        })
      )}
    </div>
  );
}

type Values = Record<string, unknown>;

function SettingsGroupForm({ group, settings }: { group: SettingGroup; settings: SettingDto[] }) {
  const queryClient = useQueryClient();
  const keys = settingsOf(group).filter((key) => settings.some((s) => s.key === key));
  const schema = z.object(Object.fromEntries(keys.map((key) => [key, SETTINGS[key].schema])));
  const saved: Values = Object.fromEntries(settings.map((s) => [s.key, s.value]));
  const form = useForm<Values>({ resolver: zodResolver(schema) as never, values: saved });
  const { errors, isDirty } = form.formState;
  const [confirming, setConfirming] = useState<Values | null>(null);
  const { title, description } = SETTING_GROUPS[group];
  const titleId = `settings-${group}`;

  const save = useMutation<Values, ApiError & { key?: string }, Values>({
    mutationFn: async (values) => {
      for (const key of keys) {
        if (values[key] === saved[key]) continue;
        await putSetting(key, values[key]).catch((error: unknown) => {
          throw Object.assign(error as ApiError, { key });
        });
      }
      return values;
    },
    onSuccess: (values) => {
      toast({ variant: 'success', title: `${title} saved`, description: 'The new settings apply from now on.' });
      form.reset(values);
      void queryClient.invalidateQueries({ queryKey: settingsKeys.all });
    },
    onError: (error) => {
      void queryClient.invalidateQueries({ queryKey: settingsKeys.all });
      if (error.key && error.field === 'value') form.setError(error.key, { message: error.message });
      else form.setError('root.server', { message: isApiError(error) ? error.message : 'Saving failed. Please try again.' });
    },
  });

  const onSubmit = form.handleSubmit((values) => {
    if (values.maintenance_mode === true && saved.maintenance_mode === false) setConfirming(values);
    else save.mutate(values);
  });

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="grid gap-5" aria-labelledby={titleId}>
          <FormError>{errors.root?.server?.message}</FormError>
          <div className={group === 'access' ? 'grid gap-5' : 'grid gap-4 sm:grid-cols-2'}>
            {keys.map((key) => {
              const def = SETTINGS[key];
              const error = errors[key]?.message;
              const message = typeof error === 'string' ? error : undefined;
              const dto = settings.find((s) => s.key === key)!;
              if (key === 'registration_mode') {
                return (
                  <fieldset key={key} className="grid gap-2" aria-describedby={message ? `${key}-error` : undefined}>
                    <legend className="mb-1 text-sm font-medium">{def.label}</legend>
                    {REGISTRATION_OPTIONS.map((option) => (
                      <label
                        key={option.value}
                        className="flex cursor-pointer items-start gap-3 rounded-lg border p-3 has-checked:border-primary has-checked:bg-accent/40"
                      >
                        <input
                          type="radio"
                          value={option.value}
                          className="mt-0.5 size-4 accent-primary"
                          {...form.register(key)}
                        />
                        <span className="grid gap-0.5">
                          <span className="text-sm font-medium">{option.label}</span>
                          <span className="text-xs text-muted-foreground">{option.explanation}</span>
                        </span>
                      </label>
                    ))}
                    <FieldError id={`${key}-error`}>{message}</FieldError>
                  </fieldset>
                );
              }
              if (typeof def.default === 'boolean') {
                return (
                  <div key={key} className="flex items-start justify-between gap-4">
                    <div className="grid gap-1">
                      <Label htmlFor={`setting-${key}`}>{def.label}</Label>
                      <p id={`setting-${key}-help`} className="text-xs text-muted-foreground">
                        {def.help}
                      </p>
                      <FieldError>{message}</FieldError>
                    </div>
                    <Controller
                      control={form.control}
                      name={key}
                      render={({ field }) => (
                        <Switch
                          id={`setting-${key}`}
                          aria-describedby={`setting-${key}-help`}
                          checked={field.value === true}
                          onCheckedChange={field.onChange}
                          onBlur={field.onBlur}
                        />
                      )}
                    />
                  </div>
                );
              }
              if (typeof def.default === 'number') {
                return (
                  <FormField
                    key={key}
                    label={def.label}
                    error={message}
                    hint={`${def.help} From ${dto.min} to ${dto.max}; default ${String(dto.default)}.`}
                  >
                    <Input type="number" inputMode="numeric" min={dto.min} max={dto.max} step={1} {...form.register(key, { valueAsNumber: true })} />
                  </FormField>
                );
              }
              return (
                <FormField key={key} label={def.label} error={message} hint={def.help}>
                  <Input
                    type={key === 'contact_email' ? 'email' : 'text'}
                    autoComplete="off"
                    maxLength={key === 'site_name' ? 60 : 254}
                    {...form.register(key)}
                  />
                </FormField>
              );
            })}
          </div>
          <div className="flex flex-wrap items-center justify-end gap-2">
            {isDirty ? (
              <Button type="button" variant="outline" onClick={() => form.reset(saved)} disabled={save.isPending}>
                Discard changes
              </Button>
            ) : null}
            <Button type="submit" disabled={!isDirty || save.isPending}>
              {save.isPending ? 'Saving...' : `Save ${title.toLowerCase()}`}
            </Button>
          </div>
        </form>
      </CardContent>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => (open ? undefined : setConfirming(null))}
        title="Turn on maintenance mode?"
        description={MAINTENANCE_CONFIRM}
        confirmLabel="Turn on maintenance mode"
        onConfirm={() => {
          if (confirming) save.mutate(confirming);
          setConfirming(null);
        }}
      />
    </Card>
  );
}
