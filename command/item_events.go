package command

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/platform"
)

// newPostEvents records account.new_post for the videos an account scrape
// has just inserted (found): those of accounts scraped before, published
// since the account was tracked (or without a publishing time). An
// account's first scrape, which finds its existing videos, and older
// videos a raised tracking limit brings in, tell of no new post. It runs
// before the scrape moves the accounts' last-scraped times.
func newPostEvents(ctx context.Context, tx pgx.Tx, ws uuid.UUID, found []uuid.UUID, at time.Time) error {
	if len(found) == 0 {
		return nil
	}
	rows, err := tx.Query(ctx, `
SELECT v.id, v.url, v.platform, v.account_handle, v.caption, v.published_at,
       a.id, a.url, a.handle, coalesce(v.collection_id, a.collection_id)
FROM videos v JOIN accounts a ON a.id = v.account_id
WHERE v.workspace_id = $1 AND v.id = ANY($2)
  AND a.last_scraped_at IS NOT NULL
  AND (v.published_at IS NULL OR v.published_at >= a.created_at)
ORDER BY v.published_at, v.id`, ws, found)
	if err != nil {
		return fmt.Errorf("read new posts: %w", err)
	}
	var events []Event
	for rows.Next() {
		var v EventVideo
		var a EventAccount
		var coll *uuid.UUID
		if err := rows.Scan(&v.ID, &v.URL, &v.Platform, &v.AccountHandle, &v.Caption, &v.PublishedAt, &a.ID, &a.URL, &a.Handle, &coll); err != nil {
			rows.Close()
			return fmt.Errorf("read new posts: %w", err)
		}
		a.Platform = v.Platform
		vid, aid := v.ID, a.ID
		events = append(events, Event{WorkspaceID: ws, Type: domain.EventNewPost, OccurredAt: at, VideoID: &vid, AccountID: &aid,
			CollectionID: coll, Platform: v.Platform,
			Payload: EventNewPostData{Summary: fmt.Sprintf("%s posted a new %s video: %s", handleOrURL(a.Handle, a.URL), platformName(v.Platform), v.URL),
				Account: a, Video: v}})
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("read new posts: %w", err)
	}
	return addEvents(ctx, tx, events)
}

// trackingFailedEvents records tracking.failed for the items of kind among
// ids whose scrapes have just failed domain.TrackingFailedAfter times in a
// row: once a streak, since the count only passes that number once before
// a success resets it.
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
	var events []Event
	for rows.Next() {
		var id uuid.UUID
		var url, plat, handle, caption, reason string
		var published *time.Time
		var account, coll *uuid.UUID
		var failures int
		if err := rows.Scan(&id, &url, &plat, &handle, &caption, &published, &account, &coll, &failures, &reason); err != nil {
			rows.Close()
			return fmt.Errorf("read failing items: %w", err)
		}
		data := EventTrackingFailedData{Kind: string(kind), Failures: failures, Reason: reason,
			Summary: fmt.Sprintf("Tracking of the %s %s %s failed %d times in a row: %s", platformName(plat), kind, handleOrURL(handle, url), failures, reason)}
		e := Event{WorkspaceID: ws, Type: domain.EventTrackingFailed, OccurredAt: at, CollectionID: coll, Platform: plat, AccountID: account}
		if kind == platform.Account {
			data.Account = &EventAccount{ID: id, URL: url, Platform: plat, Handle: handle}
			e.AccountID = &id
		} else {
			data.Video = &EventVideo{ID: id, URL: url, Platform: plat, AccountHandle: handle, Caption: caption, PublishedAt: published}
			e.VideoID = &id
		}
		e.Payload = data
		events = append(events, e)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("read failing items: %w", err)
	}
	return addEvents(ctx, tx, events)
}
