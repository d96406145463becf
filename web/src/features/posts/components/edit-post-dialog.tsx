import { zodResolver } from '@hookform/resolvers/zod';
import { Title, UpdatePostBody, type PostDto } from '@plates/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
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
import { toast } from '../../../components/ui/use-toast';
import type { ApiError } from '../../../lib/api';
import { putPostInCaches } from '../api/cache';
import { updatePost } from '../api/posts-api';
import { PlateFields, STICKY_FOOTER, toCategoryIds, type PlateFormValues } from './plate-fields';

export const EditPlateSchema = UpdatePostBody.omit({ categoryIds: true }).extend({
  title: Title,
  categoryIds: z.array(z.string()),
});

function valuesOf(post: PostDto): PlateFormValues {
  return {
    title: post.title,
    description: post.description ?? '',
    location: post.location ?? '',
    altText: post.image.alt ?? '',
    categoryIds: post.categories.map((c) => String(c.id)),
  };
}

/** "Edit Your Plate": the text, alt text and cuisines (the photo stays). */
export function EditPostDialog({ post, open, onOpenChange }: { post: PostDto; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Edit Your Plate</DialogTitle>
          <DialogDescription>Change the words around your photo.</DialogDescription>
        </DialogHeader>
        {open ? <EditPlateForm post={post} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function EditPlateForm({ post, onDone }: { post: PostDto; onDone: () => void }) {
  const queryClient = useQueryClient();
  const form = useForm<PlateFormValues, unknown, z.output<typeof EditPlateSchema>>({
    resolver: zodResolver(EditPlateSchema),
    defaultValues: valuesOf(post),
    mode: 'onTouched',
  });

  const save = useMutation<PostDto, ApiError, UpdatePostBody>({
    mutationFn: (body) => updatePost(post.id, body),
    onSuccess: (updated) => {
      putPostInCaches(queryClient, updated);
      toast({ variant: 'success', title: 'Your plate has been updated!' });
      onDone();
    },
    onError: (error) => {
      if (error.field === 'title') form.setError('title', { message: error.message });
      toast({ variant: 'destructive', title: error.title, description: error.message, endsWithDialog: true });
    },
  });

  const onSubmit = form.handleSubmit((values) => {
    const body: UpdatePostBody = {
      title: values.title,
      description: values.description ?? '',
      altText: values.altText ?? '',
      categoryIds: toCategoryIds(values.categoryIds),
    };
    const location = values.location?.trim();
    if (location) body.location = location;
    save.mutate(body);
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Edit Your Plate">
      <PlateFields register={form.register} watch={form.watch} errors={form.formState.errors} />
      <DialogFooter className={STICKY_FOOTER}>
        <Button variant="outline" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
          {save.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </DialogFooter>
    </form>
  );
}
