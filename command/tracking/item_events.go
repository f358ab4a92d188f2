package tracking

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/reeltrack/reeltrack/command/eventlog"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/platform"
)

// newPostEvents records account.new_post for counted posts an account scrape
// just found, published since the account was tracked (or untimed); a first
// scrape or a raised limit tells of none.
func newPostEvents(ctx context.Context, tx pgx.Tx, ws uuid.UUID, found []uuid.UUID, at time.Time) error {
	if len(found) == 0 {
		return nil
	}
	rows, err := tx.Query(ctx, `
SELECT v.id, v.url, v.platform, v.account_handle, v.caption, v.published_at,
       a.id, a.url, a.handle, coalesce(v.collection_id, a.collection_id)
FROM videos v JOIN accounts a ON a.id = v.account_id
WHERE v.workspace_id = $1 AND v.id = ANY($2) AND v.post_kind = ANY($3)
  AND a.last_scraped_at IS NOT NULL
  AND (v.published_at IS NULL OR v.published_at >= a.created_at)
ORDER BY v.published_at, v.id`, ws, found, domain.CountedKinds)
	if err != nil {
		return fmt.Errorf("read new posts: %w", err)
	}
	var events []eventlog.Event
	for rows.Next() {
		var v eventlog.EventVideo
		var a eventlog.EventAccount
		var coll *uuid.UUID
		if err := rows.Scan(&v.ID, &v.URL, &v.Platform, &v.AccountHandle, &v.Caption, &v.PublishedAt, &a.ID, &a.URL, &a.Handle, &coll); err != nil {
			rows.Close()
			return fmt.Errorf("read new posts: %w", err)
		}
		a.Platform = v.Platform
		vid, aid := v.ID, a.ID
		events = append(events, eventlog.Event{WorkspaceID: ws, Type: domain.EventNewPost, OccurredAt: at, VideoID: &vid, AccountID: &aid,
			CollectionID: coll, Platform: v.Platform,
			Payload: eventlog.EventNewPostData{Summary: fmt.Sprintf("%s posted a new %s video: %s", eventlog.HandleOrURL(a.Handle, a.URL), eventlog.PlatformName(v.Platform), v.URL),
				Account: a, Video: v}})
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("read new posts: %w", err)
	}
	return eventlog.Record(ctx, tx, events)
}

// trackingFailedEvents records tracking.failed once a streak of TrackingFailedAfter failures.
func trackingFailedEvents(ctx context.Context, tx pgx.Tx, ws uuid.UUID, kind platform.Kind, ids []uuid.UUID, at time.Time) error {
	if len(ids) == 0 {
		return nil
	}
	var q string
	if kind == platform.Account {
		q = `
SELECT a.id, a.url, a.platform, a.handle, '', NULL::timestamptz, NULL::uuid, a.collection_id, a.failed_scrapes, a.status_reason
FROM accounts a WHERE a.workspace_id = $1 AND a.id = ANY($2) AND a.failed_scrapes = $3 ORDER BY a.id`
	} else {
		q = `
SELECT v.id, v.url, v.platform, v.account_handle, v.caption, v.published_at, v.account_id, coalesce(v.collection_id, a.collection_id),
       v.failed_scrapes, v.status_reason
FROM videos v LEFT JOIN accounts a ON a.id = v.account_id
WHERE v.workspace_id = $1 AND v.id = ANY($2) AND v.failed_scrapes = $3 ORDER BY v.id`
	}
	rows, err := tx.Query(ctx, q, ws, ids, domain.TrackingFailedAfter)
	if err != nil {
		return fmt.Errorf("read failing items: %w", err)
	}
	var events []eventlog.Event
	for rows.Next() {
		var id uuid.UUID
		var url, handle, caption, reason string
		var plat platform.Platform
		var published *time.Time
		var account, coll *uuid.UUID
		var failures int
		if err := rows.Scan(&id, &url, &plat, &handle, &caption, &published, &account, &coll, &failures, &reason); err != nil {
			rows.Close()
			return fmt.Errorf("read failing items: %w", err)
		}
		data := eventlog.EventTrackingFailedData{Kind: string(kind), Failures: failures, Reason: reason,
			Summary: fmt.Sprintf("Tracking of the %s %s %s failed %d times in a row: %s", eventlog.PlatformName(plat), kind, eventlog.HandleOrURL(handle, url), failures, reason)}
		e := eventlog.Event{WorkspaceID: ws, Type: domain.EventTrackingFailed, OccurredAt: at, CollectionID: coll, Platform: plat, AccountID: account}
		if kind == platform.Account {
			data.Account = &eventlog.EventAccount{ID: id, URL: url, Platform: plat, Handle: handle}
			e.AccountID = &id
		} else {
			data.Video = &eventlog.EventVideo{ID: id, URL: url, Platform: plat, AccountHandle: handle, Caption: caption, PublishedAt: published}
			e.VideoID = &id
		}
		e.Payload = data
		events = append(events, e)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("read failing items: %w", err)
	}
	return eventlog.Record(ctx, tx, events)
}
