-- A campaign's open videos (those without a payout line: the projected
-- lines of its page and what the settle run locks next) found through an
-- index instead of every video of the campaign against payout_lines
-- (docs/architecture.md, "A campaign's open videos").
--
-- videos.line_collection names a campaign that holds a line of the video;
-- NULL says nothing. Triggers on payout_lines keep the one rule the reader
-- relies on: line_collection = X only while the line (X, video) exists. A
-- line added sets it; the line it names removed clears it. A video holding
-- lines of two campaigns (it moved) names the later one, and the reader
-- checks payout_lines for every video that does not name the campaign read,
-- so a NULL or another campaign is never wrong, only slower.
ALTER TABLE videos ADD COLUMN line_collection uuid;

CREATE FUNCTION videos_line_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE videos v SET line_collection = n.collection_id
    FROM added n
    WHERE v.id = n.video_id AND v.line_collection IS DISTINCT FROM n.collection_id;
    RETURN NULL;
END
$$;

CREATE FUNCTION videos_line_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE videos v SET line_collection = NULL
    FROM removed o
    WHERE v.id = o.video_id AND v.line_collection = o.collection_id;
    RETURN NULL;
END
$$;

-- a line's campaign or video never changes; were it to, the old pair is
-- removed and the new one added
CREATE FUNCTION videos_line_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE videos SET line_collection = NULL WHERE id = OLD.video_id AND line_collection = OLD.collection_id;
    UPDATE videos SET line_collection = NEW.collection_id WHERE id = NEW.video_id;
    RETURN NULL;
END
$$;

CREATE TRIGGER payout_lines_video_added AFTER INSERT ON payout_lines
    REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION videos_line_added();
CREATE TRIGGER payout_lines_video_removed AFTER DELETE ON payout_lines
    REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION videos_line_removed();
CREATE TRIGGER payout_lines_video_moved AFTER UPDATE OF collection_id, video_id ON payout_lines
    FOR EACH ROW WHEN ((OLD.collection_id, OLD.video_id) IS DISTINCT FROM (NEW.collection_id, NEW.video_id))
    EXECUTE FUNCTION videos_line_moved();

UPDATE videos v SET line_collection = l.collection_id
FROM (SELECT DISTINCT ON (video_id) video_id, collection_id FROM payout_lines ORDER BY video_id, locked_at DESC, collection_id) l
WHERE v.id = l.video_id;

-- A campaign's videos are its accounts' videos of no collection of their
-- own and the videos of its collection; each index orders them by the
-- campaign they name, so a reader takes the ranges before and after the
-- campaign read and the NULLs, and skips the videos it has lines of.
CREATE INDEX accounts_collection_idx ON accounts (collection_id) WHERE collection_id IS NOT NULL;
CREATE INDEX videos_account_line_idx ON videos (account_id, line_collection) WHERE collection_id IS NULL AND account_id IS NOT NULL;
CREATE INDEX videos_collection_line_idx ON videos (collection_id, line_collection) WHERE collection_id IS NOT NULL;
