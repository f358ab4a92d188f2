-- Creators sign in (docs/creators.md): a workspace member of role creator
-- is one creator of the workspace (creators) and sees only the creator
-- portal, scoped to that creator: its accounts, posts and amounts. Such a
-- login takes no seat of the plan and gets none of the workspace's e-mails.
-- Deleting the creator ends its login and its pending invite.

ALTER TABLE workspace_members DROP CONSTRAINT workspace_members_role_check;
ALTER TABLE workspace_members ADD CONSTRAINT workspace_members_role_check
    CHECK (role IN ('owner', 'admin', 'member', 'creator'));
ALTER TABLE workspace_members ADD COLUMN creator_id uuid;
ALTER TABLE workspace_members ADD CONSTRAINT workspace_members_creator_fkey
    FOREIGN KEY (workspace_id, creator_id) REFERENCES creators (workspace_id, id) ON DELETE CASCADE;
ALTER TABLE workspace_members ADD CONSTRAINT workspace_members_creator_check
    CHECK ((role = 'creator') = (creator_id IS NOT NULL));
-- one login a creator
CREATE UNIQUE INDEX workspace_members_creator_idx ON workspace_members (workspace_id, creator_id) WHERE creator_id IS NOT NULL;

ALTER TABLE workspace_invites DROP CONSTRAINT workspace_invites_role_check;
ALTER TABLE workspace_invites ADD CONSTRAINT workspace_invites_role_check
    CHECK (role IN ('admin', 'member', 'creator'));
ALTER TABLE workspace_invites ADD COLUMN creator_id uuid;
ALTER TABLE workspace_invites ADD CONSTRAINT workspace_invites_creator_fkey
    FOREIGN KEY (workspace_id, creator_id) REFERENCES creators (workspace_id, id) ON DELETE CASCADE;
ALTER TABLE workspace_invites ADD CONSTRAINT workspace_invites_creator_check
    CHECK ((role = 'creator') = (creator_id IS NOT NULL));
CREATE UNIQUE INDEX workspace_invites_creator_idx ON workspace_invites (workspace_id, creator_id) WHERE creator_id IS NOT NULL;

-- A campaign shows its creators its payout rules (CPM tiers, caps) and
-- budget only when it chooses to.
ALTER TABLE campaigns ADD COLUMN show_rules_to_creators boolean NOT NULL DEFAULT false;
