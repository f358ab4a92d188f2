package campaigns

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/command/dataversion"
	"github.com/reeltrack/reeltrack/command/outbox"
	"github.com/reeltrack/reeltrack/command/tracking"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/mail"
	"github.com/reeltrack/reeltrack/internal/platform"
)

// SubmissionChecker checks submitted posts once their scrape is recorded:
// in the scrape's transaction (FollowScrape), at the submission for a post
// scraped already, and in the settle step for any left (Sweep).
type SubmissionChecker struct {
	DB *pgxpool.Pool
	// BaseURL is the dashboard's, for the links of the creators' e-mails.
	BaseURL string
	Now     func() time.Time
}

// checkScope names the submissions a check looks at: by id, by video, or
// every one still being checked.
type checkScope struct {
	submissions []uuid.UUID
	videos      []uuid.UUID
	all         bool
}

// decision is what a check made of a submission.
type decision struct {
	status   domain.Submission
	failures []Failure
}

// post is a submitted post as its scrape left it, with its campaign.
type post struct {
	submission, campaign, creator, video uuid.UUID
	url                                  string
	trackedByIt                          bool
	platform                             platform.Platform
	status                               domain.Item
	statusReason                         string
	scraped                              bool
	accountID                            *uuid.UUID
	authorHandle                         string
	kind                                 domain.PostKind
	published                            *time.Time
	caption, soundID, soundName          string
	// the account's creator and whether it is verified as its
	accountCreator *uuid.UUID
	verified       bool
	// counted: in the campaign already; elsewhere: placed in another collection
	counted, elsewhere bool
	campaignName       string
	startsAt           time.Time
	endsAt             *time.Time
	ended              bool
	rules              domain.SubmissionRules
}

// FollowScrape checks the submissions of the scrape's videos.
func (h SubmissionChecker) FollowScrape(ctx context.Context, tx pgx.Tx, r tracking.ScrapeResult) error {
	var videos []uuid.UUID
	for _, v := range r.Videos {
		videos = append(videos, v.ID)
	}
	for _, f := range r.Failed {
		if f.Kind == platform.Video {
			videos = append(videos, f.ID)
		}
	}
	if len(videos) == 0 {
		return nil
	}
	_, err := h.check(ctx, tx, r.WorkspaceID, checkScope{videos: videos})
	return err
}

// Sweep checks every submission whose post has been scraped since it was
// made and that no scrape's check reached (a scrape recorded between the
// submission's read and its commit).
func (h SubmissionChecker) Sweep(ctx context.Context) (int, error) {
	rows, _ := h.DB.Query(ctx, `
		SELECT DISTINCT s.workspace_id FROM submissions s JOIN videos v ON v.id = s.video_id AND v.workspace_id = s.workspace_id
		-- the status written out: the predicate of submissions_video_idx
		WHERE s.status = 'checking' AND (v.last_scraped_at IS NOT NULL OR v.status = ANY($1))`, []domain.Item{domain.ItemError, domain.ItemRemoved})
	workspaces, err := pgx.CollectRows(rows, pgx.RowTo[uuid.UUID])
	if err != nil {
		return 0, fmt.Errorf("find submissions to check: %w", err)
	}
	n := 0
	for _, ws := range workspaces {
		err := pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
			if _, err := tx.Exec(ctx, `SELECT 1 FROM workspaces WHERE id = $1 FOR NO KEY UPDATE`, ws); err != nil {
				return fmt.Errorf("lock workspace: %w", err)
			}
			d, err := h.check(ctx, tx, ws, checkScope{all: true})
			n += len(d)
			return err
		})
		if err != nil {
			return n, err
		}
	}
	return n, nil
}

const checkSQL = `
SELECT s.id, s.collection_id, s.creator_id, s.video_id, s.url, s.tracked_by_it, v.platform,
	v.status, v.status_reason, v.last_scraped_at IS NOT NULL, v.account_id, v.account_handle, v.post_kind, v.published_at,
	v.caption, coalesce(v.sound_id, ''), coalesce(v.sound_name, ''),
	a.creator_id, a.verified_at IS NOT NULL,
	COALESCE(v.collection_id = s.collection_id OR (v.collection_id IS NULL AND a.collection_id = s.collection_id), false)
		OR EXISTS (SELECT 1 FROM payout_lines l WHERE l.workspace_id = s.workspace_id AND l.collection_id = s.collection_id AND l.video_id = v.id),
	v.collection_id IS NOT NULL AND v.collection_id <> s.collection_id,
	col.name, c.starts_at, c.ends_at, c.ended_at IS NOT NULL, c.submissions, c.required_hashtags, c.required_mentions, c.required_sound
FROM submissions s
JOIN videos v ON v.id = s.video_id AND v.workspace_id = s.workspace_id
LEFT JOIN accounts a ON a.id = v.account_id AND a.workspace_id = v.workspace_id AND a.status <> $5
JOIN campaigns c ON c.collection_id = s.collection_id AND c.workspace_id = s.workspace_id
JOIN collections col ON col.id = c.collection_id
WHERE s.workspace_id = $1 AND s.status = $6 AND (s.id = ANY($2) OR s.video_id = ANY($3) OR $4)
  AND (v.last_scraped_at IS NOT NULL OR v.status = $7 OR v.status = $5)
ORDER BY s.created_at, s.id
FOR UPDATE OF s`

// check checks the scope's submissions whose post has been scraped (or
// found missing), in tx, the workspace row locked: each is rejected by a
// final failure, accepted when it passes every check of a campaign that
// auto-accepts, else left for a manager. The creators are e-mailed what
// was decided.
func (h SubmissionChecker) check(ctx context.Context, tx pgx.Tx, ws uuid.UUID, scope checkScope) (map[uuid.UUID]decision, error) {
	if !scope.all && len(scope.submissions) == 0 && len(scope.videos) == 0 {
		return nil, nil
	}
	rows, _ := tx.Query(ctx, checkSQL, ws, scope.submissions, scope.videos, scope.all, domain.ItemRemoved, domain.SubmissionChecking, domain.ItemError)
	posts, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (post, error) {
		var p post
		var mode string
		err := r.Scan(&p.submission, &p.campaign, &p.creator, &p.video, &p.url, &p.trackedByIt, &p.platform,
			&p.status, &p.statusReason, &p.scraped, &p.accountID, &p.authorHandle, &p.kind, &p.published,
			&p.caption, &p.soundID, &p.soundName, &p.accountCreator, &p.verified, &p.counted, &p.elsewhere,
			&p.campaignName, &p.startsAt, &p.endsAt, &p.ended, &mode, &p.rules.Hashtags, &p.rules.Mentions, &p.rules.Sound)
		p.rules.Mode = domain.SubmissionsMode(mode)
		return p, err
	})
	if err != nil {
		return nil, fmt.Errorf("read submissions to check: %w", err)
	}
	out := map[uuid.UUID]decision{}
	if len(posts) == 0 {
		return out, nil
	}
	now := h.Now().UTC()
	mails := submissionMails{}
	var removed []uuid.UUID
	for _, p := range posts {
		fails := checkPost(p)
		d := decision{status: domain.SubmissionPending, failures: fails}
		switch {
		case finalFailure(fails):
			d.status = domain.SubmissionRejected
		case len(fails) == 0 && p.rules.Mode == domain.SubmissionsAuto && !p.ended:
			d.status = domain.SubmissionAccepted
			if err := placeInCampaign(ctx, tx, ws, p.campaign, p.video); err != nil {
				return nil, err
			}
		}
		var decided *time.Time
		reason := ""
		if d.status != domain.SubmissionPending {
			decided = &now
		}
		if d.status == domain.SubmissionRejected {
			reason = fails[0].Detail
			if p.trackedByIt {
				removed = append(removed, p.video)
			}
		}
		_, err := tx.Exec(ctx, `
			UPDATE submissions SET status = $3, failures = $4, reject_reason = $5, decided_at = $6, checked_at = $7, updated_at = $7
			WHERE id = $1 AND workspace_id = $2`, p.submission, ws, d.status, failuresJSON(fails), reason, decided, now)
		if err != nil {
			return nil, fmt.Errorf("record submission check: %w", err)
		}
		out[p.submission] = d
		mails.add(p.creator, p.campaign, p.campaignName, p.url, d.status, reason)
	}
	if err := endSubmittedTracking(ctx, tx, ws, removed); err != nil {
		return nil, err
	}
	if err := dataversion.BumpDataVersion(ctx, tx, ws); err != nil {
		return nil, err
	}
	return out, mails.queue(ctx, tx, ws, h.BaseURL)
}

// finalFailure: a failure no person can accept (platform, duplicate, not found).
func finalFailure(fails []Failure) bool {
	return slices.ContainsFunc(fails, func(f Failure) bool { return f.Check.Final() })
}

// checkPost runs the checks a scraped post can fail, in their order: not
// found ends them; the others are all named.
func checkPost(p post) []Failure {
	if p.status == domain.ItemRemoved {
		return []Failure{{domain.CheckNotFound, "its tracking was ended before it was checked"}}
	}
	if !p.scraped {
		why := "the platform shows no such post: it may be private or deleted"
		if p.statusReason != "" {
			why = "the platform shows no such post: " + p.statusReason
		}
		return []Failure{{domain.CheckNotFound, why}}
	}
	if p.counted {
		return []Failure{{domain.CheckDuplicate, "counted in this campaign already"}}
	}
	if p.elsewhere {
		return []Failure{{domain.CheckDuplicate, "tracked in another collection of the workspace: its managers can move it here"}}
	}
	var fails []Failure
	author := "@" + p.authorHandle
	if p.authorHandle == "" {
		author = "an account the platform did not name"
	}
	switch {
	case p.accountCreator == nil || *p.accountCreator != p.creator:
		fails = append(fails, Failure{domain.CheckNotTheirs, "posted by " + author + ", not one of the creator's accounts"})
	case !p.kind.Counted():
		fails = append(fails, Failure{domain.CheckNotTheirs, fmt.Sprintf("a %s by %s, not a post of its own", kindWords(p.kind), author)})
	case !p.verified:
		fails = append(fails, Failure{domain.CheckUnverified, author + " is not verified as the creator's yet: its code goes in the bio"})
	}
	switch {
	case p.published == nil:
		fails = append(fails, Failure{domain.CheckDates, "the platform does not say when it was posted"})
	case p.published.Before(p.startsAt):
		fails = append(fails, Failure{domain.CheckDates, "posted on " + p.published.UTC().Format("2 Jan 2006") + ", before the campaign began on " + p.startsAt.UTC().Format("2 Jan 2006")})
	case p.endsAt != nil && !p.published.Before(*p.endsAt):
		fails = append(fails, Failure{domain.CheckDates, "posted on " + p.published.UTC().Format("2 Jan 2006") + ", after the campaign ended on " + p.endsAt.UTC().Format("2 Jan 2006")})
	case p.ended:
		fails = append(fails, Failure{domain.CheckDates, "the campaign ended before the post was checked"})
	}
	tags, mentions := domain.CaptionWords(p.caption, '#'), domain.CaptionWords(p.caption, '@')
	for _, h := range p.rules.Hashtags {
		if !tags[h] {
			fails = append(fails, Failure{domain.CheckHashtag, "the caption lacks #" + h})
		}
	}
	for _, m := range p.rules.Mentions {
		if !mentions[m] {
			fails = append(fails, Failure{domain.CheckMention, "the caption does not mention @" + m})
		}
	}
	if s := p.rules.Sound; s != "" && !soundMatches(s, p.soundID, p.soundName) {
		why := "it does not use the campaign's sound"
		switch {
		case p.soundID == "" && p.soundName == "":
			why += ": the platform names no sound for it"
		case p.soundName != "":
			why += ": it uses " + strings.TrimSpace(p.soundName)
		}
		fails = append(fails, Failure{domain.CheckSound, why})
	}
	return fails
}

func kindWords(k domain.PostKind) string {
	switch k {
	case domain.KindRepost:
		return "repost"
	case domain.KindQuote:
		return "quote"
	case domain.KindReply:
		return "reply"
	}
	return "post of another author"
}

// soundMatches: the required sound is the post's by id, or by name
// without regard to case.
func soundMatches(required, id, name string) bool {
	required = strings.TrimSpace(required)
	return (id != "" && required == id) || (name != "" && strings.EqualFold(required, strings.TrimSpace(name)))
}

// placeInCampaign places the post in the campaign's collection, so the
// ledger counts it.
func placeInCampaign(ctx context.Context, tx pgx.Tx, ws, campaign, video uuid.UUID) error {
	if _, err := tx.Exec(ctx, `UPDATE videos SET collection_id = $3, updated_at = now() WHERE workspace_id = $1 AND id = $2`, ws, video, campaign); err != nil {
		return fmt.Errorf("place the post in the campaign: %w", err)
	}
	return nil
}

// endSubmittedTracking ends the tracking rejected submissions began, of
// posts nothing else uses: in no collection, of no tracked account, in no
// ledger and in no other live submission.
func endSubmittedTracking(ctx context.Context, tx pgx.Tx, ws uuid.UUID, videos []uuid.UUID) error {
	if len(videos) == 0 {
		return nil
	}
	rows, _ := tx.Query(ctx, `
		SELECT v.id FROM videos v
		WHERE v.workspace_id = $1 AND v.id = ANY($2) AND v.collection_id IS NULL AND v.status <> $3
		  AND NOT EXISTS (SELECT 1 FROM accounts a WHERE a.workspace_id = $1 AND a.id = v.account_id AND a.status <> $3)
		  AND NOT EXISTS (SELECT 1 FROM payout_lines l WHERE l.workspace_id = $1 AND l.video_id = v.id)
		  AND NOT EXISTS (SELECT 1 FROM submissions s WHERE s.workspace_id = $1 AND s.video_id = v.id AND s.status = ANY($4))`,
		ws, videos, domain.ItemRemoved, []domain.Submission{domain.SubmissionChecking, domain.SubmissionPending, domain.SubmissionAccepted})
	unused, err := pgx.CollectRows(rows, pgx.RowTo[uuid.UUID])
	if err != nil {
		return fmt.Errorf("find posts to stop tracking: %w", err)
	}
	return tracking.RemoveVideosIn(ctx, tx, ws, unused)
}

func failuresJSON(fails []Failure) []byte {
	if len(fails) == 0 {
		return []byte("[]")
	}
	b, _ := json.Marshal(fails)
	return b
}

// submissionMails gathers the decided submissions by creator and campaign.
type submissionMails map[[2]uuid.UUID]*mail.CreatorSubmissions

func (m submissionMails) add(creator, campaign uuid.UUID, name, url string, status domain.Submission, why string) {
	if status != domain.SubmissionAccepted && status != domain.SubmissionRejected {
		return
	}
	k := [2]uuid.UUID{creator, campaign}
	s := m[k]
	if s == nil {
		s = &mail.CreatorSubmissions{Campaign: name}
		m[k] = s
	}
	if status == domain.SubmissionAccepted {
		s.Accepted = append(s.Accepted, url)
	} else {
		s.Rejected = append(s.Rejected, mail.RejectedPost{URL: url, Why: why})
	}
}

// queue e-mails each creator that signs in (a verified login) its
// submissions decided, one e-mail per campaign, in tx.
func (m submissionMails) queue(ctx context.Context, tx pgx.Tx, ws uuid.UUID, baseURL string) error {
	if len(m) == 0 {
		return nil
	}
	creators := make([]uuid.UUID, 0, len(m))
	for k := range m {
		creators = append(creators, k[0])
	}
	rows, _ := tx.Query(ctx, `
		SELECT m.creator_id, u.email FROM workspace_members m JOIN users u ON u.id = m.user_id
		WHERE m.workspace_id = $1 AND m.creator_id = ANY($2) AND u.email_verified_at IS NOT NULL`, ws, creators)
	emails := map[uuid.UUID]string{}
	var creator uuid.UUID
	var email string
	if _, err := pgx.ForEachRow(rows, []any{&creator, &email}, func() error { emails[creator] = email; return nil }); err != nil {
		return fmt.Errorf("read creators' logins: %w", err)
	}
	for k, s := range m {
		to, ok := emails[k[0]]
		if !ok {
			continue
		}
		s.PortalURL = strings.TrimRight(baseURL, "/") + "/portal/campaigns/" + k[1].String()
		msg, err := mail.CreatorSubmissionsMessage(*s)
		if err != nil {
			return err
		}
		if _, err := outbox.Queue(ctx, tx, domain.MailCreator, &ws, to, msg); err != nil {
			return err
		}
	}
	return nil
}
