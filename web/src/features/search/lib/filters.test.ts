import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  DEFAULT_FILTERS,
  filterErrors,
  filtersFromParams,
  filtersToParams,
  requestParams,
} from './filters';

describe('search filters', () => {
  it('round-trips through the URL, writing only what differs from the defaults', () => {
    const params = new URLSearchParams(
      'q=pasta&location=Rome&minRating=2.5&maxRating=5&dateRange=all&sortBy=popular&cuisineTypes=thai,ITALIAN,Thai&hasImage=false&minComments=0',
    );
    const filters = filtersFromParams(params);
    expect(filters).toEqual({
      ...DEFAULT_FILTERS,
      location: 'Rome',
      minRating: 2.5,
      sortBy: 'popular',
      cuisineTypes: ['Thai', 'Italian'],
    });
    // "has image" is no filter of the app's (every plate is a photo): an old link's is dropped
    expect(filters).not.toHaveProperty('hasImage');
    expect(filtersToParams('pasta', filters).toString()).toBe(
      'q=pasta&location=Rome&minRating=2.5&sortBy=popular&cuisineTypes=Italian%2CThai',
    );
    expect(filtersToParams('', DEFAULT_FILTERS).toString()).toBe('');
  });

  it('reads bad values leniently as the defaults, but sends the URL as it is', () => {
    const params = new URLSearchParams('minRating=9&dateRange=decade&sortBy=best&cuisineTypes=Martian&minComments=99&x=1&hasImage=true');
    expect(filtersFromParams(params)).toEqual(DEFAULT_FILTERS);
    expect(requestParams(params)).toEqual({
      minRating: '9',
      dateRange: 'decade',
      sortBy: 'best',
      cuisineTypes: 'Martian',
      minComments: '99',
    });
  });

  it('counts active filters without the query, date range, sort order or defaults', () => {
    expect(activeFilterCount({ ...DEFAULT_FILTERS, dateRange: 'year', sortBy: 'trending' })).toBe(0);
    expect(activeFilterCount({ ...DEFAULT_FILTERS, minRating: 1, maxRating: 5 })).toBe(0);
    expect(activeFilterCount({ ...DEFAULT_FILTERS, minRating: 2, maxRating: 4 })).toBe(1);
    expect(activeFilterCount({ ...DEFAULT_FILTERS, cuisineTypes: ['Thai', 'Greek'] })).toBe(1);
    expect(
      activeFilterCount({ ...DEFAULT_FILTERS, location: 'x', author: 'y', hasLocation: 'false', minComments: 3 }),
    ).toBe(4);
    expect(activeFilterCount({ ...DEFAULT_FILTERS, location: '   ' })).toBe(0);
  });

  it("checks with the server's schema", () => {
    expect(filterErrors('p', DEFAULT_FILTERS)).toEqual(['Type at least 2 characters to search']);
    expect(filterErrors('', { ...DEFAULT_FILTERS, minRating: 4, maxRating: 3 })).toEqual(['Minimum rating cannot exceed maximum rating']);
    expect(filterErrors('pasta', { ...DEFAULT_FILTERS, cuisineTypes: ['Thai'] })).toEqual([]);
  });
});
