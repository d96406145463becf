import type { ProfileDto } from '@plates/common';

export type ProfileTab = 'posts' | 'saved' | 'requests' | 'settings';

export interface ProfileTabItem {
  value: ProfileTab;
  label: string;
  /** A badge (pending follow requests). */
  count?: number;
}

const KNOWN: readonly string[] = ['posts', 'saved', 'requests', 'settings'];

/**
 * Which tab `?tab=` selects and which tabs are listed. Saved, Requests and Settings are the
 * owner's; a visitor asking for saved or requests gets the plates, and for settings the
 * "You can only view your own settings" notice (document 2 §2). The owner's Requests tab shows
 * while requests wait or the account is private, and whenever a link asks for it.
 */
export function resolveProfileTab(
  requested: string | null,
  profile: Pick<ProfileDto, 'isOwn' | 'isPrivate' | 'pendingRequestCount'>,
): { tab: ProfileTab; tabs: ProfileTabItem[] } {
  let tab: ProfileTab = requested && KNOWN.includes(requested) ? (requested as ProfileTab) : 'posts';
  if (!profile.isOwn) {
    if (tab === 'saved' || tab === 'requests') tab = 'posts';
    return { tab, tabs: [{ value: 'posts', label: 'Posts' }] };
  }
  const tabs: ProfileTabItem[] = [
    { value: 'posts', label: 'Posts' },
    { value: 'saved', label: 'Saved' },
  ];
  if (profile.pendingRequestCount > 0 || profile.isPrivate || tab === 'requests') {
    tabs.push({ value: 'requests', label: 'Requests', count: profile.pendingRequestCount });
  }
  tabs.push({ value: 'settings', label: 'Settings' });
  return { tab, tabs };
}
