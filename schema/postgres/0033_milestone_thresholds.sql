-- A milestone rule (video.milestone, account.milestone) tells when an
-- item's views cross its own threshold, alert_rules.threshold, once; a
-- rule of 100,000 is not told of 1,000,000. Rules made before held no
-- threshold of their own and were told of 100,000, 1,000,000 and
-- 10,000,000 alike: they keep the first (docs/decisions.md, "Milestones").
UPDATE alert_rules SET threshold = 100000
WHERE event_type IN ('video.milestone', 'account.milestone');

-- armed_at: when the milestone scan first watched the rule's threshold.
-- Until then an item already past it records it without an event, so a
-- rule that is made, enabled again or given another threshold tells of no
-- milestone passed before. The enabled rules above were watched at
-- 100,000 already.
ALTER TABLE alert_rules ADD COLUMN armed_at timestamptz;
UPDATE alert_rules SET armed_at = now()
WHERE event_type IN ('video.milestone', 'account.milestone') AND enabled;

COMMENT ON COLUMN milestone_marks.reached IS
    'the highest threshold of the workspace''s milestone rules at or below the item''s views when last scanned';
