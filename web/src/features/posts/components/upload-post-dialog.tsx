import { zodResolver } from '@hookform/resolvers/zod';
import { CreatePostFields, type PostDto } from '@plates/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ImagePlus, LoaderCircle, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
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
import { askToLogIn, useAuth } from '../../auth';
import { postKeys } from '../api/keys';
import { createPost } from '../api/posts-api';
import { detectLocation, UNKNOWN_LOCATION } from '../lib/detect-location';
import { checkImageFile } from '../../../lib/image-file';
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
      return `${state.message}. Using '${UNKNOWN_LOCATION}'; you can type a place instead.`;
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

/** "Upload Your Plate": photo, title, description, alt text, location (detected on open), cuisines. */
export default function UploadPostDialog({ open, onOpenChange }: UploadPostDialogProps) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const fileInputId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
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

  // The object URL lives as long as its preview.
  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  // Location: detected each time the dialog opens, unless the person already typed one.
  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    if (form.getValues('location')) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- starts an outside request
    setLocation({ status: 'detecting' });
    detectLocation().then(
      (place) => {
        if (cancelled) return;
        if (!form.getFieldState('location').isDirty) form.setValue('location', place);
        setLocation({ status: 'done' });
      },
      (error: unknown) => {
        if (cancelled) return;
        if (!form.getFieldState('location').isDirty) form.setValue('location', UNKNOWN_LOCATION);
        setLocation({ status: 'failed', message: error instanceof Error ? error.message : 'Unknown geolocation error' });
        toast({
          title: 'Location detection failed',
          description: "We couldn't detect your location. Using 'Unknown location' instead.",
        });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [open, form]);

  const clearPhoto = () => {
    setFile(null);
    setPreview(null);
    setPreviewBroken(false);
    if (fileInput.current) fileInput.current.value = '';
  };

  const onFileChange = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    if (!chosen) return;
    const problem = checkImageFile(chosen);
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
      toast({ variant: 'destructive', title: 'Upload failed', description: error.message || 'Failed to upload plate' });
    },
  });

  const onSubmit = form.handleSubmit((values) => {
    if (!user) {
      askToLogIn('Please log in to upload a plate');
      return;
    }
    if (!file) {
      toast({ variant: 'destructive', title: 'Image required', description: 'Please select an image to upload' });
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
                    toast({ title: 'Photo removed.' });
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
                <span className="text-xs text-muted-foreground">JPG, PNG or GIF (HEIC works too), up to 5MB</span>
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
          </div>

          <PlateFields
            register={form.register}
            watch={form.watch}
            errors={errors}
            locationHint={locationHint(location)}
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
