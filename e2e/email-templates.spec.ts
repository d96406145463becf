// /admin/email-templates: an admin edits the strike mail (a variable inserted at the cursor), sees
// the live preview with sample values, is told at once that a <script> would be refused, saves,
// sends a test to themselves that arrives in the mail catch with the new wording, and reverts to
// the default; the page checked with axe and photographed. The template is put back as found
// (the default), since the other journeys run on the same server after this one.
import { expect, test } from '@playwright/test';
import { apiAs } from './api';
import { violations } from './axe';
import { waitForMail } from './mail';
import { admin } from './members';
import { shot, signedInPage } from './pages';

test('an admin edits a mail template with a live preview, saves, sends a test to themselves and reverts', async ({ browser }) => {
  test.setTimeout(180_000);
  const api = await apiAs(admin());
  const stamp = Date.now().toString(36);
  try {
    const page = await signedInPage(browser, admin(), { viewport: { width: 1366, height: 900 } });
    await page.goto('/admin/email-templates');
    await expect(page.getByRole('heading', { name: 'Email Templates', level: 1 })).toBeVisible();
    await page.getByRole('navigation', { name: 'Templates' }).getByRole('button', { name: 'Strike' }).click();
    const form = page.getByRole('form', { name: 'Edit Strike' });
    const subject = form.getByLabel('Subject');
    await expect(subject).toHaveValue('A note from the moderators');

    // A new subject with the member's name put in at the cursor; the preview follows with the sample.
    await subject.fill(`Heads-up ${stamp} for `);
    await page.getByRole('button', { name: /Insert \{\{displayName\}\}/ }).click();
    await expect(subject).toHaveValue(`Heads-up ${stamp} for {{displayName}}`);
    await expect(page.getByTestId('preview-subject')).toHaveText(`Heads-up ${stamp} for Ada Lovelace`);
    const html = page.frameLocator('iframe[title="HTML preview of Strike"]');
    await expect(html.getByText(/Please keep comments about the food/)).toBeVisible();
    await expect(page.getByLabel('Text preview of Strike')).toContainText('Hello Ada Lovelace,');

    // A script in the HTML is flagged next to the field before saving, and refused by the server.
    const htmlField = form.getByLabel('HTML version');
    const original = await htmlField.inputValue();
    await htmlField.fill(`${original}<script>alert(1)</script>`);
    await expect(form.getByText('The tag <script> is not allowed in an email')).toBeVisible();
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(htmlField).toHaveAttribute('aria-invalid', 'true');
    await htmlField.fill(original.replace('The Plates moderators', `The Plates moderators (${stamp})`));
    await expect(form.getByText('The tag <script> is not allowed in an email')).toHaveCount(0);

    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Template saved').first()).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Templates' }).getByRole('button', { name: /Strike/ })).toContainText('Edited');
    const stored = (await (await api.get('/api/admin/email-templates/strike')).json()) as { subject: string; customised: boolean };
    expect(stored).toMatchObject({ subject: `Heads-up ${stamp} for {{displayName}}`, customised: true });

    // The test mail lands in the admin's inbox with the saved wording.
    await form.getByRole('button', { name: 'Send test to me' }).click();
    await expect(page.getByText(`Sent to ${admin().email}.`).first()).toBeVisible();
    const mail = await waitForMail(admin().email, new RegExp(`\\[Test\\] Heads-up ${stamp} for`));
    expect(mail).toContain(`The Plates moderators (${stamp})`);

    // The four looks, with the edited template open: axe and screenshots.
    const problems: string[] = [];
    for (const [size, viewport] of [
      ['desktop', { width: 1366, height: 900 }],
      ['phone', { width: 390, height: 844 }],
    ] as const) {
      await page.setViewportSize(viewport);
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        await page.goto('/admin/email-templates?template=strike');
        await expect(page.getByRole('form', { name: 'Edit Strike' }).getByLabel('Subject')).toHaveValue(`Heads-up ${stamp} for {{displayName}}`);
        await expect(page.getByTestId('preview-subject')).toBeVisible();
        problems.push(...(await violations(page)).map((v) => `${size} ${colorScheme}: ${v}`));
        await shot(page, `email-templates-${size}-${colorScheme}`, { photos: false });
      }
    }
    expect(problems).toEqual([]);

    // Revert, after confirming: the default wording is back.
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.getByRole('button', { name: 'Revert to default' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Revert "Strike" to the default?' });
    await confirm.getByRole('button', { name: 'Revert' }).click();
    await expect(page.getByText('Template reverted').first()).toBeVisible();
    await expect(page.getByRole('form', { name: 'Edit Strike' }).getByLabel('Subject')).toHaveValue('A note from the moderators');
    const after = (await (await api.get('/api/admin/email-templates/strike')).json()) as { customised: boolean };
    expect(after.customised).toBe(false);
    await page.context().close();
  } finally {
    // As found, whatever failed above.
    await api.post('/api/admin/email-templates/strike/revert', { data: {} });
    await api.dispose();
  }
});
