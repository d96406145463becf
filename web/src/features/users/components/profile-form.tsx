import { zodResolver } from '@hookform/resolvers/zod';
import { LIMITS, ProfileForm as ProfileFormSchema, type ProfileDto } from '@plates/common';
import { Camera, LoaderCircle, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Avatar, AvatarFallback, AvatarImage, initialsOf } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { FieldError, FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Switch } from '../../../components/ui/switch';
import { Textarea } from '../../../components/ui/textarea';
import type { ApiError } from '../../../lib/api';
import { checkImageFile } from '../../../lib/image-file';
import { cn } from '../../../lib/utils';
import { useUpdateProfile } from '../hooks/use-account';
import { nameOf } from './user-avatar';

type Values = ProfileFormSchema;
type Editable = Pick<ProfileDto, 'username' | 'displayName' | 'bio' | 'location' | 'profileImage' | 'isPrivate' | 'chatEnabled'>;

function valuesOf(profile: Editable): Values {
  return {
    displayName: profile.displayName ?? '',
    bio: profile.bio ?? '',
    location: profile.location ?? '',
    isPrivate: profile.isPrivate,
    chatEnabled: profile.chatEnabled,
  };
}

const FIELDS = ['displayName', 'bio', 'location', 'isPrivate', 'chatEnabled'] as const;

interface ProfileFormProps {
  profile: Editable;
  /** Cancel leaves edit mode; without it (Settings) Cancel puts the saved values back. */
  onCancel?: () => void;
  onSaved?: () => void;
  /** Heading id of the surrounding section, naming the form. */
  labelledBy?: string;
}

/**
 * The profile editor: display name, bio (with a counter), location, photo (choose, preview or
 * remove; checked here for type and the 5MB limit, again on the server) and the privacy switches.
 * Validated with the same `ProfileForm` schema as the contract.
 */
export function ProfileForm({ profile, onCancel, onSaved, labelledBy }: ProfileFormProps) {
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [removePhoto, setRemovePhoto] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);

  const form = useForm<Values>({
    resolver: zodResolver(ProfileFormSchema),
    defaultValues: valuesOf(profile),
    mode: 'onTouched',
  });
  const { errors } = form.formState;

  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  const resetPhoto = () => {
    setFile(null);
    setPreview(null);
    setRemovePhoto(false);
    setFileError(null);
    if (fileInput.current) fileInput.current.value = '';
  };

  const save = useUpdateProfile({
    onSaved: () => {
      resetPhoto();
      onSaved?.();
    },
    onFailed: (error: ApiError) => {
      const field = FIELDS.find((f) => f === error.field);
      if (field) form.setError(field, { message: error.message });
      else if (error.field === 'profileImage') setFileError(error.message);
    },
  });

  const onFileChange = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    if (!chosen) return;
    const problem = checkImageFile(chosen);
    if (problem) {
      setFileError(problem);
      event.target.value = '';
      return;
    }
    setFileError(null);
    setFile(chosen);
    setRemovePhoto(false);
    setPreview(URL.createObjectURL(chosen));
  };

  const onSubmit = form.handleSubmit((values) => {
    const data = new FormData();
    data.append('displayName', values.displayName);
    data.append('bio', values.bio);
    data.append('location', values.location);
    data.append('isPrivate', String(values.isPrivate));
    data.append('chatEnabled', String(values.chatEnabled));
    if (file) data.append('profileImage', file, file.name);
    else if (removePhoto) data.append('removeProfileImage', 'true');
    // what was sent becomes the form's saved state (a later refetch of the profile never wipes an edit)
    save.mutate(data, { onSuccess: () => form.reset(values) });
  });

  const cancel = () => {
    form.reset();
    resetPhoto();
    onCancel?.();
  };

  const shownImage = preview ?? (removePhoto ? null : profile.profileImage);
  const displayName = useWatch({ control: form.control, name: 'displayName' }) ?? '';
  const bioLength = (useWatch({ control: form.control, name: 'bio' }) ?? '').length;

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5" aria-labelledby={labelledBy} aria-label={labelledBy ? undefined : 'Edit profile'}>
      <div className="flex flex-wrap items-center gap-4">
        <Avatar className="size-20 text-xl">
          {shownImage ? <AvatarImage src={shownImage} alt={preview ? 'Preview of your new photo' : 'Your photo'} /> : null}
          <AvatarFallback className="text-xl">{initialsOf(displayName.trim() || nameOf(profile))}</AvatarFallback>
        </Avatar>
        <div className="grid gap-2">
          <span id={`${id}-photo`} className="text-sm font-medium">
            Profile photo
          </span>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => fileInput.current?.click()}>
              <Camera aria-hidden="true" />
              {shownImage ? 'Change photo' : 'Choose photo'}
            </Button>
            {shownImage ? (
              <Button
                variant="ghost"
                onClick={() => {
                  const hadFile = file !== null;
                  resetPhoto();
                  // without a chosen file, "Remove" means: remove the photo the profile has
                  if (!hadFile && profile.profileImage) setRemovePhoto(true);
                }}
              >
                <Trash2 aria-hidden="true" />
                Remove photo
              </Button>
            ) : null}
          </div>
          <p className="text-xs text-muted-foreground" aria-live="polite">
            {file
              ? `New photo: ${file.name} (saved with Save Changes)`
              : removePhoto
                ? 'The photo will be removed when you save.'
                : 'JPG, PNG or GIF (HEIC works too), up to 5MB'}
          </p>
          <input
            ref={fileInput}
            type="file"
            accept="image/*,.heic,.heif"
            aria-labelledby={`${id}-photo`}
            className="sr-only"
            tabIndex={-1}
            onChange={onFileChange}
          />
          <FieldError>{fileError}</FieldError>
        </div>
      </div>

      <FormField label="Display name" error={errors.displayName?.message} hint={`Shown instead of @${profile.username}.`}>
        <Input autoComplete="nickname" {...form.register('displayName')} />
      </FormField>
      <div className="grid gap-1">
        <FormField label="Bio" error={errors.bio?.message}>
          <Textarea rows={3} placeholder="What do you love to cook?" {...form.register('bio')} />
        </FormField>
        <p
          className={cn('justify-self-end text-xs tabular-nums text-muted-foreground', bioLength > LIMITS.bioMax && 'font-semibold text-destructive')}
          aria-live="polite"
        >
          {bioLength}/{LIMITS.bioMax}
        </p>
      </div>
      <FormField label="Location" error={errors.location?.message}>
        <Input autoComplete="address-level2" placeholder="City, country" {...form.register('location')} />
      </FormField>

      <fieldset className="grid gap-1 rounded-xl border p-3">
        <legend className="px-1 text-sm font-semibold">Privacy</legend>
        <Controller
          control={form.control}
          name="isPrivate"
          render={({ field }) => (
            <SwitchRow
              label="Private account"
              hint="Only followers you approve see your plates, followers and following."
              checked={field.value}
              onChange={field.onChange}
            />
          )}
        />
        <Controller
          control={form.control}
          name="chatEnabled"
          render={({ field }) => (
            <SwitchRow
              label="Allow messages (chat)"
              hint="Other cooks can ask to chat with you."
              checked={field.value}
              onChange={field.onChange}
            />
          )}
        />
      </fieldset>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={cancel} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
          {save.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}

function SwitchRow({ label, hint, checked, onChange }: { label: string; hint: ReactNode; checked: boolean; onChange: (v: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex items-center gap-3">
      <div className="grid min-w-0 flex-1 gap-0.5">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      </div>
      <Switch id={id} checked={checked} onCheckedChange={onChange} aria-describedby={`${id}-hint`} />
    </div>
  );
}
