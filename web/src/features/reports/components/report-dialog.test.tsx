import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { openReportDialog } from '../../../lib/app-events';
import { sampleUser, stubFetch } from '../../../test/fetch';
import { renderWithApp } from '../../../test/render';
import { ReportDialogHost } from './report-dialog-host';

function setup(reply: Parameters<typeof stubFetch>[0][string]) {
  localStorage.setItem('auth_token', 't');
  const api = stubFetch({ 'GET /api/user': { body: sampleUser }, 'POST /api/reports': reply });
  renderWithApp(<ReportDialogHost />);
  return { api, user: userEvent.setup() };
}

describe('Report dialog', () => {
  it('asks for a reason, trims details to null, and thanks the reporter', async () => {
    const { api, user } = setup({ status: 201, body: { id: 1, message: 'Report received' } });
    act(() => openReportDialog({ targetType: 'post', targetId: 42, targetLabel: 'Ramen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report Plate' });
    expect(dialog).toBeInTheDocument();
    // the guidelines open in a new tab, so the report being written stays
    expect(screen.getByRole('link', { name: 'Read the community guidelines' })).toHaveAttribute('href', '/guidelines');
    expect(screen.getByRole('link', { name: 'Read the community guidelines' })).toHaveAttribute('target', '_blank');
    expect(screen.getAllByRole('radio').map((r) => r.closest('label')!.textContent)).toEqual([
      'Inappropriate content',
      'Spam or misleading',
      'Offensive or harmful',
      'Copyright violation',
      'Other',
    ]);
    await user.click(screen.getByRole('button', { name: 'Submit Report' }));
    expect(screen.getByText('Please select a reason for the report')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/reports')).toHaveLength(0);

    await user.click(screen.getByRole('radio', { name: 'Spam or misleading' }));
    await user.type(screen.getByRole('textbox', { name: 'Details (optional)' }), '   ');
    await user.click(screen.getByRole('button', { name: 'Submit Report' }));
    expect(await screen.findByText('Report Submitted')).toBeInTheDocument();
    expect(screen.getByText('Thank you for your report. Our team will review it.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/reports')[0]!.body).toEqual({ targetId: 42, targetType: 'post', reason: 'spam', details: null });
    expect(screen.queryByRole('dialog', { name: 'Report Plate' })).not.toBeInTheDocument();
  });

  it('offers the profile reasons and reports a failure', async () => {
    const { api, user } = setup({ status: 500, body: { message: 'Server error. Our team has been notified.', code: 'INTERNAL_ERROR' } });
    act(() => openReportDialog({ targetType: 'user', targetId: 9 }));
    await screen.findByRole('dialog', { name: 'Report Profile' });
    await user.click(screen.getByRole('radio', { name: 'Harassment' }));
    await user.type(screen.getByRole('textbox', { name: 'Details (optional)' }), '  rude messages ');
    await user.click(screen.getByRole('button', { name: 'Submit Report' }));
    expect(await screen.findByText('There was a problem submitting your report. Please try again.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/reports')[0]!.body).toEqual({ targetId: 9, targetType: 'user', reason: 'harassment', details: 'rude messages' });
    expect(screen.getByRole('dialog', { name: 'Report Profile' })).toBeInTheDocument();
  });

  it('reports a comment with the plate reasons', async () => {
    const { api, user } = setup({ status: 201, body: { id: 3, message: 'Report received' } });
    act(() => openReportDialog({ targetType: 'comment', targetId: 77, targetLabel: 'You all have no taste' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report Comment' });
    expect(dialog).toHaveTextContent('Tell us what is wrong with “You all have no taste”.');
    expect(screen.getAllByRole('radio')).toHaveLength(5);
    await user.click(screen.getByRole('radio', { name: 'Offensive or harmful' }));
    await user.click(screen.getByRole('button', { name: 'Submit Report' }));
    expect(await screen.findByText('Report Submitted')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/reports')[0]!.body).toEqual({ targetId: 77, targetType: 'comment', reason: 'offensive', details: null });
  });
});
