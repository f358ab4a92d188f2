package campaigns

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/fanout"
	"github.com/reeltrack/reeltrack/internal/payout"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/query"
)

// The creator portal (GET /api/creator, GET /api/creator/campaigns/{id}/posts)
// is what a creator's login sees: its own accounts, and its lines in the
// workspace's campaigns read from the same ledger the managers review, so
// every amount is the ledger's. It shows none of another payee's lines and
// none of the campaign's rules, caps or budget unless the campaign shows
// them (show_rules_to_creators); of a line, neither its price before the
// caps nor which bound cut it, nor who decided it.

// Portal is the creator portal's page.
type Portal struct {
	Creator   PortalCreator    `json:"creator"`
	Workspace string           `json:"workspace"`
	Accounts  []PortalAccount  `json:"accounts"`
	Campaigns []PortalCampaign `json:"campaigns"`
}

// PortalCreator is the creator the login is.
type PortalCreator struct {
	ID    uuid.UUID `json:"id"`
	Name  string    `json:"name"`
	Email string    `json:"email"`
	// TaxForm is the form the workspace has on file for it.
	TaxForm domain.TaxForm `json:"taxForm"`
	// How it is paid: the method it chose, and the e-mail address (PayPal,
	// Wise) or the description (other) that goes with it.
	PayoutMethod domain.PayoutMethod `json:"payoutMethod"`
	PayoutEmail  string              `json:"payoutEmail"`
	PayoutNote   string              `json:"payoutNote"`
}

// PortalAccount is one of the creator's tracked accounts.
type PortalAccount struct {
	ID            uuid.UUID         `json:"id"`
	Platform      platform.Platform `json:"platform"`
	Handle        string            `json:"handle"`
	DisplayName   string            `json:"displayName"`
	URL           string            `json:"url"`
	Status        domain.Item       `json:"status"`
	LastScrapedAt *time.Time        `json:"lastScrapedAt"`
	// Verification is whether the creator has proven it owns the account,
	// with the code to put in its bio while pending.
	Verification query.Verification `json:"verification"`
}

// PortalCampaign is a campaign with lines of the creator, and its sums.
type PortalCampaign struct {
	ID          uuid.UUID  `json:"id"`
	Name        string     `json:"name"`
	Currency    string     `json:"currency"`
	MinorDigits int        `json:"minorDigits"`
	StartsAt    time.Time  `json:"startsAt"`
	EndsAt      *time.Time `json:"endsAt"`
	EndedAt     *time.Time `json:"endedAt"`
	Platforms   []string   `json:"platforms"`
	Posts       int        `json:"posts"`
	Views       int64      `json:"views"`
	// Amounts sums the creator's lines by status, in minor units.
	Amounts PortalAmounts `json:"amounts"`
	// Rules and Budget are shown only when the campaign chooses to.
	Rules  *payout.Terms `json:"rules"`
	Budget *int64        `json:"budget"`
	// What the campaign asks of its creators before it pays them: accounts
	// verified as theirs, a tax form on file.
	VerifiedAccountsOnly bool `json:"verifiedAccountsOnly"`
	RequiresTaxForm      bool `json:"requiresTaxForm"`
	// Whether the campaign takes the creator's posts, and what a post must
	// carry; Submitted counts the creator's submissions by status.
	SubmissionSettings
	Submitted SubmissionCounts `json:"submitted"`
	// Quality is the creator's view-quality score in the campaign (its
	// locked lines' scores weighted by views); nil before a scored line.
	Quality *int `json:"quality"`
	// ValidationHours is how long after a post's window closes its line
	// locks.
	ValidationHours int `json:"validationHours"`
}

// SubmissionCounts counts submissions by status.
type SubmissionCounts struct {
	Checking int `json:"checking"`
	Pending  int `json:"pending"`
	Accepted int `json:"accepted"`
	Rejected int `json:"rejected"`
}

func (c *SubmissionCounts) add(s domain.Submission, n int) {
	switch s {
	case domain.SubmissionChecking:
		c.Checking += n
	case domain.SubmissionPending:
		c.Pending += n
	case domain.SubmissionAccepted:
		c.Accepted += n
	case domain.SubmissionRejected:
		c.Rejected += n
	}
}

func (c SubmissionCounts) total() int { return c.Checking + c.Pending + c.Accepted + c.Rejected }

// PortalAmounts are a creator's amounts by the status of their lines:
// projected while the counting window is open, then locked (waiting for
// review), held (flagged for review), approved, rejected (not paid) and
// paid.
type PortalAmounts struct {
	Projected int64 `json:"projected"`
	Locked    int64 `json:"locked"`
	Held      int64 `json:"held"`
	Approved  int64 `json:"approved"`
	Rejected  int64 `json:"rejected"`
	Paid      int64 `json:"paid"`
}

func (a *PortalAmounts) add(l *Line) {
	switch l.Status {
	case domain.LineProjected:
		a.Projected += l.Amount
	case domain.LineLocked:
		a.Locked += l.Amount
	case domain.LineHeld:
		a.Held += l.Amount
	case domain.LineApproved:
		a.Approved += l.Amount
	case domain.LineRejected:
		a.Rejected += l.Amount
	case domain.LinePaid:
		a.Paid += l.Amount
	}
}

// PortalPost is a line of the creator as the portal shows it.
type PortalPost struct {
	VideoID       uuid.UUID         `json:"videoId"`
	URL           string            `json:"url"`
	Platform      platform.Platform `json:"platform"`
	Caption       string            `json:"caption"`
	AccountHandle string            `json:"accountHandle"`
	PublishedAt   *time.Time        `json:"publishedAt"`
	// WindowEnd is when its views are counted up to and the line locks.
	WindowEnd    time.Time         `json:"windowEnd"`
	Status       domain.Line       `json:"status"`
	Views        int64             `json:"views"`
	Amount       int64             `json:"amount"`
	HoldReason   domain.HoldReason `json:"holdReason"`
	RejectReason string            `json:"rejectReason"`
	LockedAt     *time.Time        `json:"lockedAt"`
	PaidAt       *time.Time        `json:"paidAt"`
	// Quality is the view-quality score the line locked with.
	Quality *int `json:"quality"`
	// ValidatingUntil is when a post whose window closed locks.
	ValidatingUntil *time.Time `json:"validatingUntil"`
}

func portalPost(l *Line) PortalPost {
	return PortalPost{VideoID: l.VideoID, URL: l.URL, Platform: l.Platform, Caption: l.Caption, AccountHandle: l.AccountHandle,
		PublishedAt: l.Published, WindowEnd: l.WindowEnd, Status: l.Status, Views: l.Views, Amount: l.Amount,
		HoldReason: l.HoldReason, RejectReason: l.RejectReason, LockedAt: l.LockedAt, PaidAt: l.PaidAt, Quality: l.Quality, ValidatingUntil: l.ValidatingUntil}
}

// PortalPosts is a page of a creator's lines in one campaign.
type PortalPosts struct {
	Posts []PortalPost `json:"posts"`
	Total int          `json:"total"`
}

// creatorLine tells whether a line pays the creator.
func creatorLine(l *Line, creator uuid.UUID) bool {
	return l.Payee.Kind == "creator" && l.Payee.ID == creator
}

// Portal answers the creator's portal: 404 for a creator not of ws.
func (h CampaignsHandler) Portal(ctx context.Context, ws, creator uuid.UUID) (Portal, error) {
	var p Portal
	err := h.DB.QueryRow(ctx, `
		SELECT c.id, c.name, c.email, c.tax_form, c.payout_method, c.payout_email, c.payout_note, w.name FROM creators c JOIN workspaces w ON w.id = c.workspace_id
		WHERE c.id = $1 AND c.workspace_id = $2`, creator, ws).Scan(&p.Creator.ID, &p.Creator.Name, &p.Creator.Email, &p.Creator.TaxForm,
		&p.Creator.PayoutMethod, &p.Creator.PayoutEmail, &p.Creator.PayoutNote, &p.Workspace)
	if errors.Is(err, pgx.ErrNoRows) {
		return Portal{}, apperr.NotFound("creator not found")
	}
	if err != nil {
		return Portal{}, fmt.Errorf("read creator: %w", err)
	}
	rows, _ := h.DB.Query(ctx, `
		SELECT id, platform, handle, display_name, url, status, last_scraped_at, `+query.VerificationColumns+` FROM accounts
		WHERE workspace_id = $1 AND creator_id = $2 AND status <> $3
		ORDER BY platform, lower(handle), id`, ws, creator, domain.ItemRemoved)
	p.Accounts, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (PortalAccount, error) {
		var a PortalAccount
		var code, method *string
		var requested, checked, verified *time.Time
		err := r.Scan(&a.ID, &a.Platform, &a.Handle, &a.DisplayName, &a.URL, &a.Status, &a.LastScrapedAt, &code, &requested, &checked, &verified, &method)
		a.LastScrapedAt = query.UTC(a.LastScrapedAt)
		a.Verification = query.NewVerification(code, requested, checked, verified, method, true)
		return a, err
	})
	if err != nil {
		return Portal{}, fmt.Errorf("read the creator's accounts: %w", err)
	}
	rows, _ = h.DB.Query(ctx, `SELECT collection_id FROM campaigns WHERE workspace_id = $1 ORDER BY created_at, collection_id`, ws)
	ids, err := pgx.CollectRows(rows, pgx.RowTo[uuid.UUID])
	if err != nil {
		return Portal{}, fmt.Errorf("list campaigns: %w", err)
	}
	submitted := map[uuid.UUID]*SubmissionCounts{}
	rows, _ = h.DB.Query(ctx, `
		SELECT collection_id, status, count(*) FROM submissions WHERE workspace_id = $1 AND creator_id = $2 GROUP BY 1, 2`, ws, creator)
	var cid uuid.UUID
	var status domain.Submission
	var n int
	if _, err := pgx.ForEachRow(rows, []any{&cid, &status, &n}, func() error {
		if submitted[cid] == nil {
			submitted[cid] = &SubmissionCounts{}
		}
		submitted[cid].add(status, n)
		return nil
	}); err != nil {
		return Portal{}, fmt.Errorf("count the creator's submissions: %w", err)
	}
	found := make([]*PortalCampaign, len(ids))
	now := h.Now().UTC()
	g, gctx := fanout.WithContext(ctx)
	g.SetLimit(4)
	for i, id := range ids {
		g.Go(func() error {
			l, err := readLedger(gctx, h.DB, h.CH, ws, id, now, false)
			if err != nil {
				return err
			}
			found[i] = portalCampaign(&l, creator, submitted[id])
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return Portal{}, err
	}
	p.Campaigns = []PortalCampaign{}
	for _, c := range found {
		if c != nil {
			p.Campaigns = append(p.Campaigns, *c)
		}
	}
	return p, nil
}

// portalCampaign sums the creator's lines of the ledger, with its
// submissions' counts (nil: none); nil when the creator has neither and
// the campaign does not take submissions.
func portalCampaign(l *ledger, creator uuid.UUID, submitted *SubmissionCounts) *PortalCampaign {
	c := l.campaign
	out := PortalCampaign{ID: c.ID, Name: c.Name, Currency: c.Currency, MinorDigits: c.MinorDigits, StartsAt: c.StartsAt,
		EndsAt: c.EndsAt, EndedAt: c.EndedAt, Platforms: c.Platforms, VerifiedAccountsOnly: c.VerifiedOnly, RequiresTaxForm: c.TaxFormRequired,
		SubmissionSettings: submissionSettings(c.Submissions), ValidationHours: c.ValidationHours}
	var scored CreatorStanding
	if submitted != nil {
		out.Submitted = *submitted
	}
	for i := range l.count() {
		ln := l.line(i)
		if !creatorLine(ln, creator) {
			continue
		}
		out.Posts++
		out.Views += ln.Views
		out.Amounts.add(ln)
		if ln.Quality != nil && ln.Views > 0 {
			scored.qualityViews += ln.Views
			scored.qualitySum += int64(*ln.Quality) * ln.Views
		}
	}
	out.Quality = scored.quality()
	open := c.Submissions.Mode != domain.SubmissionsClosed && c.EndedAt == nil
	if out.Posts == 0 && out.Submitted.total() == 0 && !open {
		return nil
	}
	if c.ShowRules {
		terms, budget := c.Versions[0].Terms, c.Budget
		out.Rules, out.Budget = &terms, &budget
	}
	return &out
}

// PortalPostsQuery filters and pages a creator's lines of a campaign.
type PortalPostsQuery struct {
	Status domain.Line // empty: any
	Limit  int
	Offset int
}

// Posts answers a page of the creator's lines of the campaign, latest
// window end first: 404 for a campaign not of ws or without a line of the
// creator, whose existence the portal does not tell.
func (h CampaignsHandler) Posts(ctx context.Context, ws, creator, id uuid.UUID, q PortalPostsQuery) (PortalPosts, error) {
	lq := LinesQuery{Status: q.Status, Payee: &creator, Limit: q.Limit, Offset: q.Offset}
	if err := lq.Validate(); err != nil {
		return PortalPosts{}, err
	}
	l, err := readLedger(ctx, h.DB, h.CH, ws, id, h.Now().UTC(), false)
	if err != nil {
		return PortalPosts{}, err
	}
	if portalCampaign(&l, creator, nil) == nil {
		return PortalPosts{}, apperr.NotFound("campaign not found")
	}
	order := slices.DeleteFunc(filterOrder(&l, lq), func(i int) bool { return !creatorLine(l.line(i), creator) })
	out := PortalPosts{Total: len(order), Posts: []PortalPost{}}
	if lq.Offset < len(order) {
		for _, i := range order[lq.Offset:min(len(order), lq.Offset+lq.Limit)] {
			out.Posts = append(out.Posts, portalPost(l.line(i)))
		}
	}
	return out, nil
}
