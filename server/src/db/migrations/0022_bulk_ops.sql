CREATE TABLE "bulk_operation_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bulk_operation_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"operation_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"label" text NOT NULL,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL,
	"outcome" text,
	CONSTRAINT "bulk_operation_items_outcome_check" CHECK ("bulk_operation_items"."outcome" in ('restored', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "bulk_operations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bulk_operations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"admin_id" integer,
	"target" text NOT NULL,
	"action" text NOT NULL,
	"filter" jsonb NOT NULL,
	"reason" text,
	"days" integer,
	"affected" integer NOT NULL,
	"undone_at" timestamp with time zone,
	"undone_by" integer,
	"restored" integer,
	"skipped" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bulk_operations_target_check" CHECK ("bulk_operations"."target" in ('plates', 'comments', 'members')),
	CONSTRAINT "bulk_operations_action_check" CHECK ("bulk_operations"."action" in ('approve', 'reject', 'remove', 'feature', 'suspend'))
);
--> statement-breakpoint
ALTER TABLE "bulk_operation_items" ADD CONSTRAINT "bulk_operation_items_operation_id_bulk_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."bulk_operations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_operations" ADD CONSTRAINT "bulk_operations_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_operations" ADD CONSTRAINT "bulk_operations_undone_by_users_id_fk" FOREIGN KEY ("undone_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bulk_operation_items_operation_id_idx" ON "bulk_operation_items" USING btree ("operation_id");--> statement-breakpoint
CREATE INDEX "security_events_filter_hit_idx" ON "security_events" USING btree (("metadata"->>'entityType'),("metadata"->>'entityId')) WHERE "security_events"."event_type" = 'content_filter_hit';