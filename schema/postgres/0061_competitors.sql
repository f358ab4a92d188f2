-- Competitor sets (docs/competitors.md): a workspace tracks its
-- competitors' accounts in a workspace of its own, with no members, so
-- their numbers are never in the workspace's totals, campaigns, payouts,
-- budgets or share pages, however they are read. The competitors'
-- workspace follows the workspace's plan and access.
ALTER TABLE workspaces ADD COLUMN competitors_of uuid REFERENCES workspaces (id) ON DELETE CASCADE;
CREATE UNIQUE INDEX workspaces_competitors_of_idx ON workspaces (competitors_of) WHERE competitors_of IS NOT NULL;

CREATE FUNCTION competitors_follow_workspace() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE workspaces c SET plan = NEW.plan, video_limit = NEW.video_limit, has_access = NEW.has_access,
        trial_ends_at = NEW.trial_ends_at, grace_ends_at = NEW.grace_ends_at, subscription_status = NEW.subscription_status,
        updated_at = now()
    WHERE c.competitors_of = NEW.id
      AND (c.plan, c.video_limit, c.has_access, c.trial_ends_at, c.grace_ends_at, c.subscription_status)
          IS DISTINCT FROM (NEW.plan, NEW.video_limit, NEW.has_access, NEW.trial_ends_at, NEW.grace_ends_at, NEW.subscription_status);
    RETURN NULL;
END
$$;

CREATE TRIGGER workspaces_competitors_follow
    AFTER UPDATE OF plan, video_limit, has_access, trial_ends_at, grace_ends_at, subscription_status ON workspaces
    FOR EACH ROW WHEN (NEW.competitors_of IS NULL) EXECUTE FUNCTION competitors_follow_workspace();
