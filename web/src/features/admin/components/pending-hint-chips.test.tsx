import type { PendingHint } from '@plates/common';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { joinedText, PendingHintChips } from './pending-hint-chips';

const now = new Date('2026-03-10T12:00:00.000Z');

function makeHint(overrides: Partial<PendingHint> = {}, author: Partial<PendingHint['author']> = {}): PendingHint {
  return {
    postId: 20,
    author: { joinedAt: '2026-03-07T09:00:00.000Z', approvedPlates: 0, strikes: 2, activeStrikes: 1, reportsReceived: 3, ...author },
    duplicates: [],
    ...overrides,
  };
}

describe('PendingHintChips', () => {
  it("shows the cook's record, a new account and strikes in force highlighted", () => {
    renderWithApp(<PendingHintChips hint={makeHint()} authorId={40} now={now} />);
    const record = screen.getByRole('list', { name: "The cook's record" });
    const chips = within(record).getAllByRole('listitem').map((li) => li.textContent);
    expect(chips).toEqual(['Joined 3 days ago (new account)', 'No approved plates yet', '2 strikes, 1 in force', '3 reports received']);
    expect(within(record).getByText('Joined 3 days ago').className).toContain('bg-warning');
    expect(within(record).getByText(/2 strikes/).className).toContain('bg-warning');
    expect(screen.queryByRole('list', { name: 'Looks like an earlier plate' })).not.toBeInTheDocument();
  });

  it('an older account with a clean record is not highlighted', () => {
    renderWithApp(
      <PendingHintChips hint={makeHint({}, { joinedAt: '2025-01-01T00:00:00.000Z', approvedPlates: 1, strikes: 1, activeStrikes: 0, reportsReceived: 0 })} authorId={40} now={now} />,
    );
    const chips = within(screen.getByRole('list', { name: "The cook's record" })).getAllByRole('listitem');
    expect(chips.map((li) => li.textContent)).toEqual(['Joined 1 year ago', '1 approved plate', '1 strike', 'No reports']);
    expect(screen.getByText('Joined 1 year ago').className).not.toContain('bg-warning');
    expect(screen.getByText('1 strike').className).not.toContain('bg-warning');
  });

  it('links each look-alike plate, saying whose it is and its status', () => {
    renderWithApp(
      <PendingHintChips
        hint={makeHint({
          duplicates: [
            { id: 7, title: 'Borrowed bagel', approvalStatus: 'approved', userId: 99, distance: 2 },
            { id: 8, title: 'My own toast', approvalStatus: 'rejected', userId: 40, distance: 5 },
          ],
        })}
        authorId={40}
        now={now}
      />,
    );
    const list = screen.getByRole('list', { name: 'Looks like an earlier plate' });
    const links = within(list).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Looks like an earlier plate: “Borrowed bagel” (approved), by another cook', '/posts/7'],
      ['Looks like an earlier plate: “My own toast” (rejected), by the same cook', '/posts/8'],
    ]);
  });

  it('shows what the photo analysis found: a held photo as a warning, no food found with its best guess, the quality score', () => {
    renderWithApp(
      <PendingHintChips
        hint={makeHint({ analysis: { nsfw: { held: true, score: 0.873 }, noFood: { best: 'cat' }, qualityScore: 64 } })}
        authorId={40}
        now={now}
      />,
    );
    const list = screen.getByRole('list', { name: 'Photo analysis' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Adult content? 87%',
      'No food found — looks like a cat',
      'Photo quality 64/100',
    ]);
    expect(within(list).getByText('Adult content? 87%').className).toContain('bg-warning');
    expect(within(list).getByText('Photo quality 64/100').className).not.toContain('bg-warning');
  });

  it('says only the quality score when the photo was not held and food was found; "No food found" alone without a guess', () => {
    const { unmount } = renderWithApp(
      <PendingHintChips hint={makeHint({ analysis: { nsfw: null, noFood: null, qualityScore: 91 } })} authorId={40} now={now} />,
    );
    expect(within(screen.getByRole('list', { name: 'Photo analysis' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Photo quality 91/100',
    ]);
    unmount();
    renderWithApp(<PendingHintChips hint={makeHint({ analysis: { nsfw: null, noFood: { best: null }, qualityScore: null } })} authorId={40} now={now} />);
    expect(within(screen.getByRole('list', { name: 'Photo analysis' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'No food found',
    ]);
  });

  it('shows no analysis list for a plate without a stored analysis', () => {
    renderWithApp(<PendingHintChips hint={makeHint({ analysis: null })} authorId={40} now={now} />);
    expect(screen.getByRole('list', { name: "The cook's record" })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Photo analysis' })).not.toBeInTheDocument();
  });

  it('shows nothing without a hint', () => {
    renderWithApp(
      <div data-testid="box">
        <PendingHintChips hint={undefined} authorId={40} now={now} />
      </div>,
    );
    expect(screen.getByTestId('box')).toBeEmptyDOMElement();
  });

  it('words the account age', () => {
    expect(joinedText('2026-03-10T08:00:00.000Z', now)).toBe('Joined today');
    expect(joinedText('2026-03-09T11:00:00.000Z', now)).toBe('Joined 1 day ago');
    expect(joinedText('2026-02-10T12:00:00.000Z', now)).toBe('Joined 4 weeks ago');
    expect(joinedText('2025-09-10T12:00:00.000Z', now)).toBe('Joined 6 months ago');
    expect(joinedText('not a date', now)).toBe('Joined recently');
  });
});
