CREATE TABLE "verification_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "verification_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"reason" text NOT NULL,
	"links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"verified_type" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "verification_requests_status_check" CHECK ("verification_requests"."status" in ('pending', 'approved', 'declined')),
	CONSTRAINT "verification_requests_verified_type_check" CHECK ("verification_requests"."verified_type" is null or "verification_requests"."verified_type" in ('blue', 'gold', 'business'))
);
--> statement-breakpoint
ALTER TABLE "verification_requests" ADD CONSTRAINT "verification_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_requests" ADD CONSTRAINT "verification_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "verification_requests_pending_idx" ON "verification_requests" USING btree ("created_at","id") WHERE "verification_requests"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "verification_requests_user_pending_key" ON "verification_requests" USING btree ("user_id") WHERE "verification_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "verification_requests_user_id_created_at_idx" ON "verification_requests" USING btree ("user_id","created_at" DESC NULLS FIRST,"id");