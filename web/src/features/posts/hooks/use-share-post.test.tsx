import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toaster';
import { useSharePost } from './use-share-post';

function ShareButton() {
  const share = useSharePost();
  return (
    <button type="button" onClick={() => void share({ id: 3, title: 'Paella', description: 'Saffron rice' })}>
      share
    </button>
  );
}

function setNavigator(props: Record<string, unknown>) {
  for (const [key, value] of Object.entries(props)) Object.defineProperty(navigator, key, { configurable: true, value });
}

afterEach(() => setNavigator({ share: undefined, canShare: undefined, clipboard: undefined }));

describe('useSharePost', () => {
  it('uses the Web Share API with the title and description', async () => {
    const share = vi.fn(async () => {});
    setNavigator({ share, canShare: () => true });
    render(<ShareButton />);
    await userEvent.click(screen.getByText('share'));
    expect(share).toHaveBeenCalledWith({ title: 'Paella', text: 'Saffron rice', url: 'http://localhost:3000/posts/3' });
  });

  it('copies the link without the Web Share API, and says when that fails too', async () => {
    const writeText = vi.fn(async () => {});
    setNavigator({ share: undefined, clipboard: { writeText } });
    render(
      <>
        <ShareButton />
        <Toaster />
      </>,
    );
    await userEvent.click(screen.getByText('share'));
    expect(writeText).toHaveBeenCalledWith('http://localhost:3000/posts/3');
    expect(await screen.findByText('Link copied to clipboard')).toBeInTheDocument();

    writeText.mockRejectedValueOnce(new Error('denied'));
    await userEvent.click(screen.getByText('share'));
    expect(await screen.findByText('Sharing failed')).toBeInTheDocument();
    expect(screen.getByText('Could not share content. Try copying the URL manually.')).toBeInTheDocument();
  });
});
