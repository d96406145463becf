/**
 * The words a member is sent when a moderator acts on their account, shared so the moderator's
 * preview (web) and the notice sent (server) are the same text.
 */

export type StrikeKind = 'warn' | 'remove_content' | 'restrict' | 'suspend';

/** A comment's first words, as a label that outlives it (the server keeps it with the strike). */
export function commentExcerpt(text: string | null | undefined): string {
  const flat = (text ?? '').replace(/\s+/g, ' ').trim();
  return flat.length > 60 ? `${flat.slice(0, 57)}...` : flat;
}

/** Days a member has to appeal a strike. */
export const APPEAL_WINDOW_DAYS = 20;

/** How a suspended member appeals: from the sign-in page (they cannot open Settings). */
export const SUSPENSION_APPEAL_LINE = `If you think this is a mistake, you can appeal within ${APPEAL_WINDOW_DAYS} days: sign in on the sign-in page and choose Appeal.`;

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** "until 3 Dec 2026" or "until a moderator lifts it". */
export function untilText(until: Date | null): string {
  return until ? `until ${dateFormat.format(until)}` : 'until a moderator lifts it';
}

export function strikeNotice(input: {
  type: StrikeKind;
  reason: string;
  until: Date | null;
  label?: string | null;
  /** What was removed: a plate (the default) or a comment. */
  targetType?: string | null;
}): string {
  // A reason written without a full stop still ends its sentence before the next one starts.
  const reason = /[.!?…]$/.test(input.reason.trim()) ? input.reason.trim() : `${input.reason.trim()}.`;
  const appeal = `If you think this is a mistake, you can appeal within ${APPEAL_WINDOW_DAYS} days from Settings, Your account.`;
  switch (input.type) {
    case 'warn':
      return `A moderator warned you: ${reason} ${appeal}`;
    case 'remove_content':
      return `A moderator removed ${input.label ? `your ${input.targetType === 'comment' ? 'comment' : 'plate'} "${input.label}"` : 'your content'}: ${reason} ${appeal}`;
    case 'restrict':
      return `Your account is restricted ${untilText(input.until)}: your new plates, comments and chat requests wait for a moderator's review. Reason: ${reason} ${appeal}`;
    case 'suspend':
      // Settings cannot be opened while suspended: the sign-in page answers with an Appeal button.
      return `Your account is suspended ${untilText(input.until)}. Reason: ${reason} ${SUSPENSION_APPEAL_LINE}`;
  }
}

/** What the reporter is told once their report is handled. */
export function reportOutcomeText(input: { action: string; label: string }): string {
  return input.action === 'dismiss'
    ? `Thanks for your report of ${input.label}. A moderator reviewed it and found no breach of the rules.`
    : `Thanks for your report of ${input.label}. A moderator reviewed it and took action.`;
}

/** What a member whose sign-up a moderator approved is mailed. */
export function signUpApprovedText(emailVerified: boolean): string {
  return emailVerified
    ? 'A moderator approved your new account: you can sign in now. Welcome to Plates!'
    : 'A moderator approved your new account. Once you have verified your email address with the link we sent you, you can sign in. Welcome to Plates!';
}

/** What a member whose sign-up a moderator rejected is mailed (the account is deleted). */
export function signUpRejectedText(reason: string): string {
  return `A moderator reviewed your new account and did not approve it, so it has been deleted with everything in it. Reason: ${reason.trim()}`;
}

/** The message a suspended member gets when signing in. */
export function suspendedText(reason: string | null, until: Date | null): string {
  return `Your account is suspended ${untilText(until)}.${reason ? ` Reason: ${reason}` : ''}`;
}
