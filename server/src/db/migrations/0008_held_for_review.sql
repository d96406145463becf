ALTER TABLE "chat_requests" DROP CONSTRAINT "chat_requests_status_check";--> statement-breakpoint
ALTER TABLE "comment_replies" ADD COLUMN "held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ratings" ADD COLUMN "held_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "comment_replies_held_idx" ON "comment_replies" USING btree ("held_at") WHERE "comment_replies"."held_at" is not null;--> statement-breakpoint
CREATE INDEX "ratings_held_idx" ON "ratings" USING btree ("held_at") WHERE "ratings"."held_at" is not null;--> statement-breakpoint
ALTER TABLE "chat_requests" ADD CONSTRAINT "chat_requests_status_check" CHECK ("chat_requests"."status" in ('pending', 'accepted', 'rejected', 'held'));