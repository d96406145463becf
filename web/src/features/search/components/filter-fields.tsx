import { CUISINES, DateRange, SEARCH, SearchSort } from '@plates/common';
import { useId } from 'react';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Label } from '../../../components/ui/label';
import { Slider } from '../../../components/ui/slider';
import { cn } from '../../../lib/utils';
import {
  DATE_RANGE_LABELS,
  RATING_MAX,
  RATING_MIN,
  RATING_STEP,
  roundRating,
  SORT_LABELS,
  type SearchFilters,
  type TriState,
} from '../lib/filters';

const stars = (n: number) => `${roundRating(n).toFixed(1)} stars`;

interface FilterFieldsProps {
  value: SearchFilters;
  onChange: (next: SearchFilters) => void;
  className?: string;
}

/**
 * The filters of document 2 §2 and §9, shared by the filter panel of /search and the drawer of
 * /search/advanced: location, author, rating range, date range, sort, cuisines, has location and
 * minimum comments (no "has image": every plate is a photo). Controlled; the pages decide when the
 * values go to the URL.
 */
export function FilterFields({ value, onChange, className }: FilterFieldsProps) {
  const id = useId();
  const set = <K extends keyof SearchFilters>(key: K, next: SearchFilters[K]) => onChange({ ...value, [key]: next });
  const toggleCuisine = (cuisine: string, on: boolean) =>
    set('cuisineTypes', on ? [...value.cuisineTypes, cuisine] : value.cuisineTypes.filter((c) => c !== cuisine));

  return (
    <div className={cn('grid gap-5', className)}>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-location`}>Location</Label>
          <Input
            id={`${id}-location`}
            value={value.location}
            maxLength={100}
            placeholder="City, region or country"
            onChange={(e) => set('location', e.target.value)}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-author`}>Author</Label>
          <Input
            id={`${id}-author`}
            value={value.author}
            maxLength={50}
            placeholder="Username or name"
            onChange={(e) => set('author', e.target.value)}
          />
        </div>
      </div>

      <div className="grid gap-1">
        <div className="flex items-baseline justify-between gap-2">
          <span id={`${id}-rating`} className="text-sm font-medium">
            Rating range
          </span>
          <span className="text-sm tabular-nums text-muted-foreground">
            {roundRating(value.minRating).toFixed(1)} – {roundRating(value.maxRating).toFixed(1)}
          </span>
        </div>
        <Slider
          min={RATING_MIN}
          max={RATING_MAX}
          step={RATING_STEP}
          value={[value.minRating, value.maxRating]}
          onValueChange={([min = RATING_MIN, max = RATING_MAX]) =>
            onChange({ ...value, minRating: roundRating(min), maxRating: roundRating(max) })
          }
          thumbLabels={['Minimum rating', 'Maximum rating']}
          valueText={stars}
        />
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-date`}>Date range</Label>
          <Select id={`${id}-date`} value={value.dateRange} onChange={(e) => set('dateRange', DateRange.parse(e.target.value))}>
            {DateRange.options.map((range) => (
              <option key={range} value={range}>
                {DATE_RANGE_LABELS[range]}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-sort`}>Sort by</Label>
          <Select
            id={`${id}-sort`}
            value={value.sortBy}
            onChange={(e) => set('sortBy', e.target.value ? SearchSort.parse(e.target.value) : '')}
          >
            <option value="">Best match</option>
            {SearchSort.options.map((sort) => (
              <option key={sort} value={sort}>
                {SORT_LABELS[sort]}
              </option>
            ))}
          </Select>
        </div>
      </div>

      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Cuisines</legend>
        <div className="grid grid-cols-2 gap-x-3 sm:grid-cols-3">
          {CUISINES.map((cuisine) => (
            <label key={cuisine} className="flex min-h-11 cursor-pointer items-center gap-2.5 text-sm">
              <input
                type="checkbox"
                className="size-4.5 shrink-0 accent-primary"
                checked={value.cuisineTypes.includes(cuisine)}
                onChange={(e) => toggleCuisine(cuisine, e.target.checked)}
              />
              {cuisine}
            </label>
          ))}
        </div>
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-has-location`}>Has location</Label>
          <Select
            id={`${id}-has-location`}
            value={value.hasLocation}
            onChange={(e) => set('hasLocation', e.target.value as TriState)}
          >
            <option value="">Any</option>
            <option value="true">With a location</option>
            <option value="false">Without a location</option>
          </Select>
        </div>
      </div>

      <div className="grid gap-1">
        <div className="flex items-baseline justify-between gap-2">
          <span id={`${id}-comments`} className="text-sm font-medium">
            Minimum comments
          </span>
          <span className="text-sm tabular-nums text-muted-foreground">{value.minComments}</span>
        </div>
        <Slider
          min={0}
          max={SEARCH.maxComments}
          step={1}
          value={[value.minComments]}
          onValueChange={([n = 0]) => set('minComments', n)}
          thumbLabels={['Minimum comments']}
        />
      </div>
    </div>
  );
}
