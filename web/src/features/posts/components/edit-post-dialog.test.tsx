import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { sampleUser, stubFetch } from '../../../test/fetch';
import { makePost } from '../../../test/posts';
import { renderWithApp } from '../../../test/render';
import { postKeys } from '../api/keys';
import { EditPostDialog } from './edit-post-dialog';

describe('EditPostDialog', () => {
  it('requires a title, omits an empty location, and puts the answer in the cache', async () => {
    localStorage.setItem('auth_token', 't');
    const post = makePost({ id: 5, title: 'Soup', userId: 7, location: 'Porto', categories: [{ id: 1, name: 'Italian' }] });
    const api = stubFetch({
      'GET /api/user': { body: sampleUser },
      'GET /api/categories': { body: [{ id: 1, name: 'Italian' }, { id: 2, name: 'Chinese' }] },
      'PATCH /api/posts/5': (req) => ({ body: { ...post, ...(req.body as object), location: 'Porto' } }),
    });
    const onOpenChange = vi.fn();
    const user = userEvent.setup();
    const { queryClient } = renderWithApp(<EditPostDialog post={post} open onOpenChange={onOpenChange} />);
    queryClient.setQueryData(postKeys.detail(5), post);
    expect(screen.getByRole('dialog', { name: 'Edit Your Plate' })).toBeInTheDocument();
    const title = screen.getByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    await user.type(title, 'Better soup');
    await user.clear(screen.getByRole('textbox', { name: 'Location (optional)' }));
    await user.type(screen.getByRole('textbox', { name: 'Location (optional)' }), '   ');
    expect(await screen.findByRole('checkbox', { name: 'Italian' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Chinese' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Your plate has been updated!')).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/api/posts/5')[0]!.body).toEqual({
      title: 'Better soup',
      description: 'Slow-cooked and delicious',
      altText: '',
      categoryIds: [1, 2],
    });
    expect(queryClient.getQueryData<{ title: string }>(postKeys.detail(5))!.title).toBe('Better soup');
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
