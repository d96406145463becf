import type { EmailTemplateName } from '@plates/common';

/**
 * The five mails Plates sends as templates (issue 16, decision record 0033): what each is for, the
 * variables it declares (with the sample values the preview and test mails use), and its default
 * wording, which is what Plates sent before templates could be edited. A saved template overrides
 * its default; a variable not declared here is refused when a template is saved.
 */

export interface TemplateVariable {
  name: string;
  description: string;
  sample: string;
  /** Must appear in both the HTML and the text version (a verification mail without its link is no use). */
  required: boolean;
}

export interface TemplateDefinition {
  name: EmailTemplateName;
  label: string;
  description: string;
  variables: TemplateVariable[];
  subject: string;
  html: string;
  text: string;
}

const APP_NAME: TemplateVariable = { name: 'appName', description: 'The name of the site', sample: 'Plates', required: false };
const DISPLAY_NAME: TemplateVariable = { name: 'displayName', description: "The member's display name (or username)", sample: 'Ada Lovelace', required: false };

// The verification and reset defaults are the wording migration 0001 stored.
const VERIFY_SUBJECT = 'Verify your email for {{appName}}';
const VERIFY_TEXT = `Hi {{displayName}},

Confirm your email address to start sharing plates:

{{link}}

The link expires in 24 hours. If you did not create an account, ignore this email.

{{appName}}
`;
const VERIFY_HTML = `<!DOCTYPE html>
<html lang="en">
  <body style="margin:0;padding:24px;background-color:#f6f5f2;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#1f2328;">
    <div style="max-width:480px;margin:0 auto;padding:32px;background-color:#ffffff;border-radius:8px;">
      <p style="margin:0 0 24px;font-size:20px;font-weight:700;">{{appName}}</p>
      <p style="margin:0 0 16px;font-size:16px;line-height:1.5;">Hi {{displayName}},</p>
      <p style="margin:0 0 24px;font-size:16px;line-height:1.5;">Confirm your email address to start sharing plates:</p>
      <p style="margin:0 0 24px;">
        <a href="{{link}}" style="display:inline-block;padding:12px 24px;background-color:#c2410c;color:#ffffff;font-size:16px;font-weight:600;text-decoration:none;border-radius:6px;">Verify my email</a>
      </p>
      <p style="margin:0 0 16px;font-size:14px;line-height:1.5;color:#57606a;">If the button does not work, copy this link into your browser:<br><a href="{{link}}" style="color:#c2410c;word-break:break-all;">{{link}}</a></p>
      <p style="margin:0;font-size:14px;line-height:1.5;color:#57606a;">The link expires in 24 hours. If you did not create an account, ignore this email.</p>
    </div>
  </body>
</html>
`;

const RESET_SUBJECT = 'Reset your {{appName}} password';
const RESET_TEXT = `Hi {{displayName}},

Someone asked to reset the password of your {{appName}} account. Choose a new password here:

{{link}}

The link expires in 1 hour. If you did not ask for this, you can ignore this email; your password stays the same.

{{appName}}
`;
const RESET_HTML = `<!DOCTYPE html>
<html lang="en">
  <body style="margin:0;padding:24px;background-color:#f6f5f2;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#1f2328;">
    <div style="max-width:480px;margin:0 auto;padding:32px;background-color:#ffffff;border-radius:8px;">
      <p style="margin:0 0 24px;font-size:20px;font-weight:700;">{{appName}}</p>
      <p style="margin:0 0 16px;font-size:16px;line-height:1.5;">Hi {{displayName}},</p>
      <p style="margin:0 0 24px;font-size:16px;line-height:1.5;">Someone asked to reset the password of your {{appName}} account. Choose a new password here:</p>
      <p style="margin:0 0 24px;">
        <a href="{{link}}" style="display:inline-block;padding:12px 24px;background-color:#c2410c;color:#ffffff;font-size:16px;font-weight:600;text-decoration:none;border-radius:6px;">Reset my password</a>
      </p>
      <p style="margin:0 0 16px;font-size:14px;line-height:1.5;color:#57606a;">If the button does not work, copy this link into your browser:<br><a href="{{link}}" style="color:#c2410c;word-break:break-all;">{{link}}</a></p>
      <p style="margin:0;font-size:14px;line-height:1.5;color:#57606a;">The link expires in 1 hour. If you did not ask for this, you can ignore this email; your password stays the same.</p>
    </div>
  </body>
</html>
`;

/** The moderators' short mails (a strike, an appeal's outcome): today's wording of moderation.service. */
const moderatorsText = (message: string) => `Hello {{displayName}},

{{${message}}}

{{linkLabel}}: {{link}}

The Plates moderators`;
const moderatorsHtml = (message: string) =>
  `<p>Hello {{displayName}},</p><p>{{${message}}}</p><p><a href="{{link}}">{{linkLabel}}</a></p><p>The Plates moderators</p>`;

const LINK_LABEL: TemplateVariable = { name: 'linkLabel', description: 'The words of the link', sample: 'Your account', required: false };
const MEMBER_LINK: TemplateVariable = {
  name: 'link',
  description: "Where the member goes next: their account settings, or the sign-in page when they are suspended",
  sample: 'http://localhost:5000/profile/1?tab=settings',
  required: false,
};

export const TEMPLATES: readonly TemplateDefinition[] = [
  {
    name: 'verify_email',
    label: 'Email verification',
    description: 'Sent after registration and when a member asks for a new verification link.',
    variables: [
      DISPLAY_NAME,
      { name: 'link', description: 'The verification link (expires in 24 hours)', sample: 'http://localhost:5000/auth/verify-email?token=sample-token', required: true },
      APP_NAME,
    ],
    subject: VERIFY_SUBJECT,
    html: VERIFY_HTML,
    text: VERIFY_TEXT,
  },
  {
    name: 'reset_password',
    label: 'Password reset',
    description: 'Sent when a member asks to reset a forgotten password.',
    variables: [
      DISPLAY_NAME,
      { name: 'link', description: 'The reset link (expires in 1 hour)', sample: 'http://localhost:5000/auth/reset-password?token=sample-token', required: true },
      APP_NAME,
    ],
    subject: RESET_SUBJECT,
    html: RESET_HTML,
    text: RESET_TEXT,
  },
  {
    name: 'strike',
    label: 'Strike',
    description: 'Sent when a moderator warns a member, removes their content, restricts or suspends them.',
    variables: [
      DISPLAY_NAME,
      {
        name: 'notice',
        description: 'What the moderator did and why, with how to appeal',
        sample: 'A moderator warned you: Please keep comments about the food. If you think this is a mistake, you can appeal within 20 days from Settings, Your account.',
        required: true,
      },
      MEMBER_LINK,
      LINK_LABEL,
      APP_NAME,
    ],
    subject: 'A note from the moderators',
    html: moderatorsHtml('notice'),
    text: moderatorsText('notice'),
  },
  {
    name: 'appeal_outcome',
    label: 'Appeal outcome',
    description: "Sent when a moderator approves or rejects a member's appeal of a strike.",
    variables: [
      DISPLAY_NAME,
      { name: 'outcome', description: '"approved" or "not approved"', sample: 'approved', required: false },
      { name: 'message', description: 'The decision, with the moderator\'s reason', sample: 'Your appeal was approved and the strike was lifted.', required: true },
      MEMBER_LINK,
      LINK_LABEL,
      APP_NAME,
    ],
    subject: 'Your appeal was {{outcome}}',
    html: moderatorsHtml('message'),
    text: moderatorsText('message'),
  },
  {
    name: 'announcement',
    label: 'Announcement',
    description: 'Sent to the audience of an announcement when the admin ticks "Also send by email".',
    variables: [
      DISPLAY_NAME,
      { name: 'title', description: "The announcement's title", sample: 'New: weekly cooking challenges', required: true },
      { name: 'content', description: "The announcement's text", sample: 'Every Monday a new theme. Post your plate by Sunday night.', required: true },
      { name: 'link', description: 'The home page', sample: 'http://localhost:5000/', required: false },
      APP_NAME,
    ],
    subject: '{{title}}',
    html: `<!DOCTYPE html>
<html lang="en">
  <body style="margin:0;padding:24px;background-color:#f6f5f2;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#1f2328;">
    <div style="max-width:480px;margin:0 auto;padding:32px;background-color:#ffffff;border-radius:8px;">
      <p style="margin:0 0 24px;font-size:20px;font-weight:700;">{{appName}}</p>
      <p style="margin:0 0 16px;font-size:16px;line-height:1.5;">Hi {{displayName}},</p>
      <p style="margin:0 0 16px;font-size:18px;font-weight:600;">{{title}}</p>
      <p style="margin:0 0 24px;font-size:16px;line-height:1.5;white-space:pre-line;">{{content}}</p>
      <p style="margin:0;font-size:14px;line-height:1.5;color:#57606a;">You get this because you are a member of <a href="{{link}}" style="color:#c2410c;">{{appName}}</a>.</p>
    </div>
  </body>
</html>
`,
    text: `Hi {{displayName}},

{{title}}

{{content}}

You get this because you are a member of {{appName}}: {{link}}
`,
  },
];

export function definitionOf(name: EmailTemplateName): TemplateDefinition {
  const found = TEMPLATES.find((t) => t.name === name);
  if (!found) throw new Error(`no email template ${name}`);
  return found;
}

/** The sample values of a template's variables (previews and test mails). */
export function samplesOf(definition: TemplateDefinition): Record<string, string> {
  return Object.fromEntries(definition.variables.map((v) => [v.name, v.sample]));
}
