import { describe, expect, it } from 'vitest';
import { ADMIN_PAGES, firstAdminPage, mayOpenAdminPage } from './permissions.js';

describe('admin pages', () => {
  const content = ADMIN_PAGES.find((page) => page.path === '/admin/content')!;

  it('opens /admin/content to holders of manage_content or manage_filters, and to nobody else', () => {
    expect(content.label).toBe('Content');
    expect(mayOpenAdminPage(content, ['manage_content'])).toBe(true);
    expect(mayOpenAdminPage(content, ['manage_filters'])).toBe(true);
    expect(mayOpenAdminPage(content, ['manage_reports', 'manage_announcements'])).toBe(false);
  });

  it('leads a holder of only manage_filters, or only manage_content, to it', () => {
    expect(firstAdminPage(['manage_filters'])).toBe('/admin/content');
    expect(firstAdminPage(['manage_content'])).toBe('/admin/content');
    expect(firstAdminPage(['view_dashboard'])).toBe('/admin');
    expect(firstAdminPage(['view_audit_log'])).toBe('/admin/audit');
    expect(firstAdminPage([])).toBeNull();
  });
});
