import type { DeadJobDto } from '@plates/common';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sampleUser, stubFetch } from '../../../test/fetch';
import { renderWithApp } from '../../../test/render';
import { DeadJobsCard } from './dead-jobs-card';

const job = (overrides: Partial<DeadJobDto>): DeadJobDto => ({
  id: 'mail-template-abc',
  kind: 'mail:template',
  summary: 'verify_email to member #41',
  error: 'connect ECONNREFUSED 127.0.0.1:25',
  attempts: 5,
  failedAt: '2026-11-28T10:00:00.000Z',
  ...overrides,
});

function setup(routes: Parameters<typeof stubFetch>[0]) {
  localStorage.setItem('auth_token', 't');
  const api = stubFetch({ 'GET /api/user': { body: { ...sampleUser, permissions: ['view_dashboard'] } }, ...routes });
  renderWithApp(<DeadJobsCard />);
  return { api, user: userEvent.setup() };
}

describe('/admin/system, Failed jobs', () => {
  it('lists dead jobs with kind, summary, error and attempts; Retry and Discard call the API and the list is asked again', async () => {
    let jobs = [job({}), job({ id: 'analysis-post-1', kind: 'analysis:post', summary: 'plate #9', error: 'model not loaded', attempts: 2 })];
    const { api, user } = setup({
      'GET /api/admin/system/jobs/dead': () => ({ body: { backend: 'redis', jobs } }),
      'POST /api/admin/system/jobs/dead/mail-template-abc/retry': () => {
        jobs = jobs.filter((j) => j.id !== 'mail-template-abc');
        return { body: { id: 'mail-template-abc', action: 'retried' } };
      },
      'DELETE /api/admin/system/jobs/dead/analysis-post-1': () => {
        jobs = jobs.filter((j) => j.id !== 'analysis-post-1');
        return { body: { id: 'analysis-post-1', action: 'discarded' } };
      },
    });
    const list = await screen.findByRole('list', { name: 'Failed jobs' });
    expect(screen.getByText(/Redis, shared by every instance/)).toBeInTheDocument();
    const mail = within(list).getByRole('listitem', { name: 'mail:template: verify_email to member #41' });
    expect(mail).toHaveTextContent('connect ECONNREFUSED 127.0.0.1:25');
    expect(mail).toHaveTextContent('5 attempts');
    const plate = within(list).getByRole('listitem', { name: 'analysis:post: plate #9' });
    expect(plate).toHaveTextContent('2 attempts');

    await user.click(within(mail).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Job queued again')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/system/jobs/dead/mail-template-abc/retry')).toHaveLength(1);
    await screen.findByRole('listitem', { name: 'analysis:post: plate #9' });
    await expect.poll(() => screen.queryByRole('listitem', { name: 'mail:template: verify_email to member #41' })).toBeNull();

    await user.click(within(screen.getByRole('listitem', { name: 'analysis:post: plate #9' })).getByRole('button', { name: 'Discard' }));
    expect(await screen.findByText('Job discarded')).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/admin/system/jobs/dead/analysis-post-1')).toHaveLength(1);
    expect(await screen.findByText('No failed jobs.')).toBeInTheDocument();
  });

  it('says when the job is gone already, in the server words', async () => {
    setup({
      'GET /api/admin/system/jobs/dead': { body: { backend: 'memory', jobs: [job({})] } },
      'POST /api/admin/system/jobs/dead/mail-template-abc/retry': {
        status: 404,
        body: { code: 'NOT_FOUND', message: 'That job is no longer on the dead-letter list.' },
      },
    });
    const item = await screen.findByRole('listitem', { name: 'mail:template: verify_email to member #41' });
    expect(screen.getByText(/in this process/)).toBeInTheDocument();
    await userEvent.setup().click(within(item).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Could not retry the job')).toBeInTheDocument();
    expect(screen.getByText('That job is no longer on the dead-letter list.')).toBeInTheDocument();
  });
});
