ALTER TABLE "data_export_requests" ADD COLUMN "token_hash" text;--> statement-breakpoint
ALTER TABLE "data_export_requests" ADD COLUMN "file_name" text;--> statement-breakpoint
ALTER TABLE "data_export_requests" ADD COLUMN "size_bytes" bigint;--> statement-breakpoint
ALTER TABLE "data_export_requests" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "data_export_requests" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "data_export_requests_created_at_idx" ON "data_export_requests" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "data_export_requests_one_open_key" ON "data_export_requests" USING btree ("user_id") WHERE "data_export_requests"."status" in ('pending', 'processing');--> statement-breakpoint
ALTER TABLE "data_export_requests" ADD CONSTRAINT "data_export_requests_token_hash_unique" UNIQUE("token_hash");