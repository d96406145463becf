-- posts.like_count (issue 14: a card's counters are read from its row, never counted per request)
-- is kept by this trigger: every like or unlike, whoever writes it, recounts the plate's likes by
-- active members, so the plate's row (and so its card version, posts/post-cards.ts) moves with
-- it. A member's status change recounts the plates they liked (recountTouched). Written by hand
-- (drizzle-kit --custom) because drizzle-kit does not model triggers.
CREATE OR REPLACE FUNCTION public.posts_like_count_row() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  target integer := CASE WHEN TG_OP = 'DELETE' THEN OLD.post_id ELSE NEW.post_id END;
BEGIN
  UPDATE public.posts p
     SET like_count = (
       SELECT count(*)::int FROM public.likes lk
        WHERE lk.post_id = target
          AND EXISTS (SELECT 1 FROM public.users cu WHERE cu.id = lk.user_id AND cu.account_status = 'active'))
   WHERE p.id = target;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER likes_like_count
  AFTER INSERT OR DELETE ON public.likes
  FOR EACH ROW EXECUTE FUNCTION public.posts_like_count_row();
--> statement-breakpoint
UPDATE public.posts p
   SET like_count = c.n
  FROM (SELECT lk.post_id, count(*)::int AS n FROM public.likes lk
         JOIN public.users cu ON cu.id = lk.user_id AND cu.account_status = 'active'
        GROUP BY lk.post_id) c
 WHERE c.post_id = p.id;
