-- Whether a video is owed a line a campaign has not locked yet: a campaign
-- (not ended) of its collection takes it (its platform, published — or,
-- unknown, first seen — in the campaign's period, a collab unless the
-- campaign leaves collabs out) and holds no line of it. The tracking limit
-- keeps such a video past the limit until the settle run has locked its
-- line, so a closed window's line is never lost to a post that arrived
-- between the window's end and the lock.
CREATE FUNCTION campaign_line_pending(video uuid, collection uuid, platform text, published timestamptz, kind text)
RETURNS boolean LANGUAGE sql STABLE AS $$
    SELECT EXISTS (
        SELECT 1 FROM campaigns k
        WHERE k.collection_id = collection AND k.ended_at IS NULL AND platform = ANY(k.platforms)
          AND published >= k.starts_at AND (k.ends_at IS NULL OR published < k.ends_at)
          AND (kind <> 'collab' OR k.collabs <> 'exclude')
          AND NOT EXISTS (SELECT 1 FROM payout_lines l WHERE l.collection_id = k.collection_id AND l.video_id = video))
$$;
