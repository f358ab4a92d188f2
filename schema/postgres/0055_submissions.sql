-- Creators submit their posts to a campaign (docs/creators.md,
-- "Submissions"): each submission is checked against the campaign once its
-- post is scraped, and accepted (the post placed in the campaign, so it
-- enters the ledger) by a manager or, when the campaign auto-accepts, by
-- the check itself.

-- The sound a video uses, as its platform names it (TikTok's music id,
-- Instagram's audio id): a campaign can require one.
ALTER TABLE videos
    ADD COLUMN sound_id   text,
    ADD COLUMN sound_name text;

-- Whether creators may submit posts (closed, review: a manager accepts
-- each, auto: those that pass every check are accepted at once), and what
-- a post must carry: hashtags and mentions in its caption (lower-case,
-- without '#' or '@'), and a sound, by id or by name.
ALTER TABLE campaigns
    ADD COLUMN submissions       text   NOT NULL DEFAULT 'closed' CHECK (submissions IN ('closed', 'review', 'auto')),
    ADD COLUMN required_hashtags text[] NOT NULL DEFAULT '{}',
    ADD COLUMN required_mentions text[] NOT NULL DEFAULT '{}',
    ADD COLUMN required_sound    text   NOT NULL DEFAULT '';

CREATE TABLE submissions (
    id            uuid PRIMARY KEY,
    workspace_id  uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    collection_id uuid NOT NULL,
    creator_id    uuid NOT NULL,
    submitted_by  uuid REFERENCES users (id) ON DELETE SET NULL,
    -- the URL as submitted, and the post it names
    url           text NOT NULL,
    platform      text NOT NULL,
    post_id       text NOT NULL,
    -- the tracked video; tracked_by_it: the submission began its tracking,
    -- so a rejection ends it unless the video is used otherwise
    video_id      uuid,
    tracked_by_it boolean NOT NULL DEFAULT false,
    -- checking: waiting for the post's scrape; pending: checked, waiting
    -- for a manager; accepted: placed in the campaign; rejected
    status        text NOT NULL CHECK (status IN ('checking', 'pending', 'accepted', 'rejected')),
    -- the checks that failed: [{"check": ..., "detail": ...}]
    failures      jsonb NOT NULL DEFAULT '[]',
    reject_reason text NOT NULL DEFAULT '',
    -- who decided (NULL with decided_at: the service, by the checks)
    decided_by    uuid REFERENCES users (id) ON DELETE SET NULL,
    decided_at    timestamptz,
    checked_at    timestamptz,
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now(),
    FOREIGN KEY (workspace_id, collection_id) REFERENCES campaigns (workspace_id, collection_id) ON DELETE CASCADE,
    FOREIGN KEY (workspace_id, creator_id) REFERENCES creators (workspace_id, id) ON DELETE CASCADE
);

-- A post is submitted to a campaign once while it is being checked, waits
-- or was accepted; a rejected one can be submitted again.
CREATE UNIQUE INDEX submissions_post_idx ON submissions (collection_id, platform, post_id)
    WHERE status IN ('checking', 'pending', 'accepted');
CREATE INDEX submissions_inbox_idx ON submissions (workspace_id, collection_id, status, created_at);
CREATE INDEX submissions_creator_idx ON submissions (workspace_id, creator_id, created_at);
CREATE INDEX submissions_video_idx ON submissions (video_id) WHERE status = 'checking';
