-- Money you can trust (docs/decisions.md, "Whose post it is").
--
-- post_kind is what a video is to the account it belongs to, decided when
-- it is ingested from what the provider says: the account's own post, a
-- collab it co-authored, a repost, a quote, a reply, or a post by another
-- author reached through the account. Only own posts and collabs count
-- toward the account's totals, its tracking limit, insights, milestones and
-- payouts; the others are kept and shown under their kind. related_handle
-- is the other account the kind names (reposted, quoted or replied-to
-- author, the collab's other author, the post's author).
ALTER TABLE videos
    ADD COLUMN post_kind text NOT NULL DEFAULT 'own'
        CONSTRAINT videos_post_kind_check
        CHECK (post_kind IN ('own', 'collab', 'repost', 'quote', 'reply', 'other_author')),
    ADD COLUMN related_handle text NOT NULL DEFAULT '';

-- Where published_at came from: the provider's field, or the platform id
-- (TikTok and X ids carry their creation time); NULL while unknown.
ALTER TABLE videos
    ADD COLUMN published_source text
        CONSTRAINT videos_published_source_check CHECK (published_source IN ('provider', 'id'));
UPDATE videos SET published_source = 'provider' WHERE published_at IS NOT NULL;

-- The order key of a video whose publish time is unknown: a profile
-- listing runs newest first, so such a post is taken to be as new as the
-- timed post listed just before it, or the scrape when it leads the
-- listing. Only the tracking limit reads it, never a payout.
ALTER TABLE videos ADD COLUMN listed_at timestamptz;

-- A video found through an account that its tracking limit no longer
-- keeps, held tracked (and refreshed by its own link) while a campaign's
-- counting window of it is open: the window's end.
ALTER TABLE videos ADD COLUMN kept_until timestamptz;
CREATE INDEX videos_kept_idx ON videos (kept_until) WHERE kept_until IS NOT NULL;

-- The payee an owner or admin chose for a video of no tracked account.
ALTER TABLE videos
    ADD COLUMN creator_id uuid,
    ADD COLUMN creator_set_by uuid REFERENCES users (id) ON DELETE SET NULL,
    ADD COLUMN creator_set_at timestamptz;
ALTER TABLE videos ADD CONSTRAINT videos_creator_fkey
    FOREIGN KEY (workspace_id, creator_id) REFERENCES creators (workspace_id, id) ON DELETE SET NULL (creator_id);

-- Videos tracked by their own link find their author's account by handle.
CREATE INDEX videos_unlinked_idx ON videos (workspace_id, platform, account_handle) WHERE account_id IS NULL;

-- What a campaign does with collabs: hold their lines for review (the
-- default), pay them like own posts, or leave them out.
ALTER TABLE campaigns ADD COLUMN collabs text NOT NULL DEFAULT 'hold'
    CONSTRAINT campaigns_collabs_check CHECK (collabs IN ('hold', 'pay', 'exclude'));

-- A campaign whose collection was deleted is ended, not lost: its
-- collection row stays (hidden from the lists, its items released) to name
-- it, and its ledger is kept, read-only.
ALTER TABLE campaigns ADD COLUMN ended_at timestamptz;
ALTER TABLE campaigns ADD COLUMN ended_by uuid REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE collections ADD COLUMN deleted_at timestamptz;
DROP INDEX collections_name_idx;
CREATE UNIQUE INDEX collections_name_idx ON collections (workspace_id, lower(name)) WHERE deleted_at IS NULL;

-- A line whose video's publish time is unknown is held, never dated by
-- when it was tracked.
ALTER TABLE payout_lines ALTER COLUMN published_at DROP NOT NULL;

-- The end of the open counting window of a video in a campaign of its
-- collection: the latest end over the campaigns it is in (platform,
-- published within the campaign, the window of the rules in force when it
-- was published), or NULL when none is open at now. published is the
-- video's publish time or, unknown, its best estimate; the refresh plan,
-- the tracking limit and the ledger read it from here.
CREATE FUNCTION campaign_window_end(collection uuid, platform text, published timestamptz, now timestamptz)
RETURNS timestamptz LANGUAGE sql STABLE AS $$
    SELECT max(window_end) FROM (
        SELECT published + make_interval(hours => COALESCE(
            (SELECT r.window_hours FROM campaign_rules r WHERE r.collection_id = k.collection_id AND r.created_at <= published
             ORDER BY r.version DESC LIMIT 1),
            (SELECT r.window_hours FROM campaign_rules r WHERE r.collection_id = k.collection_id ORDER BY r.version LIMIT 1))) AS window_end
        FROM campaigns k
        WHERE k.collection_id = collection AND k.ended_at IS NULL AND platform = ANY(k.platforms)
          AND published >= k.starts_at AND (k.ends_at IS NULL OR published < k.ends_at)
    ) w WHERE window_end > now
$$;
