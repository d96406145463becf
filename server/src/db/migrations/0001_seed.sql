-- Reference data every installation needs. Written by hand (drizzle-kit --custom); each insert
-- skips rows that already exist, so it is safe on a database that already holds them.
INSERT INTO "system_settings" ("key", "value") VALUES ('maintenance_mode', 'false')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "categories" ("name") VALUES
  ('Italian'), ('Chinese'), ('Japanese'), ('Indian'), ('Mexican'), ('French'), ('Thai'),
  ('Mediterranean'), ('American'), ('Korean'), ('Vietnamese'), ('Greek'), ('Spanish'),
  ('Turkish'), ('Lebanese'), ('Moroccan')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "point_rules" ("action_type", "points_awarded", "description", "is_active") VALUES
  ('post_approved', 100, 'Your plate was approved and published', true),
  ('rating_received', 10, 'Someone rated your plate', true),
  ('rating_given', 5, 'You rated a plate', true),
  ('comment_given', 5, 'You commented on a plate', true),
  ('follow_received', 20, 'Someone followed you', true)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "email_templates" ("name", "subject", "text_template", "html_template", "variables", "description") VALUES
(
  'verify_email',
  'Verify your email for {{appName}}',
  $text$Hi {{displayName}},

Confirm your email address to start sharing plates:

{{link}}

The link expires in 24 hours. If you did not create an account, ignore this email.

{{appName}}
$text$,
  $html$<!DOCTYPE html>
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
$html$,
  '["displayName", "link", "appName"]'::jsonb,
  'Sent after registration and when a user asks for a new verification link. The link opens /auth/verify-email?token=...'
),
(
  'reset_password',
  'Reset your {{appName}} password',
  $text$Hi {{displayName}},

Someone asked to reset the password of your {{appName}} account. Choose a new password here:

{{link}}

The link expires in 1 hour. If you did not ask for this, you can ignore this email; your password stays the same.

{{appName}}
$text$,
  $html$<!DOCTYPE html>
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
$html$,
  '["displayName", "link", "appName"]'::jsonb,
  'Sent when a user asks to reset a forgotten password.'
)
ON CONFLICT DO NOTHING;
