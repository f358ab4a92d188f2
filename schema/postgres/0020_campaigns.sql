-- Campaigns and creator payouts. A collection can be a campaign: it pays
-- the creators of its videos per 1,000 views under versioned rules. Money
-- is integer minor units of the campaign's currency. The lines of the
-- payout ledger are written when a video's counting window closes (locked)
-- and never repriced after; while the window is open the line is projected
-- on read and not stored.

-- A creator is a payee: the accounts it posts from, on any platform.
CREATE TABLE creators (
    id           uuid PRIMARY KEY,
    workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    name         text NOT NULL,
    email        text NOT NULL DEFAULT '',
    -- videos the creator means to post per period of a campaign; NULL: none
    posting_goal integer CHECK (posting_goal BETWEEN 1 AND 1000),
    created_at   timestamptz NOT NULL DEFAULT now(),
    updated_at   timestamptz NOT NULL DEFAULT now(),
    UNIQUE (workspace_id, id)
);

CREATE UNIQUE INDEX creators_name_idx ON creators (workspace_id, lower(name));

ALTER TABLE accounts ADD COLUMN creator_id uuid;
ALTER TABLE accounts ADD CONSTRAINT accounts_creator_fkey
    FOREIGN KEY (workspace_id, creator_id) REFERENCES creators (workspace_id, id) ON DELETE SET NULL (creator_id);
CREATE INDEX accounts_creator_idx ON accounts (creator_id) WHERE creator_id IS NOT NULL;

CREATE TABLE campaigns (
    collection_id uuid PRIMARY KEY,
    workspace_id  uuid NOT NULL,
    -- ISO 4217 code; fixed once the campaign exists
    currency      text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
    -- decimal places of the currency's minor unit (2 for USD, 0 for JPY)
    minor_digits  smallint NOT NULL CHECK (minor_digits BETWEEN 0 AND 4),
    -- videos published in [starts_at, ends_at) are in it; ends_at NULL: open
    starts_at     timestamptz NOT NULL,
    ends_at       timestamptz CHECK (ends_at > starts_at),
    -- 0: no budget
    budget        bigint NOT NULL DEFAULT 0 CHECK (budget >= 0),
    -- the platforms whose videos are paid
    platforms     text[] NOT NULL CHECK (cardinality(platforms) > 0 AND platforms <@ ARRAY['tiktok', 'instagram', 'youtube', 'x']),
    -- how the lines are grouped for the creators' caps and the payroll; fixed
    period        text NOT NULL CHECK (period IN ('weekly', 'monthly')),
    -- the highest budget alert sent (0, 80, 100) of the budget it was sent for
    budget_alerted smallint NOT NULL DEFAULT 0,
    alerted_budget bigint NOT NULL DEFAULT 0,
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now(),
    UNIQUE (workspace_id, collection_id),
    FOREIGN KEY (workspace_id, collection_id) REFERENCES collections (workspace_id, id) ON DELETE CASCADE
);

-- Every change of the rules is a new version. A line uses the version in
-- force when its video was published, and records it.
CREATE TABLE campaign_rules (
    collection_id uuid NOT NULL REFERENCES campaigns (collection_id) ON DELETE CASCADE,
    version       integer NOT NULL CHECK (version >= 1),
    -- [{"fromViews": 0, "cpm": 150}, ...]
    tiers         jsonb NOT NULL,
    view_cap      bigint NOT NULL DEFAULT 0 CHECK (view_cap >= 0),
    min_views     bigint NOT NULL DEFAULT 0 CHECK (min_views >= 0),
    min_amount    bigint NOT NULL DEFAULT 0 CHECK (min_amount >= 0),
    max_amount    bigint NOT NULL DEFAULT 0 CHECK (max_amount >= 0),
    creator_cap   bigint NOT NULL DEFAULT 0 CHECK (creator_cap >= 0),
    window_hours  integer NOT NULL CHECK (window_hours BETWEEN 1 AND 8760),
    created_by    uuid REFERENCES users (id) ON DELETE SET NULL,
    created_at    timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (collection_id, version)
);

-- The ledger's locked lines, one per video of a campaign.
CREATE TABLE payout_lines (
    collection_id  uuid NOT NULL REFERENCES campaigns (collection_id) ON DELETE CASCADE,
    video_id       uuid NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
    workspace_id   uuid NOT NULL,
    -- the order lines were allocated in: each line's caps saw the ones before
    seq            bigint GENERATED ALWAYS AS IDENTITY,
    rules_version  integer NOT NULL,
    -- the payee: its creator, or the account when it has none
    creator_id     uuid,
    account_id     uuid,
    payee          text NOT NULL,
    -- lines of one creator's clip on several platforms share it; '' none
    clip           text NOT NULL DEFAULT '',
    published_at   timestamptz NOT NULL,
    window_end     timestamptz NOT NULL,
    period_start   timestamptz NOT NULL,
    -- the snapshot the views were read from: the last at or before the
    -- window's end; NULL when the video has none
    snapshot_at    timestamptz,
    views          bigint NOT NULL,
    likes          bigint NOT NULL,
    comments       bigint NOT NULL,
    -- the price under the rules (view cap, minimums, maximum) ...
    paid_views     bigint NOT NULL,
    price          bigint NOT NULL,
    -- ... and what the clip, the creator's cap and the budget left of it
    amount         bigint NOT NULL CHECK (amount >= 0),
    bound          text NOT NULL DEFAULT '',
    status         text NOT NULL CHECK (status IN ('locked', 'held', 'approved', 'rejected', 'paid')),
    hold_reason    text NOT NULL DEFAULT '',
    hold_detail    text NOT NULL DEFAULT '',
    reject_reason  text NOT NULL DEFAULT '',
    locked_at      timestamptz NOT NULL DEFAULT now(),
    decided_by     uuid REFERENCES users (id) ON DELETE SET NULL,
    decided_at     timestamptz,
    paid_by        uuid REFERENCES users (id) ON DELETE SET NULL,
    paid_at        timestamptz,
    -- the views fell after the lock: the latest count seen below it
    fell_to        bigint,
    PRIMARY KEY (collection_id, video_id),
    FOREIGN KEY (collection_id, rules_version) REFERENCES campaign_rules (collection_id, version)
);

CREATE INDEX payout_lines_seq_idx ON payout_lines (collection_id, seq);
CREATE INDEX payout_lines_workspace_idx ON payout_lines (workspace_id);
