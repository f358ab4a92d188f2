-- The ranks step's fill of the videos' kept days (schema 0047) changes
-- nothing the accounts' sums read: the days it writes are those the sums
-- already read from ClickHouse while they were unknown. But the trigger of
-- schema 0039 took every rewritten row with the same 24 h start values for
-- a scrape, so each batch of the fill recorded the accounts of its 5,000
-- videos as changed: in a workspace of 1,000,000 videos the fill after an
-- upgrade recorded every account in every batch (hundreds of thousands of
-- rows to delete again), and each run of the step computed every account's
-- sums again. A value cannot tell the fill from a late scrape, which writes
-- the same counts with new days; the fill says what it is instead, with the
-- transaction-local setting account_sums.days_only, and the trigger records
-- nothing for such a statement.
CREATE OR REPLACE FUNCTION account_sums_ranks_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF current_setting('account_sums.days_only', true) = 'on' THEN
        RETURN NULL;
    END IF;
    INSERT INTO account_sums_changed (workspace_id, account_id)
    SELECT DISTINCT v.workspace_id, v.account_id
    FROM videos v
    WHERE v.id IN (
            -- counts, first views or 7 d start values changed
            SELECT video_id FROM (
                SELECT video_id, views, likes, comments, shares, saves, last_at, first_views, first_at, from_7d_0, from_7d_1 FROM after
                EXCEPT
                SELECT video_id, views, likes, comments, shares, saves, last_at, first_views, first_at, from_7d_0, from_7d_1 FROM before) c
            UNION
            -- written again with the same 24 h start values: a scrape
            SELECT video_id FROM (
                SELECT video_id, from_24h_0, from_24h_1 FROM after
                INTERSECT
                SELECT video_id, from_24h_0, from_24h_1 FROM before) s)
      AND v.account_id IS NOT NULL
      AND EXISTS (SELECT 1 FROM video_rank_state s WHERE s.workspace_id = v.workspace_id);
    RETURN NULL;
END
$$;
