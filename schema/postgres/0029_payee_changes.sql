-- Who is paid is decided by owners and admins (docs/decisions.md, "The
-- payee only managers set"). An account's creator — the payee of its
-- lines — records who last gave or took it and when, as a video's chosen
-- creator does (0028), so a line whose payee changed while it was open
-- says so; a locked line keeps the change it locked with.
ALTER TABLE accounts
    ADD COLUMN creator_set_by uuid REFERENCES users (id) ON DELETE SET NULL,
    ADD COLUMN creator_set_at timestamptz;

ALTER TABLE payout_lines
    ADD COLUMN payee_changed_by text NOT NULL DEFAULT '',
    ADD COLUMN payee_changed_at timestamptz;
