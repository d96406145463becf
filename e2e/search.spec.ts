import { expect, test } from '@playwright/test';
import { approvedPlate } from './api';
import { createMember } from './members';
import { shot } from './pages';

test('search from the header to the full page and the advanced filters', async ({ page, browser, request }) => {
  // A word nobody else uses, so the counts are ours.
  const word = `zest${Date.now().toString(36)}`;
  const cook = await createMember(request, word);
  await approvedPlate(cook, { title: `${word} risotto`, description: 'Saffron and bone marrow.', location: 'Milan' });
  await approvedPlate(cook, { title: `Lemon ${word} tart`, description: 'Sharp and sweet.', location: 'Porto' });

  // The header box answers from two characters, in groups, without leaving the page.
  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'Search people and plates' });
  await box.fill('z');
  await box.press('Enter');
  await expect(page).toHaveURL('/');
  await expect(page.getByText('Type at least 2 characters to search')).toBeVisible();
  await box.fill(word);
  await expect(page.getByRole('option', { name: new RegExp(`^${word} risotto`) })).toBeVisible();
  await expect(page.getByRole('option', { name: new RegExp(`^Lemon ${word} tart`) })).toBeVisible();
  await expect(page.getByRole('option', { name: new RegExp(`^${cook.username}, @`) })).toBeVisible();
  await expect(page.getByRole('option', { name: 'See all 2 food plates' })).toBeVisible();
  await box.press('Escape');
  await expect(page.getByRole('listbox')).toHaveCount(0);

  // Enter opens the full page with tabs and counts.
  await box.focus();
  await box.press('Enter');
  await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === word);
  // One search box on the page: the page's own, not the header's beside it.
  await expect(page.getByRole('search')).toHaveCount(1);
  await expect(page.getByRole('search', { name: 'Search people and plates' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'People (1)' })).toBeVisible();
  await page.getByRole('tab', { name: 'Plates (2)' }).click();
  const plates = page.getByRole('list', { name: 'Plates found' });
  await expect(plates.getByRole('listitem')).toHaveCount(2);
  await shot(page, 'search-desktop');

  // The advanced page filters by location.
  await page.goto(`/search/advanced?q=${word}`);
  await expect(page.getByText('Showing 2 of 2')).toBeVisible();
  await page.getByRole('button', { name: 'Filters' }).click();
  const drawer = page.getByRole('dialog', { name: 'Advanced Search Filters' });
  await drawer.getByLabel('Location', { exact: true }).fill('porto');
  await drawer.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(page).toHaveURL(/location=porto/);
  await expect(page.getByText('Showing 1 of 1')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Plates found' }).getByText(`Lemon ${word} tart`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Filters, 1 active' })).toBeVisible();
  await page.getByRole('button', { name: /^Remove filter/ }).first().click();
  await expect(page.getByText('Showing 2 of 2')).toBeVisible();

  // A misspelt word still finds the plate; a nonsense word says so.
  await page.goto(`/search?q=${encodeURIComponent(`${word.slice(0, -1)} risoto`)}&tab=food`);
  await expect(page.getByRole('list', { name: 'Plates found' }).getByText(`${word} risotto`)).toBeVisible();
  await page.goto('/search?q=qqxxzzqq');
  await expect(page.getByText('No results found for "qqxxzzqq"')).toBeVisible();

  // The same pages on a phone.
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await phone.goto(`/search?q=${word}&tab=food`);
  await expect(phone.getByRole('list', { name: 'Plates found' }).getByRole('listitem')).toHaveCount(2);
  await expect(phone.getByRole('button', { name: 'Search', exact: true })).toHaveCount(1); // the page's, no header toggle
  await shot(phone, 'search-phone');
  await phone.goto(`/search/advanced?q=${word}`);
  await expect(phone.getByText('Showing 2 of 2')).toBeVisible();
  await shot(phone, 'search-advanced-phone');
  await phone.close();
});
