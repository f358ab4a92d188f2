-- Payout batches (docs/creators.md, "Payout batches"): a creator chooses
-- how it is paid, and the approved lines of each creator and currency are
-- gathered into a batch, whose id is the idempotency key of its payment
-- (a PayPal Payouts sender_batch_id, a Wise batch's reference). A line is
-- in one batch at most; a cancelled batch lets its lines go.
ALTER TABLE creators
    ADD COLUMN payout_method text NOT NULL DEFAULT 'none' CHECK (payout_method IN ('none', 'paypal', 'wise', 'other')),
    ADD COLUMN payout_email  text NOT NULL DEFAULT '',
    ADD COLUMN payout_note   text NOT NULL DEFAULT '',
    ADD COLUMN payout_set_at timestamptz;

CREATE TABLE payout_batches (
    id           uuid PRIMARY KEY,
    workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    creator_id   uuid NOT NULL,
    currency     text NOT NULL,
    minor_digits integer NOT NULL,
    -- the sum and count of its lines when made
    amount       bigint NOT NULL CHECK (amount >= 0),
    lines        integer NOT NULL CHECK (lines > 0),
    -- the creator's payout method and address when the batch was made
    method       text NOT NULL,
    payee_email  text NOT NULL,
    status       text NOT NULL CHECK (status IN ('open', 'paid', 'cancelled')),
    created_by   uuid REFERENCES users (id) ON DELETE SET NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    closed_by    uuid REFERENCES users (id) ON DELETE SET NULL,
    closed_at    timestamptz,
    UNIQUE (workspace_id, id),
    FOREIGN KEY (workspace_id, creator_id) REFERENCES creators (workspace_id, id) ON DELETE CASCADE
);
CREATE INDEX payout_batches_ws_idx ON payout_batches (workspace_id, status, created_at);
CREATE INDEX payout_batches_creator_idx ON payout_batches (workspace_id, creator_id, created_at);

CREATE TABLE payout_batch_lines (
    batch_id      uuid NOT NULL,
    workspace_id  uuid NOT NULL,
    collection_id uuid NOT NULL,
    video_id      uuid NOT NULL,
    amount        bigint NOT NULL,
    PRIMARY KEY (workspace_id, collection_id, video_id),
    FOREIGN KEY (workspace_id, batch_id) REFERENCES payout_batches (workspace_id, id) ON DELETE CASCADE
);
CREATE INDEX payout_batch_lines_batch_idx ON payout_batch_lines (batch_id);
