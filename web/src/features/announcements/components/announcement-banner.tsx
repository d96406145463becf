import { ANNOUNCEMENTS_REFETCH_MS, type AnnouncementDto, type AnnouncementsResponse, type AnnouncementType } from '@plates/common';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleCheck, Info, Megaphone, Pin, TriangleAlert, X, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import type { ApiError } from '../../../lib/api';
import { cn } from '../../../lib/utils';
import { useAuth } from '../../auth';
import { announcementKeys, dismissAnnouncement, dismissForSession, fetchAnnouncements, sessionDismissed } from '../api/announcements-api';

/** Each type's colours (readable in light and dark: the text keeps the foreground colour) and icon. */
const LOOKS: Record<AnnouncementType, { box: string; icon: string; Icon: LucideIcon; label: string }> = {
  info: { box: 'border-primary/30 bg-primary/5', icon: 'text-primary', Icon: Info, label: 'Information' },
  warning: { box: 'border-warning/60 bg-warning/15', icon: 'text-warning-foreground dark:text-warning', Icon: TriangleAlert, label: 'Warning' },
  success: { box: 'border-success/40 bg-success/10', icon: 'text-success', Icon: CircleCheck, label: 'Good news' },
  urgent: { box: 'border-destructive/50 bg-destructive/10', icon: 'text-destructive', Icon: Megaphone, label: 'Urgent' },
};

/**
 * The announcements above the home feed: the viewer's active ones (asked again every few minutes,
 * and at once when one is pushed live), each dismissable. Quiet by design: nothing shows while
 * they load, when there are none, or when they cannot be loaded (the feed is what the page is for).
 * Members' dismissals are kept by the server; a visitor's for the tab's session.
 */
export function AnnouncementBanner() {
  const { user, isLoading } = useAuth();
  const queryClient = useQueryClient();
  const userId = user?.id ?? null;
  const key = announcementKeys.forViewer(userId);
  const [dismissedHere, setDismissedHere] = useState<number[]>(sessionDismissed);
  const query = useQuery({
    queryKey: key,
    queryFn: fetchAnnouncements,
    enabled: !isLoading,
    refetchInterval: ANNOUNCEMENTS_REFETCH_MS,
    staleTime: 30_000,
  });

  const dismiss = useMutation<void, ApiError, AnnouncementDto, AnnouncementsResponse | undefined>({
    mutationFn: (announcement) => dismissAnnouncement(announcement.id),
    onMutate: async (announcement) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<AnnouncementsResponse>(key);
      queryClient.setQueryData<AnnouncementsResponse>(key, (data) =>
        data ? { announcements: data.announcements.filter((a) => a.id !== announcement.id) } : data,
      );
      return before;
    },
    onError: (error, _announcement, before) => {
      queryClient.setQueryData(key, before);
      toast({ variant: 'destructive', title: 'Error', description: `Could not dismiss the announcement: ${error.message}` });
    },
  });

  const onDismiss = (announcement: AnnouncementDto) => {
    if (userId === null) setDismissedHere(dismissForSession(announcement.id));
    else dismiss.mutate(announcement);
  };

  const visible = (query.data?.announcements ?? []).filter((a) => userId !== null || !dismissedHere.includes(a.id));
  if (visible.length === 0) return null;
  return (
    <section aria-label="Announcements">
      <ul className="grid gap-2">
        {visible.map((announcement) => (
          <li key={announcement.id}>
            <AnnouncementItem announcement={announcement} onDismiss={() => onDismiss(announcement)} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function AnnouncementItem({ announcement, onDismiss }: { announcement: AnnouncementDto; onDismiss: () => void }) {
  const look = LOOKS[announcement.type];
  const titleId = `announcement-${announcement.id}-title`;
  return (
    <article aria-labelledby={titleId} className={cn('flex items-start gap-3 rounded-xl border py-2 pl-4 pr-1 text-sm text-foreground', look.box)}>
      <look.Icon className={cn('mt-2.5 size-5 shrink-0', look.icon)} aria-label={look.label} role="img" />
      <div className="grid min-w-0 flex-1 gap-1 py-2">
        <h2 id={titleId} className="flex items-center gap-1.5 font-semibold leading-tight">
          {announcement.isPinned ? (
            <>
              <Pin className="size-3.5 shrink-0" aria-hidden="true" />
              <span className="sr-only">Pinned: </span>
            </>
          ) : null}
          <span className="break-words">{announcement.title}</span>
        </h2>
        {/* Plain text: rendered as text (never HTML), its line breaks kept. */}
        <p className="whitespace-pre-line break-words leading-relaxed">{announcement.content}</p>
      </div>
      <Button variant="ghost" size="icon" className="size-11 shrink-0" aria-label={`Dismiss “${announcement.title}”`} onClick={onDismiss}>
        <X aria-hidden="true" />
      </Button>
    </article>
  );
}
