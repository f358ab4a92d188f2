-- A webhook channel's URL hint shows only the shape of its path: the
-- receiver's token may be any segment (webhook.MaskedURLHint). Hints saved
-- before keep their scheme and host; their path becomes one "…".
UPDATE channels SET url_hint = substring(url_hint FROM '^[a-z]+://[^/]+') || '/…'
WHERE kind = 'webhook' AND url_hint ~ '^[a-z]+://[^/]+/.';
