-- Photo analysis (docs/decisions/0038): cube for the image embeddings' KNN (pgvector is not available here).
CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
CREATE TABLE "post_analyses" (
	"post_id" integer PRIMARY KEY NOT NULL,
	"quality_score" smallint,
	"quality_tips" jsonb,
	"quality_metrics" jsonb,
	"food_found" boolean,
	"food_labels" jsonb,
	"food_best" text,
	"food_best_score" real,
	"nsfw_scores" jsonb,
	"nsfw_held" boolean DEFAULT false NOT NULL,
	"cuisines" jsonb,
	"embedding" "cube",
	"image_sha256" text,
	"analysed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "post_analyses" ADD CONSTRAINT "post_analyses_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_analyses_embedding_idx" ON "post_analyses" USING gist ("embedding");--> statement-breakpoint
CREATE INDEX "post_analyses_held_idx" ON "post_analyses" USING btree ("post_id") WHERE "post_analyses"."nsfw_held";
--> statement-breakpoint
-- The five analyses, switched on (the column's default stays false, as the spec has it).
INSERT INTO "ai_settings" ("setting_name", "enabled", "description") VALUES
  ('photo_quality', true, 'Scores each photo 0-100 in the upload dialog and gives plain tips (too dark, blurry, plate small in the frame).'),
  ('nsfw_check', true, 'Holds a plate for review when its photo looks sexually explicit. It never rejects a plate by itself.'),
  ('food_check', true, 'Tells moderators when no food or tableware is found in a photo.'),
  ('cuisine_suggestions', true, 'Suggests up to three cuisines from the title, the description and similar approved plates.'),
  ('similar_plates', true, 'Shows plates that look alike on each plate page.')
ON CONFLICT ("setting_name") DO UPDATE SET "enabled" = true, "description" = EXCLUDED."description";
