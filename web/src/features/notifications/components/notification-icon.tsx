import {
  Bell,
  CheckCircle,
  Flag,
  Heart,
  MessageCircle,
  MessageSquare,
  Reply,
  ShieldAlert,
  Sparkles,
  Star,
  Trophy,
  UserCheck,
  UserPlus,
  UserRoundPlus,
  XCircle,
  type LucideIcon,
} from 'lucide-react';
import { cn } from '../../../lib/utils';

const ICONS: Record<string, { icon: LucideIcon; tone: string }> = {
  rating: { icon: Star, tone: 'text-amber-500' },
  comment: { icon: MessageCircle, tone: 'text-sky-500' },
  reply: { icon: Reply, tone: 'text-sky-500' },
  like: { icon: Heart, tone: 'text-rose-500' },
  follow: { icon: UserPlus, tone: 'text-violet-500' },
  follow_request: { icon: UserRoundPlus, tone: 'text-violet-500' },
  follow_accepted: { icon: UserCheck, tone: 'text-emerald-500' },
  chat_request: { icon: MessageSquare, tone: 'text-emerald-500' },
  chat_request_accepted: { icon: MessageSquare, tone: 'text-emerald-500' },
  new_message: { icon: MessageSquare, tone: 'text-emerald-500' },
  message: { icon: MessageSquare, tone: 'text-emerald-500' },
  post_approved: { icon: CheckCircle, tone: 'text-success' },
  post_rejected: { icon: XCircle, tone: 'text-destructive' },
  post_featured: { icon: Sparkles, tone: 'text-primary' },
  achievement: { icon: Trophy, tone: 'text-amber-500' },
  system: { icon: Bell, tone: 'text-muted-foreground' },
  moderation: { icon: ShieldAlert, tone: 'text-amber-500' },
  report_outcome: { icon: Flag, tone: 'text-sky-500' },
};

/** The icon of a notification type; an unknown type gets the bell (document 1 §3). */
export function NotificationIcon({ type, className }: { type: string; className?: string }) {
  const { icon: Icon, tone } = Object.hasOwn(ICONS, type) ? ICONS[type]! : ICONS.system!;
  return <Icon data-icon={Object.hasOwn(ICONS, type) ? type : 'default'} aria-hidden="true" className={cn('size-5', tone, className)} />;
}
