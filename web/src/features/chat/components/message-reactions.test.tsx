import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CHAT_REACTIONS } from '@plates/common';
import { ReactionChips, ReactionPicker } from './message-reactions';

describe('ReactionPicker', () => {
  it('opens from the smile-plus button with the six emoji; a pick calls back once and closes', async () => {
    const user = userEvent.setup();
    const onPick = vi.fn();
    render(<ReactionPicker label="Bo Baker's message" onPick={onPick} />);
    const trigger = screen.getByRole('button', { name: "React to Bo Baker's message" });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await user.click(trigger);
    const group = await screen.findByRole('group', { name: 'Pick a reaction' });
    expect(within(group).getAllByRole('button').map((b) => b.textContent)).toEqual([...CHAT_REACTIONS]);
    await user.click(within(group).getByRole('button', { name: 'React with 🔥' }));
    expect(onPick).toHaveBeenCalledExactlyOnceWith('🔥');
    expect(screen.queryByRole('group', { name: 'Pick a reaction' })).not.toBeInTheDocument();
  });

  it('works from the keyboard: Enter opens, Tab reaches an emoji, Escape closes without a pick', async () => {
    const user = userEvent.setup();
    const onPick = vi.fn();
    render(<ReactionPicker label="your message" onPick={onPick} />);
    await user.tab();
    expect(screen.getByRole('button', { name: 'React to your message' })).toHaveFocus();
    await user.keyboard('{Enter}');
    const group = await screen.findByRole('group', { name: 'Pick a reaction' });
    expect(within(group).getByRole('button', { name: 'React with 😋' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'Pick a reaction' })).not.toBeInTheDocument();
    expect(onPick).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    await user.tab();
    await user.keyboard('{Enter}');
    expect(onPick).toHaveBeenCalledExactlyOnceWith('❤️');
  });
});

describe('ReactionChips', () => {
  const reactions = [
    { emoji: '😋', count: 2, userIds: [11, 7] },
    { emoji: '🔥', count: 1, userIds: [11] },
  ];

  it('shows one chip per emoji with its count; my own is pressed; a click toggles that emoji', async () => {
    const user = userEvent.setup();
    const onToggle = vi.fn();
    render(<ReactionChips reactions={reactions} me={7} onToggle={onToggle} />);
    const list = screen.getByRole('list', { name: 'Reactions' });
    const yum = within(list).getByRole('button', { name: '😋 2 reactions' });
    const fire = within(list).getByRole('button', { name: '🔥 1 reaction' });
    expect(yum).toHaveAttribute('aria-pressed', 'true');
    expect(yum).toHaveTextContent('😋2');
    expect(fire).toHaveAttribute('aria-pressed', 'false');
    await user.click(fire);
    expect(onToggle).toHaveBeenCalledExactlyOnceWith('🔥');
  });

  it('renders nothing without reactions', () => {
    const { container } = render(<ReactionChips reactions={[]} me={7} onToggle={() => {}} />);
    expect(container).toBeEmptyDOMElement();
  });
});
