-- The admin audit log is append-only (issue 13): no code path updates or deletes a row, and this
-- trigger makes that hold for anyone with SQL access through the application's role too. Written
-- by hand (drizzle-kit --custom) because drizzle-kit does not model triggers. The one change let
-- through is the foreign key's own ON DELETE SET NULL of admin_id when an admin's account is
-- deleted: every other column must stay as it was.
CREATE OR REPLACE FUNCTION public.admin_audit_logs_append_only() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND NEW.admin_id IS NULL
     AND OLD.admin_id IS NOT NULL
     AND (to_jsonb(NEW) - 'admin_id') = (to_jsonb(OLD) - 'admin_id') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'admin_audit_logs is append-only' USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER admin_audit_logs_append_only
  BEFORE UPDATE OR DELETE ON public.admin_audit_logs
  FOR EACH ROW EXECUTE FUNCTION public.admin_audit_logs_append_only();
