-- The plan and founding flag of the workspace's latest checkout. A
-- subscription whose price is not in the plan catalogue (nor its plan in
-- the subscription's metadata) takes this plan: the checkout that created
-- it asked for it.
ALTER TABLE workspaces ADD COLUMN checkout_plan text CHECK (checkout_plan IN ('starter', 'growth', 'agency'));
ALTER TABLE workspaces ADD COLUMN checkout_founding boolean NOT NULL DEFAULT false;
