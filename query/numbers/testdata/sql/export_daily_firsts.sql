-- @ws uuid.UUID 0b9c2f3e-1111-4a2b-8c3d-000000000001
-- @kind string video

SELECT entity_id, groupBitOrMerge(recorded) AS rec,
    argMinMerge(views_first) AS views, argMinMerge(likes_first) AS likes, argMinMerge(comments_first) AS comments,
    argMinMerge(shares_first) AS shares, argMinMerge(saves_first) AS saves, argMinMerge(followers_first) AS followers
FROM entity_latest
PREWHERE entity_id IN (SELECT id FROM scope)
WHERE workspace_id = @ws AND entity_kind = @kind
GROUP BY entity_id