import { MoreHorizontal } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from '../../../components/ui/button';

/** The plate menu's button: its trigger, and its stand-in until the menu has loaded. */
export function PostMenuButton({ title, ...props }: { title: string } & ComponentProps<typeof Button>) {
  return (
    <Button variant="ghost" size="icon" className="-mr-2 shrink-0" aria-label={`More options for ${title}`} {...props}>
      <MoreHorizontal className="size-5!" aria-hidden="true" />
    </Button>
  );
}
