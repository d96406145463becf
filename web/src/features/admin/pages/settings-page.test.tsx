import { SETTING_KEYS, SETTINGS, type SettingDto, type SettingKey } from '@plates/common';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sampleUser, stubFetch } from '../../../test/fetch';
import { renderWithApp } from '../../../test/render';
import SettingsPage, { MAINTENANCE_CONFIRM } from './settings-page';

function dto(key: SettingKey, overrides: Partial<SettingDto> = {}): SettingDto {
  const def = SETTINGS[key];
  return {
    key,
    value: def.default,
    default: def.default,
    stored: false,
    ...('bounds' in def && def.bounds ? { min: def.bounds.min, max: def.bounds.max } : {}),
    updatedAt: null,
    ...overrides,
  };
}

const all = () => ({ settings: SETTING_KEYS.map((key) => dto(key)) });
const session = { 'GET /api/user': { body: { ...sampleUser, isAdmin: true } } };

function renderPage() {
  localStorage.setItem('auth_token', 't');
  return renderWithApp(null, { routes: [{ path: '/admin/settings', element: <SettingsPage /> }], route: '/admin/settings' });
}

describe('SettingsPage', () => {
  it('shows each group as its own form with the stored values and bounds', async () => {
    stubFetch({ ...session, 'GET /api/admin/settings': { body: all() } });
    renderPage();
    expect(await screen.findByRole('form', { name: 'Access' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Maintenance mode' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: /Open/ })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Site name' })).toHaveValue('Plates');
    const upload = screen.getByRole('spinbutton', { name: 'Largest photo (MB)' });
    expect(upload).toHaveValue(5);
    expect(upload).toHaveAttribute('max', '5');
    expect(screen.getByRole('button', { name: 'Save access' })).toBeDisabled();
  });

  it('asks before turning maintenance on, says what it does, then saves and confirms with a toast', async () => {
    const user = userEvent.setup();
    const api = stubFetch({
      ...session,
      'GET /api/admin/settings': { body: all() },
      'PUT /api/admin/settings/maintenance_mode': { body: dto('maintenance_mode', { value: true, stored: true }) },
    });
    renderPage();
    await user.click(await screen.findByRole('switch', { name: 'Maintenance mode' }));
    await user.click(screen.getByRole('button', { name: 'Save access' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Turn on maintenance mode?' });
    expect(within(dialog).getByText(MAINTENANCE_CONFIRM)).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/admin/settings/maintenance_mode')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Turn on maintenance mode' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/admin/settings/maintenance_mode')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/admin/settings/maintenance_mode')[0]!.body).toEqual({ value: true });
    expect(await screen.findByText('Access saved')).toBeInTheDocument();
  });

  it('saves only the changed keys of a group, and checks the bounds before sending', async () => {
    const user = userEvent.setup();
    const api = stubFetch({
      ...session,
      'GET /api/admin/settings': { body: all() },
      'PUT /api/admin/settings/plates_per_hour': { body: dto('plates_per_hour', { value: 12, stored: true }) },
    });
    renderPage();
    const plates = await screen.findByRole('spinbutton', { name: 'Plates per member per hour' });
    await user.clear(plates);
    await user.type(plates, '0');
    await user.click(screen.getByRole('button', { name: 'Save uploads and limits' }));
    expect(await screen.findByText('Plates per hour must be at least 1.')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/admin/settings/plates_per_hour')).toHaveLength(0);
    await user.clear(plates);
    await user.type(plates, '12');
    await user.click(screen.getByRole('button', { name: 'Save uploads and limits' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/admin/settings/plates_per_hour')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/admin/settings/plates_per_hour')[0]!.body).toEqual({ value: 12 });
    expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
    expect(await screen.findByText('Uploads and limits saved')).toBeInTheDocument();
  });

  it("shows the server's refusal under the field it names", async () => {
    const user = userEvent.setup();
    stubFetch({
      ...session,
      'GET /api/admin/settings': { body: all() },
      'PUT /api/admin/settings/registration_mode': {
        status: 400,
        body: { code: 'VALIDATION_ERROR', message: 'Registration must be open, approval or closed.', field: 'value' },
      },
    });
    renderPage();
    await user.click(await screen.findByRole('radio', { name: /Closed/ }));
    await user.click(screen.getByRole('button', { name: 'Save access' }));
    expect(await screen.findByText('Registration must be open, approval or closed.')).toBeInTheDocument();
  });

  it('says when the settings cannot be loaded, and tries again', async () => {
    const user = userEvent.setup();
    let fail = true;
    stubFetch({
      ...session,
      'GET /api/admin/settings': () =>
        fail ? { status: 500, body: { code: 'INTERNAL_ERROR', message: 'Server error. Our team has been notified.' } } : { body: all() },
    });
    renderPage();
    expect(await screen.findByText(/Error loading settings/)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('form', { name: 'Site' })).toBeInTheDocument();
  });
});
