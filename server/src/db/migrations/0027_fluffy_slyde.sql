CREATE TABLE "job_marks" (
	"run_key" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "job_marks_created_at_idx" ON "job_marks" USING btree ("created_at");