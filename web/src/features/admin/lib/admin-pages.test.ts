import { describe, expect, it } from 'vitest';
import { adminHomeFor, adminPageAt } from './admin-pages';

describe('adminPageAt', () => {
  it.each([
    ['/admin', 'Dashboard'],
    ['/admin/', 'Dashboard'],
    ['/admin/users', 'Members'],
    ['/admin/users/12', 'Members'],
    ['/admin/reports', 'Reports'],
    ['/admin/nothing-here', undefined],
    ['/administer', undefined],
  ])('%s is the %s page', (path, label) => expect(adminPageAt(path)?.label).toBe(label));
});

describe('adminHomeFor', () => {
  it('opens the dashboard for its holders and the first other page for the rest', () => {
    expect(adminHomeFor(['view_dashboard', 'review_posts'])).toBe('/admin');
    expect(adminHomeFor(['review_posts', 'manage_reports'])).toBe('/admin/pending-posts');
    expect(adminHomeFor([])).toBeNull();
  });
});
