import { ANALYSIS_MESSAGES, QUALITY_TIPS, type PhotoAnalysis } from '@plates/common';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../test/fetch';
import { scoreWords } from '../lib/score';
import { HELD_NOTE, PhotoCheck } from './photo-check';

const photo = (name = 'soup.jpg') => new File(['jpeg-bytes'], name, { type: 'image/jpeg' });

function analysis(overrides: Partial<PhotoAnalysis> = {}): PhotoAnalysis {
  return {
    quality: { score: 84, tips: [] },
    food: { found: true, labels: ['bowl'] },
    cuisines: [],
    nsfw: { held: false },
    ...overrides,
  };
}

/** A reply the test lets go when it wants, to see the panel while it waits. */
function held<T>() {
  let release!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (release = resolve));
  return { promise, release };
}

describe('PhotoCheck', () => {
  it('shows Analysing… at once, then the score with its words and the tips, announced in a live region', async () => {
    const reply = held<{ body: PhotoAnalysis }>();
    const api = stubFetch({ 'POST /api/analysis/photo': () => reply.promise });
    const file = photo();
    render(<PhotoCheck file={file} text={{ title: ' Lentil soup ', description: '' }} chosen={[]} />);
    const panel = screen.getByRole('region', { name: 'Photo check' });
    expect(within(panel).getByText('Analysing…')).toBeInTheDocument();
    reply.release({
      body: analysis({ quality: { score: 52, tips: [{ code: 'dark', message: QUALITY_TIPS.dark }, { code: 'blurry', message: QUALITY_TIPS.blurry }] } }),
    });
    expect(await within(panel).findByText('Could be better')).toBeInTheDocument();
    expect(within(panel).getByText('52')).toBeInTheDocument();
    expect(within(panel).getAllByRole('listitem').map((li) => li.textContent)).toEqual([QUALITY_TIPS.dark, QUALITY_TIPS.blurry]);
    expect(within(panel).getByText('Could be better').closest('[aria-live="polite"]')).not.toBeNull();
    expect(screen.queryByText('Analysing…')).not.toBeInTheDocument();

    const sent = api.callsTo('POST', '/api/analysis/photo')[0]!.body as FormData;
    expect((sent.get('image') as File).name).toBe(file.name);
    expect(sent.get('title')).toBe('Lentil soup');
    expect(sent.get('description')).toBeNull();
  });

  it('words the score: 80 and up great, 60 and up good, below that could be better', () => {
    expect([100, 80, 79, 60, 59, 0].map((s) => scoreWords(s).words)).toEqual([
      'Great photo',
      'Great photo',
      'Good',
      'Good',
      'Could be better',
      'Could be better',
    ]);
  });

  it.each([
    [503, 'SERVICE_UNAVAILABLE', ANALYSIS_MESSAGES.busy],
    [500, 'INTERNAL_ERROR', ANALYSIS_MESSAGES.failed],
    [400, 'INVALID_FILE_TYPE', ANALYSIS_MESSAGES.failed],
  ])('a %s answer is one quiet line (%s)', async (status, code, message) => {
    stubFetch({ 'POST /api/analysis/photo': { status, body: { message: 'no', code } } });
    render(<PhotoCheck file={photo()} text={{}} chosen={[]} />);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByText('Analysing…')).not.toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('a held photo says only that the plate will be reviewed', async () => {
    stubFetch({ 'POST /api/analysis/photo': { body: analysis({ quality: null, cuisines: null, nsfw: { held: true } }) } });
    render(<PhotoCheck file={photo()} text={{}} chosen={[]} />);
    const panel = screen.getByRole('region', { name: 'Photo check' });
    expect(await within(panel).findByText(HELD_NOTE)).toBeInTheDocument();
    expect(panel).not.toHaveTextContent(/adult|nsfw|explicit|unsafe/i);
  });

  it('shows nothing when every part is switched off', async () => {
    const api = stubFetch({ 'POST /api/analysis/photo': { body: analysis({ quality: null, food: null, cuisines: null, nsfw: null }) } });
    render(<PhotoCheck file={photo()} text={{}} chosen={[]} />);
    await waitFor(() => expect(api.callsTo('POST', '/api/analysis/photo')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Photo check' })).not.toBeInTheDocument());
  });

  it('offers up to three suggested cuisines with their confidence; a tap asks to add one, an added one is pressed', async () => {
    const user = userEvent.setup();
    stubFetch({
      'POST /api/analysis/photo': {
        body: analysis({
          cuisines: [
            { name: 'Greek', confidence: 0.78 },
            { name: 'Turkish', confidence: 0.4 },
            { name: 'Lebanese', confidence: 0.21 },
          ],
        }),
      },
    });
    const onToggle = vi.fn();
    render(<PhotoCheck file={photo()} text={{}} chosen={['Turkish']} onToggleCuisine={onToggle} />);
    const group = await screen.findByRole('group', { name: 'Suggested:' });
    const chips = within(group).getAllByRole('button');
    expect(chips.map((b) => b.getAttribute('title'))).toEqual(['78% match', '40% match', '21% match']);
    const greek = within(group).getByRole('button', { name: 'Greek, 78% match' });
    expect(greek).toHaveAttribute('aria-pressed', 'false');
    expect(within(group).getByRole('button', { name: 'Turkish, 40% match' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(greek);
    expect(onToggle).toHaveBeenCalledWith('Greek');
  });

  it('asks again, for the same photo, only once the words have rested; a new photo aborts the ask in flight', async () => {
    const first = held<{ body: PhotoAnalysis }>();
    let n = 0;
    const api = stubFetch({
      'POST /api/analysis/photo': () => (++n === 1 ? first.promise : { body: analysis({ quality: { score: 70, tips: [] } }) }),
    });
    const a = photo('a.jpg');
    const b = photo('b.jpg');
    const { rerender } = render(<PhotoCheck file={a} text={{ title: 'Soup' }} chosen={[]} />);
    await waitFor(() => expect(api.callsTo('POST', '/api/analysis/photo')).toHaveLength(1));
    const firstSignal = (api.fetchMock.mock.calls[0]![1] as RequestInit).signal!;
    expect(firstSignal.aborted).toBe(false);

    rerender(<PhotoCheck file={b} text={{ title: 'Soup' }} chosen={[]} />);
    expect(firstSignal.aborted).toBe(true);
    expect(await screen.findByText('Good')).toBeInTheDocument();
    expect(((api.callsTo('POST', '/api/analysis/photo')[1]!.body as FormData).get('image') as File).name).toBe('b.jpg');

    rerender(<PhotoCheck file={b} text={{ title: 'Soup w' }} chosen={[]} />);
    rerender(<PhotoCheck file={b} text={{ title: 'Soup with lentils' }} chosen={[]} />);
    // the last answer stays while the words rest: no jump back to "Analysing…"
    expect(screen.getByText('Good')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/analysis/photo')).toHaveLength(2);
    await waitFor(() => expect(api.callsTo('POST', '/api/analysis/photo')).toHaveLength(3), { timeout: 2000 });
    const third = api.callsTo('POST', '/api/analysis/photo')[2]!.body as FormData;
    expect(third.get('title')).toBe('Soup with lentils');
    expect((third.get('image') as File).name).toBe('b.jpg');
  });
});
