-- Search (server/src/modules/search, docs/decisions/0009-search.md). Written by hand
-- (drizzle-kit --custom): extensions, functions, a trigger-kept column and expression indexes are
-- things drizzle-kit does not model, so none of them appear in src/db/schema. Both extensions are
-- "trusted" (PostgreSQL 13+): a database owner may create them without being a superuser.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
-- unaccent() is only STABLE (its dictionary could change), so it cannot appear in an index or in a
-- stored value; this wrapper names the dictionary explicitly and promises IMMUTABLE, the usual
-- arrangement. If the unaccent rules ever change, REINDEX the indexes below and refresh the column.
CREATE OR REPLACE FUNCTION public.immutable_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;
--> statement-breakpoint
-- The weighted document of a plate: title A, cuisines B, location C, description D. The 'simple'
-- configuration (no stemming, no stop words) because dish names come in every language; accents
-- are folded away on both sides, and queries match words by prefix.
CREATE OR REPLACE FUNCTION public.posts_search_document(title text, cuisines text, location text, description text)
  RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT setweight(to_tsvector('simple'::regconfig, public.immutable_unaccent(coalesce($1, ''))), 'A')
        || setweight(to_tsvector('simple'::regconfig, public.immutable_unaccent(coalesce($2, ''))), 'B')
        || setweight(to_tsvector('simple'::regconfig, public.immutable_unaccent(coalesce($3, ''))), 'C')
        || setweight(to_tsvector('simple'::regconfig, public.immutable_unaccent(coalesce($4, ''))), 'D')
  $$;
--> statement-breakpoint
-- A plate's cuisine names, space separated (or null).
CREATE OR REPLACE FUNCTION public.post_cuisine_names(post_id integer) RETURNS text
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$
    SELECT string_agg(c.name, ' ' ORDER BY c.name)
    FROM public.post_categories pc JOIN public.categories c ON c.id = pc.category_id
    WHERE pc.post_id = $1
  $$;
--> statement-breakpoint
-- Kept by triggers rather than GENERATED because the cuisines live in another table. Not declared
-- in src/db/schema on purpose: `select().from(posts)` would otherwise carry it on every read.
ALTER TABLE "posts" ADD COLUMN "search_vector" tsvector;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.posts_search_vector_row() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    NEW.search_vector := public.posts_search_document(
      NEW.title, public.post_cuisine_names(NEW.id), NEW.location, NEW.description);
    RETURN NEW;
  END
  $$;
--> statement-breakpoint
CREATE TRIGGER posts_search_vector_row
  BEFORE INSERT OR UPDATE OF title, location, description ON "posts"
  FOR EACH ROW EXECUTE FUNCTION public.posts_search_vector_row();
--> statement-breakpoint
-- Once per statement over the changed rows (the seed links thousands of plates in one insert).
-- The app changes cuisines by delete and insert only, so UPDATE needs no trigger.
CREATE OR REPLACE FUNCTION public.posts_search_vector_cuisines() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    UPDATE public.posts p
    SET search_vector = public.posts_search_document(
      p.title, public.post_cuisine_names(p.id), p.location, p.description)
    WHERE p.id IN (SELECT DISTINCT post_id FROM changed);
    RETURN NULL;
  END
  $$;
--> statement-breakpoint
CREATE TRIGGER post_categories_search_insert
  AFTER INSERT ON "post_categories" REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION public.posts_search_vector_cuisines();
--> statement-breakpoint
CREATE TRIGGER post_categories_search_delete
  AFTER DELETE ON "post_categories" REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION public.posts_search_vector_cuisines();
--> statement-breakpoint
UPDATE "posts" SET "search_vector" = public.posts_search_document(
  "title", public.post_cuisine_names("id"), "location", "description");
--> statement-breakpoint
CREATE INDEX "posts_search_vector_idx" ON "posts" USING gin ("search_vector");
--> statement-breakpoint
-- Misspelt titles and locations (trigram similarity, LIKE '%…%'), accent-folded and lower-cased
-- exactly as the queries write them.
CREATE INDEX "posts_title_trgm_idx" ON "posts" USING gin ((lower(public.immutable_unaccent("title"))) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "posts_location_trgm_idx" ON "posts" USING gin ((lower(public.immutable_unaccent("location"))) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "users_username_trgm_idx" ON "users" USING gin ((lower("username")) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "users_display_name_trgm_idx" ON "users" USING gin ((lower(public.immutable_unaccent("display_name"))) gin_trgm_ops);
