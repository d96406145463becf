import { zodResolver } from '@hookform/resolvers/zod';
import { CreatePostFields, UNKNOWN_LOCATION, type Cuisine, type PostDto } from '@plates/common';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ImagePlus, LoaderCircle, LocateFixed, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { FieldError } from '../../../components/ui/form-field';
import { toast } from '../../../components/ui/use-toast';
import type { ApiError } from '../../../lib/api';
import { PhotoCheck } from '../../analysis';
import { askToLogIn, useAuth } from '../../auth';
import { postKeys } from '../api/keys';
import { createPost, fetchCategories } from '../api/posts-api';
import { detectLocation } from '../lib/detect-location';
import { checkImageFile } from '../../../lib/image-file';
import { useSite } from '../../../lib/site';
import { PlateFields, STICKY_FOOTER, toCategoryIds, type PlateFormValues } from './plate-fields';

/** The form's checks: the server's own schema for the text, plus the cuisine ticks. */
export const UploadPlateSchema = CreatePostFields.pick({ title: true, description: true, location: true, altText: true }).extend({
  categoryIds: z.array(z.string()),
});

const EMPTY: PlateFormValues = { title: '', description: '', location: '', altText: '', categoryIds: [] };

type LocationState = { status: 'idle' | 'detecting' | 'done' } | { status: 'failed'; message: string };

function locationHint(state: LocationState): string | undefined {
  switch (state.status) {
    case 'detecting':
      return 'Detecting your location...';
    case 'failed':
      return `${state.message}. You can type a place instead, or leave it empty.`;
    case 'done':
      return 'Detected from your device. You can change it.';
    default:
      return undefined;
  }
}

interface UploadPostDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** "Upload Your Plate": photo, title, description, alt text, location (detected on request), cuisines. */
export default function UploadPostDialog({ open, onOpenChange }: UploadPostDialogProps) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const fileInputId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const { maxUploadBytes } = useSite();
  const maxMb = Math.round(maxUploadBytes / (1024 * 1024));
  const [preview, setPreview] = useState<string | null>(null);
  const [previewBroken, setPreviewBroken] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const [location, setLocation] = useState<LocationState>({ status: 'idle' });

  const form = useForm<PlateFormValues, unknown, z.output<typeof UploadPlateSchema>>({
    resolver: zodResolver(UploadPlateSchema),
    defaultValues: EMPTY,
    mode: 'onTouched',
  });
  const { errors } = form.formState;

  // Photo check: the suggested cuisines tick the same boxes as the list (by the cuisine's name).
  const categories = useQuery({ queryKey: postKeys.categories, queryFn: fetchCategories, staleTime: Infinity });
  const [title, description, ticked] = useWatch({ control: form.control, name: ['title', 'description', 'categoryIds'] });
  const chosenCuisines = (categories.data ?? []).filter((c) => ticked?.includes(String(c.id))).map((c) => c.name);
  const toggleCuisine = (name: Cuisine) => {
    const category = categories.data?.find((c) => c.name === name);
    if (!category) return;
    const id = String(category.id);
    const now = form.getValues('categoryIds') ?? [];
    form.setValue('categoryIds', now.includes(id) ? now.filter((v) => v !== id) : [...now, id], { shouldDirty: true });
  };

  // The object URL lives as long as its preview.
  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  // Location: detected only when the member taps Detect, so opening the dialog never brings up the
  // browser's permission prompt. A failure leaves the field empty (the placeholder says "Unknown
  // location"): nothing is stored, so no "Unknown location" chip. A place typed while detecting
  // wins; a reply that arrives after the form was reset (a finished upload) changes nothing.
  const detectRun = useRef(0);
  const detect = () => {
    const run = ++detectRun.current;
    setLocation({ status: 'detecting' });
    form.resetField('location', { defaultValue: form.getValues('location') ?? '' });
    detectLocation().then(
      (place) => {
        if (run !== detectRun.current) return;
        if (!form.getFieldState('location').isDirty) form.setValue('location', place);
        setLocation({ status: 'done' });
      },
      (error: unknown) => {
        if (run !== detectRun.current) return;
        setLocation({ status: 'failed', message: error instanceof Error ? error.message : 'Unknown geolocation error' });
        toast({
          title: 'Location detection failed',
          description: "We couldn't detect your location. Using 'Unknown location' instead.",
          endsWithDialog: true,
        });
      },
    );
  };

  const clearPhoto = () => {
    setFile(null);
    setPreview(null);
    setPreviewBroken(false);
    if (fileInput.current) fileInput.current.value = '';
  };

  const onFileChange = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    if (!chosen) return;
    const problem = checkImageFile(chosen, maxUploadBytes);
    if (problem) {
      setFileError(problem);
      clearPhoto();
      return;
    }
    setFileError(null);
    setFile(chosen);
    setPreviewBroken(false);
    setPreview(URL.createObjectURL(chosen));
  };

  const reset = () => {
    form.reset(EMPTY);
    clearPhoto();
    setFileError(null);
    setLocation({ status: 'idle' });
    detectRun.current += 1;
  };

  const upload = useMutation<PostDto, ApiError, FormData>({
    mutationFn: createPost,
    onSuccess: (post) => {
      void queryClient.invalidateQueries({ queryKey: postKeys.all });
      toast({
        variant: 'success',
        title:
          post.approvalStatus === 'approved'
            ? 'Your plate has been posted'
            : 'Your plate has been submitted and is awaiting admin approval',
      });
      reset();
      onOpenChange(false);
    },
    onError: (error) => {
      if (error.field === 'title') form.setError('title', { message: error.message });
      toast({ variant: 'destructive', title: 'Upload failed', description: error.message || 'Failed to upload plate', endsWithDialog: true });
    },
  });

  const onSubmit = form.handleSubmit((values) => {
    if (!user) {
      askToLogIn('Please log in to upload a plate');
      return;
    }
    if (!file) {
      toast({ variant: 'destructive', title: 'Image required', description: 'Please select an image to upload', endsWithDialog: true });
      return;
    }
    const data = new FormData();
    data.append('title', values.title);
    if (values.description) data.append('description', values.description);
    if (values.location) data.append('location', values.location);
    if (values.altText) data.append('altText', values.altText);
    const ids = toCategoryIds(values.categoryIds);
    if (ids.length) data.append('categoryIds', ids.join(','));
    data.append('image', file, file.name);
    upload.mutate(data);
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && upload.isPending) return;
        onOpenChange(next);
      }}
    >
      {/* Toasts (a failed detection) at the bottom on phones, clear of the title (toast.tsx). */}
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Upload Your Plate</DialogTitle>
          <DialogDescription>Share a dish you cooked or loved. Plates from new cooks are checked by an admin first.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Upload Your Plate">
          <div className="grid gap-2">
            <span className="text-sm font-medium" id={`${fileInputId}-label`}>
              Photo
            </span>
            {preview ? (
              <div className="relative overflow-hidden rounded-xl border bg-muted">
                {previewBroken ? (
                  <p className="flex aspect-video items-center justify-center px-4 text-center text-sm text-muted-foreground">
                    {file?.name}: no preview for this format in your browser, it will upload as it is.
                  </p>
                ) : (
                  <img
                    src={preview}
                    alt="Preview of the selected photo"
                    className="max-h-72 w-full object-contain"
                    onError={() => setPreviewBroken(true)}
                  />
                )}
                <Button
                  variant="secondary"
                  size="sm"
                  className="absolute right-2 top-2 h-11 shadow"
                  onClick={() => {
                    clearPhoto();
                    toast({ title: 'Photo removed.', endsWithDialog: true });
                    fileInput.current?.focus();
                  }}
                >
                  <X aria-hidden="true" />
                  Remove
                </Button>
              </div>
            ) : (
              <label
                htmlFor={fileInputId}
                className="flex min-h-36 cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed bg-muted/40 px-4 py-6 text-center transition-colors hover:bg-accent focus-within:border-ring"
              >
                <ImagePlus className="size-8 text-primary" aria-hidden="true" />
                <span className="text-sm font-semibold">Choose a photo</span>
                <span className="text-xs text-muted-foreground">JPG, PNG or GIF (HEIC works too), up to {maxMb}MB</span>
              </label>
            )}
            <input
              ref={fileInput}
              id={fileInputId}
              type="file"
              accept="image/*,.heic,.heif"
              aria-labelledby={`${fileInputId}-label`}
              className="sr-only"
              onChange={onFileChange}
            />
            <FieldError>{fileError}</FieldError>
            <PhotoCheck
              file={file}
              text={{ title, description }}
              chosen={chosenCuisines}
              onToggleCuisine={categories.data ? toggleCuisine : undefined}
            />
          </div>

          <PlateFields
            register={form.register}
            watch={form.watch}
            errors={errors}
            locationHint={locationHint(location)}
            locationPlaceholder={location.status === 'failed' ? UNKNOWN_LOCATION : undefined}
            locationAction={
              <Button
                variant="outline"
                className="h-11 shrink-0"
                onClick={detect}
                disabled={location.status === 'detecting'}
                aria-label="Detect my location"
              >
                {location.status === 'detecting' ? (
                  <LoaderCircle className="animate-spin" aria-hidden="true" />
                ) : (
                  <LocateFixed aria-hidden="true" />
                )}
                Detect
              </Button>
            }
          />

          <DialogFooter className={STICKY_FOOTER}>
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={upload.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={!preview || upload.isPending}>
              {upload.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
              {upload.isPending ? 'Uploading...' : 'Share Plate'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
