-- The trial includes two seats, so an agency can invite the teammate it
-- evaluates roles with (docs/decisions.md, "Trial seats"). Trial
-- workspaces made with one seat get the second; a seat limit set by hand
-- above it is kept.
UPDATE workspaces SET seat_limit = 2 WHERE plan = 'trial' AND seat_limit < 2;
