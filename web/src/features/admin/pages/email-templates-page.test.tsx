import { EMAIL_TEMPLATE_MESSAGES, type EmailTemplateDto, type EmailTemplateSummaryDto } from '@plates/common';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sampleUser, stubFetch } from '../../../test/fetch';
import { renderWithApp } from '../../../test/render';
import EmailTemplatesPage from './email-templates-page';

const summary = (overrides: Partial<EmailTemplateSummaryDto> = {}): EmailTemplateSummaryDto => ({
  name: 'strike',
  label: 'Strike',
  description: 'Sent when a moderator acts on a member.',
  customised: false,
  updatedAt: null,
  updatedBy: null,
  ...overrides,
});
const strike = (overrides: Partial<EmailTemplateDto> = {}): EmailTemplateDto => ({
  ...summary(),
  subject: 'A note from the moderators',
  html: '<p>{{notice}}</p>',
  text: 'Hello {{displayName}}, {{notice}}',
  version: 0,
  variables: [
    { name: 'displayName', description: "The member's name", sample: 'Ada', required: false },
    { name: 'notice', description: 'What happened', sample: 'A moderator warned you.', required: true },
  ],
  defaults: { subject: 'A note from the moderators', html: '<p>{{notice}}</p>', text: 'Hello {{displayName}}, {{notice}}' },
  ...overrides,
});
const list = { templates: [summary({ name: 'verify_email', label: 'Email verification' }), summary()] };
const preview = { subject: 'A note from the moderators', html: '<p>A moderator warned you.</p>', text: 'Hello Ada, A moderator warned you.', issues: [] };

const admin = { 'GET /api/user': { body: { ...sampleUser, isAdmin: true } } };
const render = (route = '/admin/email-templates?template=strike') => {
  localStorage.setItem('auth_token', 't');
  return renderWithApp(null, { routes: [{ path: '/admin/email-templates', element: <EmailTemplatesPage /> }], route });
};

describe('EmailTemplatesPage', () => {
  it('shows a loading state, then the templates, the editor and a sandboxed preview with sample values', async () => {
    stubFetch({
      ...admin,
      'GET /api/admin/email-templates': { body: list },
      'GET /api/admin/email-templates/strike': { body: strike() },
      'POST /api/admin/email-templates/strike/preview': { body: preview },
    });
    render();
    expect(await screen.findByText('Loading templates')).toBeInTheDocument();
    const nav = await screen.findByRole('navigation', { name: 'Templates' });
    expect(within(nav).getByRole('button', { name: 'Strike' })).toHaveAttribute('aria-current', 'true');
    expect(within(nav).getByRole('button', { name: 'Email verification' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Subject')).toHaveValue('A note from the moderators');
    const frame = await screen.findByTitle('HTML preview of Strike');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame).toHaveAttribute('srcdoc', '<p>A moderator warned you.</p>');
    expect(screen.getByLabelText('Text preview of Strike')).toHaveTextContent('Hello Ada, A moderator warned you.');
    // Nothing changed yet: nothing to save or revert.
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Revert to default' })).toBeDisabled();
  });

  it('shows an error with Try Again when the list fails', async () => {
    const api = stubFetch({ ...admin, 'GET /api/admin/email-templates': { status: 500, body: { message: 'Database down', code: 'INTERNAL_ERROR' } } });
    const user = userEvent.setup();
    render();
    expect(await screen.findByText(/Error loading email templates/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(api.callsTo('GET', '/api/admin/email-templates').length).toBeGreaterThan(1));
  });

  it('inserts a variable at the cursor, saves with the base version, and shows the server refusal next to its field', async () => {
    const api = stubFetch({
      ...admin,
      'GET /api/admin/email-templates': { body: list },
      'GET /api/admin/email-templates/strike': { body: strike() },
      'POST /api/admin/email-templates/strike/preview': { body: preview },
      'PUT /api/admin/email-templates/strike': {
        status: 400,
        body: { code: 'VALIDATION_ERROR', field: 'html', message: EMAIL_TEMPLATE_MESSAGES.unsafeTag('script') },
      },
    });
    const user = userEvent.setup();
    render();
    const subject = await screen.findByLabelText('Subject');
    await user.clear(subject);
    await user.type(subject, 'Hi ');
    await user.click(screen.getByRole('button', { name: /Insert \{\{displayName\}\}/ }));
    expect(subject).toHaveValue('Hi {{displayName}}');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(EMAIL_TEMPLATE_MESSAGES.unsafeTag('script'))).toBeInTheDocument();
    expect(screen.getByLabelText('HTML version')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('PUT', '/api/admin/email-templates/strike')[0]!.body).toEqual({
      subject: 'Hi {{displayName}}',
      html: '<p>{{notice}}</p>',
      text: 'Hello {{displayName}}, {{notice}}',
      baseVersion: 0,
    });
  });

  it("shows the preview's refusals next to the fields before saving", async () => {
    stubFetch({
      ...admin,
      'GET /api/admin/email-templates': { body: list },
      'GET /api/admin/email-templates/strike': { body: strike() },
      'POST /api/admin/email-templates/strike/preview': {
        body: { ...preview, issues: [{ field: 'text', message: EMAIL_TEMPLATE_MESSAGES.unknownVariable('token') }] },
      },
    });
    render();
    expect(await screen.findByText(EMAIL_TEMPLATE_MESSAGES.unknownVariable('token'))).toBeInTheDocument();
    expect(screen.getByLabelText('Text version')).toHaveAttribute('aria-invalid', 'true');
  });

  it('sends the draft as a test, and reverts an edited template after confirming', async () => {
    const api = stubFetch({
      ...admin,
      'GET /api/admin/email-templates': { body: list },
      'GET /api/admin/email-templates/strike': { body: strike({ customised: true, version: 3, subject: 'Edited', updatedAt: '2026-02-01T10:00:00.000Z', updatedBy: { id: 1, username: 'boss' } }) },
      'POST /api/admin/email-templates/strike/preview': { body: preview },
      'POST /api/admin/email-templates/strike/test': { body: { message: EMAIL_TEMPLATE_MESSAGES.testSent, to: 'ana@example.test' } },
      'POST /api/admin/email-templates/strike/revert': { body: strike({ version: 4 }) },
    });
    const user = userEvent.setup();
    render();
    expect(await screen.findByText(/by @boss/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send test to me' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/admin/email-templates/strike/test')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/admin/email-templates/strike/test')[0]!.body).toEqual({
      draft: { subject: 'Edited', html: '<p>{{notice}}</p>', text: 'Hello {{displayName}}, {{notice}}' },
    });
    expect((await screen.findAllByText('Sent to ana@example.test.')).length).toBeGreaterThan(0);

    await user.click(screen.getByRole('button', { name: 'Revert to default' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Revert' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/admin/email-templates/strike/revert')).toHaveLength(1));
    expect(await screen.findByLabelText('Subject')).toHaveValue('A note from the moderators');
  });
});
