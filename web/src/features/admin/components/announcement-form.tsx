import { zodResolver } from '@hookform/resolvers/zod';
import {
  ANNOUNCEMENT_CONTENT_MAX,
  ANNOUNCEMENT_MESSAGES,
  ANNOUNCEMENT_TITLE_MAX,
  AnnouncementAudience,
  AnnouncementFields,
  AnnouncementType,
  NEW_MEMBER_DAYS,
  scheduleIsOrdered,
  type AdminAnnouncementDto,
  type AnnouncementBody,
} from '@plates/common';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { DialogFooter } from '../../../components/ui/dialog';
import { FormError, FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { isApiError, type ApiError } from '../../../lib/api';
import { createAnnouncement, patchAnnouncement } from '../api/announcements-api';
import { isoOf, localOf } from '../lib/local-date';
import { EditorDialog, type EditorDialogProps } from './editor-dialog';
import { NativeSelect } from './native-select';

export const TYPE_LABELS: Record<AnnouncementType, string> = { info: 'Info', warning: 'Warning', success: 'Success', urgent: 'Urgent' };
export const AUDIENCE_LABELS: Record<AnnouncementAudience, string> = {
  all: 'Everyone (visitors too)',
  members: 'Signed-in members',
  new_members: `New members (first ${NEW_MEMBER_DAYS} days)`,
  admins: 'Admins',
};

const LocalDate = z.string().refine((value) => !value || !Number.isNaN(Date.parse(value)), ANNOUNCEMENT_MESSAGES.badDate);
const FormSchema = z
  .object({
    title: AnnouncementFields.shape.title,
    content: AnnouncementFields.shape.content,
    type: AnnouncementType,
    targetAudience: AnnouncementAudience,
    isPinned: z.boolean(),
    showAsAlert: z.boolean(),
    isActive: z.boolean(),
    sendEmail: z.boolean(),
    startDate: LocalDate,
    endDate: LocalDate,
  })
  .refine((v) => scheduleIsOrdered(isoOf(v.startDate), isoOf(v.endDate)), { path: ['endDate'], message: ANNOUNCEMENT_MESSAGES.endBeforeStart });
type FormInput = z.input<typeof FormSchema>;
type FormOutput = z.output<typeof FormSchema>;
const FIELDS = ['title', 'content', 'type', 'targetAudience', 'startDate', 'endDate'] as const;

function defaultsOf(a: AdminAnnouncementDto | null): FormInput {
  return {
    title: a?.title ?? '',
    content: a?.content ?? '',
    type: a?.type ?? 'info',
    targetAudience: a?.targetAudience ?? 'all',
    isPinned: a?.isPinned ?? false,
    showAsAlert: a?.showAsAlert ?? false,
    isActive: a?.isActive ?? true,
    sendEmail: false,
    startDate: localOf(a?.startDate ?? null),
    endDate: localOf(a?.endDate ?? null),
  };
}

/** Writes or edits an announcement, checked with the server's own rules (common). */
export function AnnouncementDialog({ editing, onClose, onSaved }: EditorDialogProps<AdminAnnouncementDto>) {
  return (
    <EditorDialog
      editing={editing}
      onClose={onClose}
      titles={{ add: 'New announcement', edit: 'Edit announcement' }}
      description="Shown above the home feed to its audience while it is active and within its schedule."
      form={(current) => <AnnouncementForm announcement={current} onCancel={onClose} onSaved={onSaved} />}
    />
  );
}

function AnnouncementForm({
  announcement,
  onCancel,
  onSaved,
}: {
  announcement: AdminAnnouncementDto | null;
  onCancel: () => void;
  onSaved: (saved: AdminAnnouncementDto, created: boolean) => void;
}) {
  const form = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(FormSchema), defaultValues: defaultsOf(announcement) });
  const { errors } = form.formState;
  const save = useMutation<AdminAnnouncementDto, ApiError, AnnouncementBody>({
    mutationFn: ({ sendEmail, ...body }) => (announcement ? patchAnnouncement(announcement.id, body) : createAnnouncement({ ...body, sendEmail })),
    onSuccess: (saved) => onSaved(saved, announcement === null),
    onError: (error) => {
      const field = FIELDS.find((f) => f === error.field);
      if (field) form.setError(field, { message: error.message });
      else form.setError('root.server', { message: isApiError(error) ? error.message : 'Saving failed. Please try again.' });
    },
  });
  const onSubmit = form.handleSubmit((v) =>
    save.mutate({ ...v, startDate: isoOf(v.startDate), endDate: isoOf(v.endDate) }),
  );
  const check = (name: 'isPinned' | 'showAsAlert' | 'isActive' | 'sendEmail', label: string, hint: string) => (
    <label className="flex min-h-11 items-start gap-3 text-sm">
      <input type="checkbox" className="mt-0.5 size-5 shrink-0 accent-primary" {...form.register(name)} />
      <span className="grid gap-0.5">
        <span className="font-medium">{label}</span>
        <span className="text-xs text-muted-foreground">{hint}</span>
      </span>
    </label>
  );

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label={announcement ? 'Edit announcement' : 'New announcement'}>
      <FormError>{errors.root?.server?.message}</FormError>
      <FormField label="Title" error={errors.title?.message}>
        <Input maxLength={ANNOUNCEMENT_TITLE_MAX} {...form.register('title')} />
      </FormField>
      <FormField label="Content" error={errors.content?.message} hint="Plain text; line breaks are kept.">
        <Textarea rows={4} maxLength={ANNOUNCEMENT_CONTENT_MAX} {...form.register('content')} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Type" error={errors.type?.message}>
          <NativeSelect {...form.register('type')}>
            {AnnouncementType.options.map((type) => (
              <option key={type} value={type}>
                {TYPE_LABELS[type]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField label="Audience" error={errors.targetAudience?.message}>
          <NativeSelect {...form.register('targetAudience')}>
            {AnnouncementAudience.options.map((audience) => (
              <option key={audience} value={audience}>
                {AUDIENCE_LABELS[audience]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField label="Starts (optional)" error={errors.startDate?.message} hint="Empty: at once.">
          <Input type="datetime-local" {...form.register('startDate')} />
        </FormField>
        <FormField label="Ends (optional)" error={errors.endDate?.message} hint="Empty: until switched off.">
          <Input type="datetime-local" {...form.register('endDate')} />
        </FormField>
      </div>
      <div className="grid gap-1">
        {check('isActive', 'Active', 'Off: kept here but shown to nobody.')}
        {check('isPinned', 'Pinned', 'Shown before the others.')}
        {check('showAsAlert', 'Alert signed-in members now', 'Members online see it at once, without reloading.')}
        {announcement
          ? null
          : check('sendEmail', 'Also send by email', "Mailed once to the audience's members with a verified address (the Announcement email template).")}
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : announcement ? 'Save changes' : 'Publish'}
        </Button>
      </DialogFooter>
    </form>
  );
}
