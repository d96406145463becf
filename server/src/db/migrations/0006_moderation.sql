CREATE TABLE "sign_in_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sign_in_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"success" boolean NOT NULL,
	"failure_reason" text,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_domain_blocks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "email_domain_blocks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"domain" text NOT NULL,
	"reason" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_domain_blocks_domain_unique" UNIQUE("domain")
);
--> statement-breakpoint
CREATE TABLE "moderation_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "moderation_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "user_warnings_user_id_idx";--> statement-breakpoint
ALTER TABLE "user_warnings" ALTER COLUMN "warning_type" SET DEFAULT 'warn';--> statement-breakpoint
ALTER TABLE "user_warnings" ALTER COLUMN "warning_type" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspension_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "restricted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "restricted_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "admin_audit_logs" ADD COLUMN "admin_role" text;--> statement-breakpoint
ALTER TABLE "admin_audit_logs" ADD COLUMN "target_label" text;--> statement-breakpoint
ALTER TABLE "admin_audit_logs" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "admin_audit_logs" ADD COLUMN "before" jsonb;--> statement-breakpoint
ALTER TABLE "admin_audit_logs" ADD COLUMN "after" jsonb;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "resolution_reason" text;--> statement-breakpoint
ALTER TABLE "user_warnings" ADD COLUMN "target_type" text;--> statement-breakpoint
ALTER TABLE "user_warnings" ADD COLUMN "target_id" integer;--> statement-breakpoint
ALTER TABLE "user_warnings" ADD COLUMN "target_label" text;--> statement-breakpoint
ALTER TABLE "user_warnings" ADD COLUMN "notice" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_warnings" ADD COLUMN "lifted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_warnings" ADD COLUMN "lifted_by" integer;--> statement-breakpoint
ALTER TABLE "user_warnings" ADD COLUMN "appeal_text" text;--> statement-breakpoint
ALTER TABLE "user_warnings" ADD COLUMN "appeal_status" text;--> statement-breakpoint
ALTER TABLE "user_warnings" ADD COLUMN "appealed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_warnings" ADD COLUMN "appeal_decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_warnings" ADD COLUMN "appeal_decided_by" integer;--> statement-breakpoint
ALTER TABLE "user_warnings" ADD COLUMN "appeal_decision_reason" text;--> statement-breakpoint
ALTER TABLE "sign_in_events" ADD CONSTRAINT "sign_in_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_domain_blocks" ADD CONSTRAINT "email_domain_blocks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_templates" ADD CONSTRAINT "moderation_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sign_in_events_user_id_created_at_idx" ON "sign_in_events" USING btree ("user_id","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
ALTER TABLE "user_warnings" ADD CONSTRAINT "user_warnings_lifted_by_users_id_fk" FOREIGN KEY ("lifted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_warnings" ADD CONSTRAINT "user_warnings_appeal_decided_by_users_id_fk" FOREIGN KEY ("appeal_decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_audit_logs_target_idx" ON "admin_audit_logs" USING btree ("target_type","target_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "admin_audit_logs_action_idx" ON "admin_audit_logs" USING btree ("action","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "user_warnings_appeal_idx" ON "user_warnings" USING btree ("appeal_status","appealed_at") WHERE "user_warnings"."appeal_status" is not null;--> statement-breakpoint
CREATE INDEX "user_warnings_expiry_idx" ON "user_warnings" USING btree ("expires_at") WHERE "user_warnings"."is_active" and "user_warnings"."expires_at" is not null;--> statement-breakpoint
CREATE INDEX "user_warnings_user_id_idx" ON "user_warnings" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_status_check" CHECK ("reports"."status" in ('pending', 'resolved', 'dismissed'));--> statement-breakpoint
ALTER TABLE "user_warnings" ADD CONSTRAINT "user_warnings_warning_type_check" CHECK ("user_warnings"."warning_type" in ('warn', 'remove_content', 'restrict', 'suspend'));--> statement-breakpoint
ALTER TABLE "user_warnings" ADD CONSTRAINT "user_warnings_appeal_status_check" CHECK ("user_warnings"."appeal_status" in ('pending', 'approved', 'rejected'));