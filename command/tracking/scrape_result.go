package tracking

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/reeltrack/reeltrack/command/dataversion"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/platform"
)

// ScrapeResult is what a completed scrape says about its targets.
type ScrapeResult struct {
	JobID        uuid.UUID
	WorkspaceID  uuid.UUID
	Platform     platform.Platform
	ScrapedAt    time.Time
	Videos       []VideoUpdate
	Accounts     []AccountUpdate
	Failed       []EntityFailure
	ItemsTotal   int
	ItemsSkipped int
}

// VideoUpdate is a video's metadata as scraped.
type VideoUpdate struct {
	ID           uuid.UUID
	PlatformID   string
	URL          string
	AccountID    *uuid.UUID
	AuthorHandle string
	Caption      string
	ThumbnailURL string
	PublishedAt  *time.Time
	// PublishedFrom is where PublishedAt came from: "provider" or "id"
	PublishedFrom string
	// ListedAt estimates an untimed post's publish time from the listing's order
	ListedAt *time.Time
	IsShop   *bool
	// Kind is what the video is to its account; RelatedHandle the other account it names
	Kind          domain.PostKind
	RelatedHandle string
	// SoundID and SoundName name the audio the post uses; "" when the item
	// names none (a sound once seen is kept).
	SoundID, SoundName string
}

// AccountUpdate is an account's metadata as scraped.
type AccountUpdate struct {
	ID          uuid.UUID
	PlatformID  string
	DisplayName string
	AvatarURL   string
	Followers   *uint64
	// Bio is the profile's text; nil when the scrape did not show it.
	Bio *string
}

// EntityFailure marks a target the scrape returned no data for.
type EntityFailure struct {
	Kind   platform.Kind
	ID     uuid.UUID
	Reason string
}

// ApplyScrape records the scrape in one transaction, locking in the order of
// every write of tracked items (see the package doc).
func ApplyScrape(ctx context.Context, tx pgx.Tx, r ScrapeResult) error {
	if err := dataversion.RecordScrapeTime(ctx, tx, r.WorkspaceID, r.ScrapedAt); err != nil {
		return err
	}
	slices.SortFunc(r.Videos, func(a, b VideoUpdate) int { return cmp.Compare(a.PlatformID, b.PlatformID) })
	slices.SortFunc(r.Accounts, func(a, b AccountUpdate) int { return bytes.Compare(a.ID[:], b.ID[:]) })
	slices.SortFunc(r.Failed, func(a, b EntityFailure) int {
		return cmp.Or(cmp.Compare(a.Kind, b.Kind), bytes.Compare(a.ID[:], b.ID[:]))
	})
	if len(r.Videos) > 0 {
		n := len(r.Videos)
		ids, pids, urls, handles, captions, thumbs := make([]uuid.UUID, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n)
		accounts, published, shop := make([]*uuid.UUID, n), make([]*time.Time, n), make([]*bool, n)
		sources, listed, kinds, related := make([]*string, n), make([]*time.Time, n), make([]string, n), make([]string, n)
		soundIDs, soundNames := make([]string, n), make([]string, n)
		for i, v := range r.Videos {
			ids[i], pids[i], urls[i], handles[i], captions[i], thumbs[i] = v.ID, v.PlatformID, v.URL, v.AuthorHandle, v.Caption, v.ThumbnailURL
			accounts[i], published[i], shop[i] = v.AccountID, v.PublishedAt, v.IsShop
			listed[i], kinds[i], related[i] = v.ListedAt, string(cmp.Or(v.Kind, domain.KindOwn)), v.RelatedHandle
			soundIDs[i], soundNames[i] = v.SoundID, v.SoundName
			if v.PublishedAt != nil {
				src := cmp.Or(v.PublishedFrom, "provider")
				sources[i] = &src
			}
		}
		// A provider's publish time wins; one read from the id only fills an
		// unknown one. An untimed post's first estimate is kept, so it does not drift.
		rows, err := tx.Query(ctx, `
			INSERT INTO videos AS v (id, workspace_id, platform, platform_video_id, url, account_id, account_handle,
				caption, thumbnail_url, published_at, is_shop, tracked_individually, status, last_scraped_at,
				published_source, listed_at, post_kind, related_handle, sound_id, sound_name)
			SELECT u.id, $1, $2, u.pid, u.url, u.account_id, u.handle, u.caption, u.thumb, u.published, u.shop,
				false, $13, $3, u.source, u.listed, u.kind, u.related, NULLIF(u.sound_id, ''), NULLIF(u.sound_name, '')
			FROM unnest($4::uuid[], $5::text[], $6::text[], $7::uuid[], $8::text[], $9::text[], $10::text[], $11::timestamptz[], $12::bool[],
				$15::text[], $16::timestamptz[], $17::text[], $18::text[], $19::text[], $20::text[])
				AS u(id, pid, url, account_id, handle, caption, thumb, published, shop, source, listed, kind, related, sound_id, sound_name)
			ORDER BY u.pid
			ON CONFLICT (workspace_id, platform, platform_video_id) DO UPDATE SET
				account_handle = CASE WHEN excluded.account_handle <> '' THEN excluded.account_handle ELSE v.account_handle END,
				caption = excluded.caption,
				thumbnail_url = excluded.thumbnail_url,
				published_at = CASE WHEN excluded.published_source = 'provider' OR v.published_at IS NULL
					THEN coalesce(excluded.published_at, v.published_at) ELSE v.published_at END,
				published_source = CASE WHEN excluded.published_source = 'provider' OR v.published_at IS NULL
					THEN coalesce(excluded.published_source, v.published_source) ELSE v.published_source END,
				listed_at = coalesce(v.listed_at, excluded.listed_at),
				-- an item without its co-authors (a post read by its
				-- link) cannot tell a collab from another author's post
				post_kind = CASE WHEN v.post_kind = 'collab' AND excluded.post_kind = 'other_author' THEN v.post_kind
					ELSE excluded.post_kind END,
				related_handle = excluded.related_handle,
				sound_id = coalesce(excluded.sound_id, v.sound_id),
				sound_name = coalesce(excluded.sound_name, v.sound_name),
				is_shop = coalesce(excluded.is_shop, v.is_shop),
				status = CASE WHEN v.status = ANY($14) THEN v.status ELSE $13 END,
				status_reason = '',
				last_scraped_at = greatest(v.last_scraped_at, excluded.last_scraped_at),
				refresh_queued_at = NULL,
				failed_scrapes = 0,
				updated_at = now()
			RETURNING v.id, v.account_id, xmax = 0`,
			r.WorkspaceID, r.Platform, r.ScrapedAt, ids, pids, urls, accounts, handles, captions, thumbs, published, shop,
			domain.ItemActive, domain.HeldItems, sources, listed, kinds, related, soundIDs, soundNames)
		if err != nil {
			return fmt.Errorf("upsert scraped videos: %w", err)
		}
		var found, ofAccounts []uuid.UUID
		for rows.Next() {
			var id uuid.UUID
			var account *uuid.UUID
			var inserted bool
			if err := rows.Scan(&id, &account, &inserted); err != nil {
				rows.Close()
				return fmt.Errorf("upsert scraped videos: %w", err)
			}
			if account != nil {
				ofAccounts = append(ofAccounts, id)
				if inserted {
					found = append(found, id)
				}
			}
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return fmt.Errorf("upsert scraped videos: %w", err)
		}
		// before the accounts' last-scraped times move below
		if err := newPostEvents(ctx, tx, r.WorkspaceID, found, r.ScrapedAt); err != nil {
			return err
		}
		if err := linkVideosToAccounts(ctx, tx, r.WorkspaceID); err != nil {
			return err
		}
		// the scraped accounts keep their newest up to their limits: a new post,
		// or one whose time or kind became known, takes its place
		if err := rankAccountsOf(ctx, tx, r.WorkspaceID, ofAccounts, r.ScrapedAt); err != nil {
			return err
		}
	}
	for _, a := range r.Accounts {
		var followers *int64
		if a.Followers != nil {
			f := int64(min(*a.Followers, 1<<62))
			followers = &f
		}
		_, err := tx.Exec(ctx, `
			UPDATE accounts SET
				status = CASE WHEN status = ANY($8) THEN status ELSE $9 END,
				status_reason = '',
				platform_account_id = CASE WHEN $3 <> '' THEN $3 ELSE platform_account_id END,
				display_name = CASE WHEN $4 <> '' THEN $4 ELSE display_name END,
				avatar_url = CASE WHEN $5 <> '' THEN $5 ELSE avatar_url END,
				followers = coalesce($6, followers),
				last_scraped_at = greatest(last_scraped_at, $7),
				refresh_queued_at = NULL,
				failed_scrapes = 0,
				-- a code asked for and found in the bio verifies the account
				-- (docs/creators.md); a bio shown without it is a look
				verified_at = CASE WHEN verified_at IS NULL AND verify_code IS NOT NULL AND strpos(lower($10::text), verify_code) > 0
					THEN $7 ELSE verified_at END,
				verified_method = CASE WHEN verified_at IS NULL AND verify_code IS NOT NULL AND strpos(lower($10::text), verify_code) > 0
					THEN 'bio' ELSE verified_method END,
				verify_checked_at = CASE WHEN verified_at IS NULL AND verify_code IS NOT NULL AND $10::text IS NOT NULL
					THEN greatest(verify_checked_at, $7) ELSE verify_checked_at END,
				updated_at = now()
			WHERE id = $1 AND workspace_id = $2`,
			a.ID, r.WorkspaceID, a.PlatformID, a.DisplayName, a.AvatarURL, followers, r.ScrapedAt, domain.HeldItems, domain.ItemActive, a.Bio)
		if err != nil {
			return fmt.Errorf("update scraped account: %w", err)
		}
	}
	failed := map[platform.Kind][]uuid.UUID{}
	for _, f := range r.Failed {
		table := "videos"
		if f.Kind == platform.Account {
			table = "accounts"
		}
		_, err := tx.Exec(ctx, `
			UPDATE `+table+` SET
				status = CASE WHEN status = ANY($4) THEN status ELSE $5 END,
				failed_scrapes = CASE WHEN status = ANY($4) THEN failed_scrapes ELSE failed_scrapes + 1 END,
				status_reason = $3, refresh_queued_at = NULL, updated_at = now()
			WHERE id = $1 AND workspace_id = $2`, f.ID, r.WorkspaceID, f.Reason, domain.HeldItems, domain.ItemError)
		if err != nil {
			return fmt.Errorf("mark %s failed: %w", f.Kind, err)
		}
		failed[f.Kind] = append(failed[f.Kind], f.ID)
	}
	for _, kind := range []platform.Kind{platform.Video, platform.Account} {
		if err := trackingFailedEvents(ctx, tx, r.WorkspaceID, kind, failed[kind], r.ScrapedAt); err != nil {
			return err
		}
	}
	_, err := tx.Exec(ctx, `
		UPDATE scrape_jobs SET status = $5, error = '', scraped_at = $2,
			items_total = $3, items_skipped = $4, ingest_claimed_until = NULL, updated_at = now()
		WHERE id = $1 AND workspace_id = $6`, r.JobID, r.ScrapedAt, r.ItemsTotal, r.ItemsSkipped, domain.JobProcessed, r.WorkspaceID)
	if err != nil {
		return fmt.Errorf("mark job processed: %w", err)
	}
	return nil
}

// FailJob records a run that ended without data: every target to error and
// the job failed for a refresh to retry; targets stay queued. Locks as in ApplyScrape.
func FailJob(ctx context.Context, tx pgx.Tx, jobID, workspaceID uuid.UUID, reason string) error {
	if err := dataversion.BumpDataVersion(ctx, tx, workspaceID); err != nil {
		return err
	}
	// a watch's run: the watch says why it found nothing
	if _, err := tx.Exec(ctx, `
		UPDATE watches SET last_error = $3, updated_at = now()
		WHERE workspace_id = $2 AND id = (SELECT watch_id FROM scrape_jobs WHERE id = $1 AND workspace_id = $2)`, jobID, workspaceID, reason); err != nil {
		return fmt.Errorf("mark the watch of a failed job: %w", err)
	}
	for _, table := range []string{"videos", "accounts"} {
		// Rows are locked in id order before they are updated: an UPDATE
		// with a join locks in whatever order its plan visits them.
		rows, err := tx.Query(ctx, `
			WITH locked AS (
				SELECT e.id FROM `+table+` e JOIN scrape_job_targets t ON t.entity_id = e.id
				WHERE t.job_id = $1 AND e.workspace_id = $2
				ORDER BY e.id FOR UPDATE OF e
			)
			UPDATE `+table+` e SET
				status = CASE WHEN e.status = ANY($4) THEN e.status ELSE $5 END,
				failed_scrapes = CASE WHEN e.status = ANY($4) THEN e.failed_scrapes ELSE e.failed_scrapes + 1 END,
				status_reason = $3, updated_at = now()
			FROM locked WHERE e.id = locked.id
			RETURNING e.id`, jobID, workspaceID, reason, domain.HeldItems, domain.ItemError)
		if err != nil {
			return fmt.Errorf("mark %s of failed job: %w", table, err)
		}
		ids, err := pgx.CollectRows(rows, pgx.RowTo[uuid.UUID])
		if err != nil {
			return fmt.Errorf("mark %s of failed job: %w", table, err)
		}
		kind := platform.Video
		if table == "accounts" {
			kind = platform.Account
		}
		if err := trackingFailedEvents(ctx, tx, workspaceID, kind, ids, time.Now()); err != nil {
			return err
		}
	}
	if _, err := tx.Exec(ctx, `UPDATE scrape_jobs SET status = $3, error = $2, ingest_claimed_until = NULL, updated_at = now() WHERE id = $1 AND workspace_id = $4`,
		jobID, reason, domain.JobFailed, workspaceID); err != nil {
		return fmt.Errorf("mark job failed: %w", err)
	}
	return nil
}
