import type { PostDto } from '@plates/common';
import type { AuthUser } from '../api/auth-api';
import { signInPromptStore } from './sign-in-prompt';

/**
 * For a visitor who tried an action that needs an account (document 2 §5): the sign-in prompt,
 * "Authentication required" with `description`, and Sign In / Join Now that come back here.
 */
export function askToLogIn(description: string) {
  signInPromptStore.open(description);
}

export function isOwner(user: AuthUser | null, post: Pick<PostDto, 'userId'>): boolean {
  return user !== null && user.id === post.userId;
}
