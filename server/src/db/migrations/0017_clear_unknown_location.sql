-- Issue 15: "Unknown location" was the upload dialog's fallback when the browser's position could
-- not be had, and it was stored as if it were a place (a public chip linking to
-- /location/Unknown location). The API now treats those words as no location; this clears the
-- plates saved before, so the old ones match. The search trigger recomputes their documents.
-- Written by hand (drizzle-kit --custom): a data change, not a schema change.
UPDATE public.posts SET location = NULL WHERE lower(btrim(location)) = 'unknown location';
