import { LIMITS } from '@plates/common';
import { useQuery } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import type { FieldErrors, UseFormRegister, UseFormWatch } from 'react-hook-form';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { cn } from '../../../lib/utils';
import { postKeys } from '../api/keys';
import { fetchCategories } from '../api/posts-api';

/** The dialogs' buttons stay in view while the long form scrolls. */
export const STICKY_FOOTER =
  'sticky -bottom-5 z-10 -mx-5 -mb-5 flex-row border-t bg-card px-5 py-3 sm:-bottom-6 sm:-mx-6 sm:-mb-6 sm:px-6 [&>button]:flex-1 sm:[&>button]:flex-none';

/** What both plate dialogs edit (the upload adds the photo). */
export interface PlateFormValues {
  title: string;
  description?: string | undefined;
  location?: string | undefined;
  altText?: string | undefined;
  /** Ticked cuisine ids as the checkboxes give them (strings); see `toCategoryIds`. */
  categoryIds: string[];
}

export function toCategoryIds(values: readonly string[] | undefined): number[] {
  return [...new Set((values ?? []).map(Number).filter((n) => Number.isInteger(n) && n > 0))];
}

interface PlateFieldsProps {
  register: UseFormRegister<PlateFormValues>;
  watch: UseFormWatch<PlateFormValues>;
  errors: FieldErrors<PlateFormValues>;
  /** Shown under the location field (detection progress or failure). */
  locationHint?: string | undefined;
  /** The location field's placeholder (the upload shows "Unknown location" after a failed detection). */
  locationPlaceholder?: string | undefined;
  /** Beside the location field: the upload's Detect button. */
  locationAction?: ReactNode;
}

export function PlateFields({ register, watch, errors, locationHint, locationPlaceholder, locationAction }: PlateFieldsProps) {
  const titleLength = (watch('title') ?? '').length;
  const tooLong = titleLength > LIMITS.titleMax;
  return (
    <>
      <div className="grid gap-1">
        <FormField label="Title" error={errors.title?.message}>
          <Input autoComplete="off" placeholder="What's on the plate?" {...register('title')} />
        </FormField>
        <p className={cn('justify-self-end text-xs tabular-nums text-muted-foreground', tooLong && 'font-semibold text-destructive')} aria-live="polite">
          {titleLength}/{LIMITS.titleMax}
        </p>
      </div>
      <FormField label="Description (optional)" error={errors.description?.message}>
        <Textarea rows={3} placeholder="Ingredients, the story, how it tasted..." {...register('description')} />
      </FormField>
      <FormField
        label="Alt text (optional)"
        hint="Describe the photo for people using screen readers, e.g. “A bowl of ramen with a soft egg”."
        error={errors.altText?.message}
      >
        <Input autoComplete="off" {...register('altText')} />
      </FormField>
      <FormField label="Location (optional)" hint={locationHint} action={locationAction} error={errors.location?.message}>
        <Input autoComplete="off" placeholder={locationPlaceholder ?? 'City or restaurant'} {...register('location')} />
      </FormField>
      <CuisineChoices register={register} />
    </>
  );
}

function CuisineChoices({ register }: { register: UseFormRegister<PlateFormValues> }) {
  const legendId = useId();
  const categories = useQuery({ queryKey: postKeys.categories, queryFn: fetchCategories, staleTime: Infinity });
  if (categories.isError) {
    return <p className="text-sm text-muted-foreground">Cuisines could not be loaded; you can add them later.</p>;
  }
  return (
    <fieldset className="grid gap-2" aria-labelledby={legendId}>
      <legend id={legendId} className="text-sm font-medium">
        Cuisines (optional)
      </legend>
      {categories.isPending ? (
        <p className="text-sm text-muted-foreground">Loading cuisines...</p>
      ) : (
        <div className="grid grid-cols-2 gap-1 sm:grid-cols-3">
          {categories.data.map((c) => (
            <label
              key={c.id}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg px-2 text-sm hover:bg-accent"
            >
              <input
                type="checkbox"
                value={String(c.id)}
                className="size-4 accent-[var(--primary)]"
                {...register('categoryIds')}
              />
              {c.name}
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}
