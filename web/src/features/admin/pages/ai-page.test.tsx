import { ANALYSIS_MESSAGES, ANALYSIS_PART_INFO, ANALYSIS_PARTS, type AdminAiResponse } from '@plates/common';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sampleUser, stubFetch } from '../../../test/fetch';
import { renderWithApp } from '../../../test/render';
import AiPage, { agreementText, BACKFILL_REFRESH_MS } from './ai-page';

function aiAnswer(overrides: Partial<AdminAiResponse> = {}): AdminAiResponse {
  return {
    parts: ANALYSIS_PARTS.map((name) => ({ name, ...ANALYSIS_PART_INFO[name], enabled: name !== 'similar_plates' })),
    thresholds: { nsfwHoldPercent: 60, foodMinPercent: 30 },
    figures: { notAnalysed: 0, backfill: { running: false, done: 0 }, analysed: 1234, held: 5, heldDecided: 4, heldAgreed: 3, noFood: 17, queued: 2, workers: 1 },
    ...overrides,
  };
}

const session = { 'GET /api/user': { body: { ...sampleUser, isAdmin: true } } };

function renderPage() {
  localStorage.setItem('auth_token', 't');
  return renderWithApp(null, { routes: [{ path: '/admin/ai', element: <AiPage /> }], route: '/admin/ai' });
}

describe('AiPage (/admin/ai)', () => {
  it('shows a switch per analysis with its label and description, the thresholds with their bounds, and the figures', async () => {
    stubFetch({ ...session, 'GET /api/admin/ai': { body: aiAnswer() } });
    renderPage();
    expect(await screen.findByRole('switch', { name: 'Photo quality' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Similar plates' })).not.toBeChecked();
    expect(screen.getAllByRole('switch')).toHaveLength(ANALYSIS_PARTS.length);
    expect(screen.getByRole('switch', { name: 'Adult content check' })).toHaveAccessibleDescription(ANALYSIS_PART_INFO.nsfw_check.description);

    const hold = screen.getByRole('spinbutton', { name: 'Hold for review at (%)' });
    expect(hold).toHaveValue(60);
    expect(hold).toHaveAccessibleDescription(/From 50% to 95%; default 50%\./);
    expect(screen.getByRole('spinbutton', { name: 'Food found from (%)' })).toHaveAccessibleDescription(/From 10% to 90%; default 30%\./);

    const figures = screen.getByRole('region', { name: 'Figures' });
    const pairs = [...figures.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
    expect(pairs).toEqual([
      ['Plates analysed', '1,234'],
      ['Held for review', '5'],
      ['Moderator agreement', '75% (3 of 4)'],
      ['No food found', '17'],
      ['Waiting in the queue', '2'],
      ['Workers', '1'],
    ]);
  });

  it('says "no decisions yet" before a moderator has decided on a held plate', () => {
    expect(agreementText({ heldDecided: 0, heldAgreed: 0 })).toBe('no decisions yet');
    expect(agreementText({ heldDecided: 3, heldAgreed: 1 })).toBe('33% (1 of 3)');
  });

  it('moves a switch at once, sends it and confirms with a toast', async () => {
    const user = userEvent.setup();
    let stored = aiAnswer();
    const api = stubFetch({
      ...session,
      'GET /api/admin/ai': () => ({ body: stored }),
      'PUT /api/admin/ai/parts/similar_plates': () => {
        stored = { ...stored, parts: stored.parts.map((p) => (p.name === 'similar_plates' ? { ...p, enabled: true } : p)) };
        return { body: stored };
      },
    });
    renderPage();
    const similar = await screen.findByRole('switch', { name: 'Similar plates' });
    await user.click(similar);
    expect(similar).toBeChecked();
    expect(await screen.findByText(ANALYSIS_MESSAGES.partToggled('Similar plates', true))).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/admin/ai/parts/similar_plates')[0]!.body).toEqual({ enabled: true });
    expect(similar).toBeChecked();
  });

  it('puts the switch back and says why when the change is refused', async () => {
    const user = userEvent.setup();
    let answer!: (reply: { status: number; body: unknown }) => void;
    stubFetch({
      ...session,
      'GET /api/admin/ai': { body: aiAnswer() },
      'PUT /api/admin/ai/parts/photo_quality': () => new Promise((resolve) => (answer = resolve)),
    });
    renderPage();
    const quality = await screen.findByRole('switch', { name: 'Photo quality' });
    await user.click(quality);
    expect(quality).not.toBeChecked(); // optimistic: off while the server is asked
    answer({ status: 403, body: { message: 'You do not have permission to change settings.', code: 'FORBIDDEN' } });
    expect(await screen.findByText(/Could not switch photo quality/)).toBeInTheDocument();
    await waitFor(() => expect(quality).toBeChecked());
  });

  it('checks the thresholds against their bounds before sending, then saves with a toast', async () => {
    const user = userEvent.setup();
    const api = stubFetch({
      ...session,
      'GET /api/admin/ai': { body: aiAnswer() },
      'PUT /api/admin/ai/thresholds': { body: aiAnswer({ thresholds: { nsfwHoldPercent: 70, foodMinPercent: 30 } }) },
    });
    renderPage();
    const hold = await screen.findByRole('spinbutton', { name: 'Hold for review at (%)' });
    await user.clear(hold);
    await user.type(hold, '40');
    await user.click(screen.getByRole('button', { name: 'Save thresholds' }));
    expect(await screen.findByText('The hold threshold must be at least 50%.')).toBeInTheDocument();
    await user.clear(hold);
    await user.type(hold, '99');
    await user.click(screen.getByRole('button', { name: 'Save thresholds' }));
    expect(await screen.findByText('The hold threshold must be at most 95%.')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/admin/ai/thresholds')).toHaveLength(0);

    await user.clear(hold);
    await user.type(hold, '70');
    await user.click(screen.getByRole('button', { name: 'Save thresholds' }));
    expect(await screen.findByText(ANALYSIS_MESSAGES.thresholdsSaved)).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/admin/ai/thresholds')[0]!.body).toEqual({ nsfwHoldPercent: 70, foodMinPercent: 30 });
    expect(hold).toHaveValue(70);
  });

  it('keeps a threshold being typed when a switch moves and the page is asked again', async () => {
    const user = userEvent.setup();
    // meanwhile another admin moved the hold threshold: it shows; the field being typed is kept
    let asked = 0;
    const api = stubFetch({
      ...session,
      'GET /api/admin/ai': () => ({ body: ++asked === 1 ? aiAnswer() : aiAnswer({ thresholds: { nsfwHoldPercent: 80, foodMinPercent: 20 } }) }),
      'PUT /api/admin/ai/parts/food_check': { body: aiAnswer() },
    });
    renderPage();
    const food = await screen.findByRole('spinbutton', { name: 'Food found from (%)' });
    await user.clear(food);
    await user.type(food, '45');
    await user.click(screen.getByRole('switch', { name: 'Food check' }));
    await waitFor(() => expect(api.callsTo('GET', '/api/admin/ai')).toHaveLength(2));
    await waitFor(() => expect(screen.getByRole('spinbutton', { name: 'Hold for review at (%)' })).toHaveValue(80));
    expect(food).toHaveValue(45);
    expect(screen.getByRole('button', { name: 'Save thresholds' })).toBeEnabled();
  });

  it("shows the server's refusal of a threshold under its field", async () => {
    const user = userEvent.setup();
    stubFetch({
      ...session,
      'GET /api/admin/ai': { body: aiAnswer() },
      'PUT /api/admin/ai/thresholds': { status: 400, body: { message: 'The food threshold must be at most 90%.', code: 'VALIDATION_ERROR', field: 'foodMinPercent' } },
    });
    renderPage();
    const food = await screen.findByRole('spinbutton', { name: 'Food found from (%)' });
    await user.clear(food);
    await user.type(food, '35');
    await user.click(screen.getByRole('button', { name: 'Save thresholds' }));
    expect(await screen.findByText('The food threshold must be at most 90%.')).toBeInTheDocument();
    expect(food).toHaveAttribute('aria-invalid', 'true');
  });

  it('says when the page cannot be loaded and tries again; an answer without analyses is said kindly', async () => {
    const user = userEvent.setup();
    let fail = true;
    stubFetch({
      ...session,
      'GET /api/admin/ai': () =>
        fail ? { status: 500, body: { code: 'INTERNAL_ERROR', message: 'Server error. Our team has been notified.' } } : { body: aiAnswer({ parts: [] }) },
    });
    renderPage();
    expect(await screen.findByText(/Error loading photo analysis/)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No analyses to show.')).toBeInTheDocument();
    expect(within(document.body).queryByRole('switch')).not.toBeInTheDocument();
  });

  describe('earlier plates', () => {
    const withBackfill = (notAnalysed: number, running: boolean, done: number) =>
      aiAnswer({ figures: { ...aiAnswer().figures, notAnalysed, backfill: { running, done } } });
    const card = () => screen.getByRole('region', { name: 'Earlier plates' });

    it('starts the analysis of earlier plates with a toast, then shows its progress, asked again every few seconds', async () => {
      const user = userEvent.setup();
      let answer = withBackfill(1500, false, 0);
      const api = stubFetch({
        ...session,
        'GET /api/admin/ai': () => ({ body: answer }),
        'POST /api/admin/ai/backfill': () => {
          answer = withBackfill(1500, true, 0);
          return { body: answer };
        },
      });
      renderPage();
      expect(await screen.findByText('Not analysed yet: 1,500')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Stop' })).not.toBeInTheDocument();
      await user.click(within(card()).getByRole('button', { name: 'Analyse earlier plates' }));
      expect(await screen.findByText(ANALYSIS_MESSAGES.backfillStarted)).toBeInTheDocument();
      expect(api.callsTo('POST', '/api/admin/ai/backfill')).toHaveLength(1);
      expect(within(card()).getByRole('button', { name: 'Stop' })).toBeEnabled();
      expect(within(card()).getByText('Analysing now: 0 plates analysed')).toBeInTheDocument();

      const asked = api.callsTo('GET', '/api/admin/ai').length;
      answer = withBackfill(1488, true, 12);
      await waitFor(() => expect(within(card()).getByText('Analysing now: 12 plates analysed')).toBeInTheDocument(), {
        timeout: BACKFILL_REFRESH_MS + 2_000,
      });
      expect(screen.getByText('Not analysed yet: 1,488')).toBeInTheDocument();
      expect(api.callsTo('GET', '/api/admin/ai').length).toBeGreaterThan(asked);
    }, 10_000);

    it('stops a run with a toast and offers to start again', async () => {
      const user = userEvent.setup();
      const api = stubFetch({
        ...session,
        'GET /api/admin/ai': { body: withBackfill(40, true, 3) },
        'DELETE /api/admin/ai/backfill': { body: withBackfill(40, false, 3) },
      });
      renderPage();
      await user.click(await screen.findByRole('button', { name: 'Stop' }));
      expect(await screen.findByText(ANALYSIS_MESSAGES.backfillStopped)).toBeInTheDocument();
      expect(api.callsTo('DELETE', '/api/admin/ai/backfill')).toHaveLength(1);
      expect(within(card()).getByRole('button', { name: 'Analyse earlier plates' })).toBeEnabled();
      expect(within(card()).getByText('Last run: 3 plates analysed')).toBeInTheDocument();
    });

    it("says why when the server refuses to start, and the button stays", async () => {
      const user = userEvent.setup();
      stubFetch({
        ...session,
        'GET /api/admin/ai': { body: withBackfill(5, false, 0) },
        'POST /api/admin/ai/backfill': { status: 409, body: { code: 'CONFLICT', message: ANALYSIS_MESSAGES.backfillAllOff } },
      });
      renderPage();
      await user.click(await screen.findByRole('button', { name: 'Analyse earlier plates' }));
      expect(await screen.findByText(`Could not start analysing earlier plates: ${ANALYSIS_MESSAGES.backfillAllOff}`)).toBeInTheDocument();
      expect(within(card()).getByRole('button', { name: 'Analyse earlier plates' })).toBeEnabled();
    });

    it('offers nothing to start when every plate is analysed', async () => {
      stubFetch({ ...session, 'GET /api/admin/ai': { body: withBackfill(0, false, 0) } });
      renderPage();
      expect(await screen.findByText('Not analysed yet: 0')).toBeInTheDocument();
      expect(within(card()).getByRole('button', { name: 'Analyse earlier plates' })).toBeDisabled();
    });
  });

});
