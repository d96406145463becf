import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch';
import { makePost } from '../../../test/posts';
import { PostImage } from './post-image';

describe('PostImage', () => {
  it('sizes the box from the aspect, paints the ThumbHash, and uses the alt text', () => {
    stubFetch({});
    const { image } = makePost({ image: { ...makePost().image, aspect: 'portrait', placeholder: '1QcSHQRnh493V4dIh4eXh1h4kJUI', alt: 'Ramen with egg' } });
    const { container } = render(<PostImage image={image} title="Ramen" />);
    const box = container.firstElementChild as HTMLElement;
    expect(box.style.aspectRatio).toBe('4 / 5');
    expect(box.style.backgroundImage).toMatch(/^url\("?data:image\/png;base64,/);
    const img = screen.getByRole('img', { name: 'Ramen with egg' });
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveClass('opacity-0');
    fireEvent.load(img);
    expect(img).toHaveClass('opacity-100');
  });

  it('refreshes an expired link up to twice, then shows the placeholder image', async () => {
    const api = stubFetch({ 'GET /api/images/refresh-url': { body: { url: '/uploads/fresh.webp?sig=2' } } });
    const { image } = makePost({ title: 'Tacos' });
    render(<PostImage image={image} title="Tacos" />);
    fireEvent.error(screen.getByRole('img', { name: 'Tacos' }));
    await waitFor(() => expect(screen.getByRole('img', { name: 'Tacos' })).toHaveAttribute('src', '/uploads/fresh.webp?sig=2'));
    expect(screen.getByRole('img', { name: 'Tacos' })).not.toHaveAttribute('srcset');
    expect(api.calls[0]!.url.searchParams.get('imageUrl')).toBe(image.url);
    fireEvent.error(screen.getByRole('img', { name: 'Tacos' }));
    await waitFor(() => expect(api.calls).toHaveLength(2));
    await waitFor(() => expect(screen.getByRole('img', { name: 'Tacos' })).toHaveAttribute('src', '/uploads/fresh.webp?sig=2&retry=2'));
    fireEvent.error(screen.getByRole('img', { name: 'Tacos' }));
    expect(await screen.findByRole('img', { name: 'Tacos (image unavailable)' })).toBeInTheDocument();
    expect(api.calls).toHaveLength(2);
  });
});
