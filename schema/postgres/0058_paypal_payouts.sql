-- Payout batches sent through PayPal Payouts (docs/creators.md, "Paying
-- through PayPal"): a workspace connects its own PayPal REST app, a batch
-- is sent with its id as the sender_batch_id, and the item's state is
-- reconciled back into the ledger.

-- The workspace's PayPal REST app: its client id, and its secret sealed
-- (AES-GCM under a key derived from SESSION_SECRET, bound to the row).
CREATE TABLE paypal_connections (
    workspace_id  uuid PRIMARY KEY REFERENCES workspaces (id) ON DELETE CASCADE,
    client_id     text NOT NULL,
    secret_sealed text NOT NULL,
    -- the sandbox's API rather than the live one
    sandbox       boolean NOT NULL,
    connected_by  uuid REFERENCES users (id) ON DELETE SET NULL,
    connected_at  timestamptz NOT NULL
);

-- sent: handed to PayPal, its item not final yet (pending, on hold,
-- unclaimed); failed: PayPal could not pay it; returned: the money came
-- back (unclaimed for 30 days, refunded, reversed). A failed or returned
-- batch lets its lines go, as a cancelled one does.
ALTER TABLE payout_batches DROP CONSTRAINT payout_batches_status_check;
ALTER TABLE payout_batches ADD CONSTRAINT payout_batches_status_check
    CHECK (status IN ('open', 'sent', 'paid', 'failed', 'returned', 'cancelled'));

ALTER TABLE payout_batches
    -- who sent it, when; the PayPal app it went through
    ADD COLUMN sent_by            uuid REFERENCES users (id) ON DELETE SET NULL,
    ADD COLUMN sent_at            timestamptz,
    ADD COLUMN paypal_sandbox     boolean NOT NULL DEFAULT false,
    -- PayPal's ids, once it answered; its batch status and the item's
    -- transaction status as it last said them
    ADD COLUMN paypal_batch_id    text NOT NULL DEFAULT '',
    ADD COLUMN paypal_item_id     text NOT NULL DEFAULT '',
    ADD COLUMN paypal_transaction text NOT NULL DEFAULT '',
    ADD COLUMN paypal_status      text NOT NULL DEFAULT '',
    -- the last error, in words (PayPal's, or why it could not be reached)
    ADD COLUMN paypal_error       text NOT NULL DEFAULT '',
    ADD COLUMN checked_at         timestamptz,
    -- when the payouts step asks PayPal again; NULL: never
    ADD COLUMN next_check_at      timestamptz;
CREATE INDEX payout_batches_check_idx ON payout_batches (next_check_at) WHERE next_check_at IS NOT NULL;

-- A batch keeps its lines when it lets them go (cancelled, failed,
-- returned): they are released, and a line is in one unreleased batch at
-- most.
ALTER TABLE payout_batch_lines ADD COLUMN released_at timestamptz;
ALTER TABLE payout_batch_lines DROP CONSTRAINT payout_batch_lines_pkey;
ALTER TABLE payout_batch_lines ADD PRIMARY KEY (workspace_id, batch_id, collection_id, video_id);
CREATE UNIQUE INDEX payout_batch_lines_held_idx ON payout_batch_lines (workspace_id, collection_id, video_id) WHERE released_at IS NULL;
