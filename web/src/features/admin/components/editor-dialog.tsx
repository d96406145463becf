import type { ReactNode } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';

/** What a page passes to a dialog that adds or edits one of its things. */
export interface EditorDialogProps<T> {
  /** The thing to edit, 'new' to add one, null when closed. */
  editing: T | 'new' | null;
  onClose: () => void;
  onSaved: (saved: T, created: boolean) => void;
}

/**
 * The dialog that adds or edits one thing (a content filter, an announcement): its title for
 * either case, and the form, given a fresh start for each thing opened.
 */
export function EditorDialog<T extends { id: number }>({
  editing,
  onClose,
  titles,
  description,
  form,
}: Pick<EditorDialogProps<T>, 'editing' | 'onClose'> & {
  titles: { add: string; edit: string };
  description: string;
  form: (current: T | null) => ReactNode;
}) {
  const current = editing === 'new' ? null : editing;
  return (
    <Dialog open={editing !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{current ? titles.edit : titles.add}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {editing !== null ? <div key={current?.id ?? 'new'}>{form(current)}</div> : null}
      </DialogContent>
    </Dialog>
  );
}
