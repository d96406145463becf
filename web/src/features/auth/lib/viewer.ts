import type { PostDto } from '@plates/common';
import { toast } from '../../../components/ui/use-toast';
import type { AuthUser } from '../api/auth-api';

/** Toast for a guest who tried an action that needs an account (document 2 §5). */
export function askToLogIn(description: string) {
  toast({ title: 'Authentication required', description });
}

export function isOwner(user: AuthUser | null, post: Pick<PostDto, 'userId'>): boolean {
  return user !== null && user.id === post.userId;
}
