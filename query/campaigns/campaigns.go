package campaigns

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/fanout"
	"github.com/reeltrack/reeltrack/internal/payout"
	"github.com/reeltrack/reeltrack/query"
)

// Spend is what a campaign's lines add up to, in minor units.
type Spend struct {
	// Committed sums the locked lines not rejected.
	Committed int64 `json:"committed"`
	Approved  int64 `json:"approved"`
	Paid      int64 `json:"paid"`
	Held      int64 `json:"held"`
	Rejected  int64 `json:"rejected"`
	// Projected sums the lines not locked yet; nil in the list.
	Projected *int64 `json:"projected"`
	// Remaining and BudgetUsedPct are nil without a budget.
	Remaining     *int64   `json:"remaining"`
	BudgetUsedPct *float64 `json:"budgetUsedPct"`
}

// CampaignSummary is a campaign as the list shows it.
type CampaignSummary struct {
	ID          uuid.UUID  `json:"id"`
	Name        string     `json:"name"`
	Currency    string     `json:"currency"`
	MinorDigits int        `json:"minorDigits"`
	StartsAt    time.Time  `json:"startsAt"`
	EndsAt      *time.Time `json:"endsAt"`
	Budget      int64      `json:"budget"`
	Period      string     `json:"period"`
	Platforms   []string   `json:"platforms"`
	Spend       Spend      `json:"spend"`
	Videos      int        `json:"videos"`
	Creators    int        `json:"creators"`
	// NotPaid counts the posts without a line.
	NotPaid int `json:"notPaid"`
	// Collabs is hold, pay or exclude.
	Collabs string `json:"collabs"`
	// ShowRulesToCreators: the creator portal shows the rules and budget.
	ShowRulesToCreators bool `json:"showRulesToCreators"`
	// VerifiedAccountsOnly: lines of accounts not verified as their
	// creator's are held for review when they lock.
	VerifiedAccountsOnly bool `json:"verifiedAccountsOnly"`
	// RequiresTaxForm: lines of payees without a tax form on file are held
	// for review when they lock.
	RequiresTaxForm bool `json:"requiresTaxForm"`
	SubmissionSettings
	// ValidationHours is how long after a line's window closes it locks;
	// MinQuality the view-quality score below which it is held (0: never).
	ValidationHours int `json:"validationHours"`
	MinQuality      int `json:"minQuality"`
	// EndedAt is when the campaign was ended; its ledger is then read-only.
	EndedAt *time.Time `json:"endedAt"`
}

// SubmissionSettings are whether a campaign takes its creators' posts
// (closed, review: a manager accepts each, auto: those passing every check
// are accepted) and what a post must carry.
type SubmissionSettings struct {
	Submissions      domain.SubmissionsMode `json:"submissions"`
	RequiredHashtags []string               `json:"requiredHashtags"`
	RequiredMentions []string               `json:"requiredMentions"`
	RequiredSound    string                 `json:"requiredSound"`
}

func submissionSettings(r domain.SubmissionRules) SubmissionSettings {
	return SubmissionSettings{Submissions: r.Mode, RequiredHashtags: nonNil(r.Hashtags), RequiredMentions: nonNil(r.Mentions), RequiredSound: r.Sound}
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// Campaign is a campaign with its current rules.
type Campaign struct {
	CampaignSummary
	Rules     RulesVersion `json:"rules"`
	CreatedAt time.Time    `json:"createdAt"`
}

// LineCounts counts a campaign's lines by status.
type LineCounts struct {
	Projected int `json:"projected"`
	Locked    int `json:"locked"`
	Held      int `json:"held"`
	Approved  int `json:"approved"`
	Rejected  int `json:"rejected"`
	Paid      int `json:"paid"`
}

// SpendPoint is one day of a campaign's series: the lines whose windows end then.
type SpendPoint struct {
	Date      string `json:"date"`
	Views     int64  `json:"views"`
	Amount    int64  `json:"amount"`
	Projected int64  `json:"projected"`
}

// Amounts sums the amounts of lines not rejected, in minor units.
type Amounts struct {
	Committed int64 `json:"committed"`
	Projected int64 `json:"projected"`
	Paid      int64 `json:"paid"`
}

// apply adds a line's amount n times (1 or -1).
func (a *Amounts) apply(ln *Line, n int64) {
	if ln.Status == domain.LineProjected {
		a.Projected += n * ln.Amount
		return
	}
	a.Committed += n * ln.Amount
	if ln.Status == domain.LinePaid {
		a.Paid += n * ln.Amount
	}
}

// PeriodSpend is one payout period of a campaign.
type PeriodSpend struct {
	Start time.Time `json:"start"`
	End   time.Time `json:"end"`
	Amounts
	Lines int `json:"lines"`
}

// CreatorStanding is a payee's line of a campaign's leaderboard.
type CreatorStanding struct {
	Payee  Payee `json:"payee"`
	Videos int   `json:"videos"`
	Views  int64 `json:"views"`
	Amounts
	// Goal is the posting-goal progress this period; nil without one.
	Goal           *payout.Goal `json:"goal"`
	LastPostedAt   *time.Time   `json:"lastPostedAt"`
	StoppedPosting bool         `json:"stoppedPosting"`
	// Quality is the payee's view-quality score: its locked lines' scores
	// weighted by their views; nil before a scored line.
	Quality *int `json:"quality"`
	// qualityViews and qualitySum add up the scored lines' views and
	// score × views.
	qualityViews, qualitySum int64
}

// quality is the views-weighted score of the scored lines; nil without one.
func (st CreatorStanding) quality() *int {
	if st.qualityViews <= 0 {
		return nil
	}
	q := int((st.qualitySum + st.qualityViews/2) / st.qualityViews)
	return &q
}

// CampaignPage is the answer of GET /campaigns/{id}.
type CampaignPage struct {
	Campaign Campaign `json:"campaign"`
	// EffectiveCPM is the committed spend per 1,000 paid views; nil before any.
	EffectiveCPM *float64          `json:"effectiveCpm"`
	Counts       LineCounts        `json:"counts"`
	Series       []SpendPoint      `json:"series"`
	Periods      []PeriodSpend     `json:"periods"`
	Creators     []CreatorStanding `json:"creators"`
	TopVideos    []Line            `json:"topVideos"`
	AwaitingLock int               `json:"awaitingLock"`
	// Validating counts the lines whose window closed that wait out the
	// campaign's validation window before they lock.
	Validating int `json:"validating"`
}

// CampaignsHandler answers the campaign routes.
type CampaignsHandler query.Readers

// List lists the workspace's campaigns, oldest first, summed as their pages.
func (h CampaignsHandler) List(ctx context.Context, ws uuid.UUID) ([]CampaignSummary, error) {
	rows, err := h.DB.Query(ctx, `SELECT collection_id FROM campaigns WHERE workspace_id = $1 ORDER BY created_at, collection_id`, ws)
	if err != nil {
		return nil, fmt.Errorf("list campaigns: %w", err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[uuid.UUID])
	if err != nil {
		return nil, fmt.Errorf("list campaigns: %w", err)
	}
	out := make([]CampaignSummary, len(ids))
	now := h.Now().UTC()
	g, gctx := fanout.WithContext(ctx)
	g.SetLimit(4)
	for i, id := range ids {
		g.Go(func() error {
			l, err := readLedger(gctx, h.DB, h.CH, ws, id, now, false)
			if err != nil {
				return err
			}
			c, _ := l.summary()
			out[i] = c.CampaignSummary
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	return out, nil
}

func (s *Spend) budget(b int64) {
	if b <= 0 {
		return
	}
	left := max(0, b-s.Committed-s.Rejected)
	pct := float64(s.Committed) * 100 / float64(b)
	s.Remaining, s.BudgetUsedPct = &left, &pct
}

// Rules lists the versions of the campaign's rules, newest first.
func (h CampaignsHandler) Rules(ctx context.Context, ws, id uuid.UUID) ([]RulesVersion, error) {
	c, err := loadCampaign(ctx, h.DB, ws, id)
	return c.Versions, err
}

func (l ledger) summary() (Campaign, LineCounts) {
	c, s := l.campaign, l.sums
	out := Campaign{CampaignSummary: CampaignSummary{ID: c.ID, Name: c.Name, Currency: c.Currency, MinorDigits: c.MinorDigits, StartsAt: c.StartsAt,
		EndsAt: c.EndsAt, Budget: c.Budget, Period: string(c.Period), Platforms: c.Platforms, NotPaid: l.NotPaid,
		Collabs: string(c.Collabs), ShowRulesToCreators: c.ShowRules, VerifiedAccountsOnly: c.VerifiedOnly, RequiresTaxForm: c.TaxFormRequired, SubmissionSettings: submissionSettings(c.Submissions),
		ValidationHours: c.ValidationHours, MinQuality: c.MinQuality, EndedAt: c.EndedAt}, Rules: c.Versions[0], CreatedAt: c.CreatedAt}
	out.Spend = s.spend
	projected := s.projected
	out.Spend.Projected = &projected
	out.Spend.budget(c.Budget)
	out.Videos, out.Creators = l.count(), len(s.payees)
	return out, s.counts
}

// Page answers the campaign's page at now.
func (h CampaignsHandler) Page(ctx context.Context, ws, id uuid.UUID) (CampaignPage, error) {
	now := h.Now().UTC()
	// the posting goals and the campaign's creators are read beside the ledger
	var (
		l     ledger
		goals map[uuid.UUID]int
		idle  []Payee
	)
	g, gctx := fanout.WithContext(ctx)
	g.Go(func() (err error) { l, err = readLedger(gctx, h.DB, h.CH, ws, id, now, false); return err })
	g.Go(func() (err error) { goals, err = h.postingGoals(gctx, ws); return err })
	g.Go(func() (err error) { idle, err = h.campaignCreators(gctx, ws, id); return err })
	if err := g.Wait(); err != nil {
		return CampaignPage{}, err
	}
	var p CampaignPage
	p.Campaign, p.Counts = l.summary()
	p.AwaitingLock, p.Validating = l.Closed, l.Validating
	s := l.sums
	c := l.campaign
	currentStart := c.Period.Start(now)
	currentEnd := c.Period.Next(currentStart)
	// the posts of this period, for the posting goals: the open lines' here
	posted := map[payeeRef]int{}
	for _, ln := range l.Open {
		if !ln.PublishedAt.Before(currentStart) && ln.PublishedAt.Before(currentEnd) {
			posted[ln.Payee.ref()]++
		}
	}
	paidViews := s.paidViews
	if paidViews > 0 {
		cpm := float64(p.Campaign.Spend.Committed) * 1000 / float64(paidViews)
		p.EffectiveCPM = &cpm
	}
	for _, d := range s.days {
		p.Series = append(p.Series, d)
	}
	slices.SortFunc(p.Series, func(a, b SpendPoint) int { return strings.Compare(a.Date, b.Date) })
	for _, ps := range s.periods {
		p.Periods = append(p.Periods, ps)
	}
	slices.SortFunc(p.Periods, func(a, b PeriodSpend) int { return a.Start.Compare(b.Start) })
	// the creators without a line are on the board at zero
	standings := s.standings
	for _, payee := range idle {
		if _, ok := standings[payee.ref()]; !ok {
			standings[payee.ref()] = CreatorStanding{Payee: payee}
		}
	}
	for key, st := range standings {
		if g, ok := goals[st.Payee.ID]; ok && st.Payee.Kind == "creator" {
			goal := payout.Progress(g, posted[key]+s.postedIn(key, currentStart, currentEnd), currentStart, currentEnd, now)
			st.Goal = &goal
		}
		if st.LastPostedAt != nil {
			st.StoppedPosting = payout.StoppedPosting(c.Period, *st.LastPostedAt, now)
		}
		st.Quality = st.quality()
		p.Creators = append(p.Creators, st)
	}
	slices.SortFunc(p.Creators, func(a, b CreatorStanding) int {
		if c := cmp.Compare(b.Committed+b.Projected, a.Committed+a.Projected); c != 0 {
			return c
		}
		if c := strings.Compare(a.Payee.Name, b.Payee.Name); c != 0 {
			return c
		}
		return comparePayees(a.Payee, b.Payee)
	})
	p.Series, p.Periods, p.Creators, p.TopVideos = query.OrEmpty(p.Series), query.OrEmpty(p.Periods), query.OrEmpty(p.Creators), query.OrEmpty(s.top)
	return p, nil
}

// comparePayees orders payees as their keys' text does ("kind:id"; no
// kind is the start of another), without making the keys.
func comparePayees(a, b Payee) int {
	if c := strings.Compare(a.Kind, b.Kind); c != 0 {
		return c
	}
	return bytes.Compare(a.ID[:], b.ID[:])
}

func (h CampaignsHandler) campaignCreators(ctx context.Context, ws, id uuid.UUID) ([]Payee, error) {
	rows, err := h.DB.Query(ctx, `
		SELECT DISTINCT cr.id, cr.name FROM accounts a JOIN creators cr ON cr.id = a.creator_id
		WHERE a.workspace_id = $1 AND a.collection_id = $2 AND a.status <> $3`, ws, id, domain.ItemRemoved)
	if err != nil {
		return nil, fmt.Errorf("read campaign creators: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Payee, error) {
		p := Payee{Kind: "creator"}
		return p, r.Scan(&p.ID, &p.Name)
	})
	if err != nil {
		return nil, fmt.Errorf("read campaign creators: %w", err)
	}
	return out, nil
}

func (h CampaignsHandler) postingGoals(ctx context.Context, ws uuid.UUID) (map[uuid.UUID]int, error) {
	rows, err := h.DB.Query(ctx, `SELECT id, posting_goal FROM creators WHERE workspace_id = $1 AND posting_goal IS NOT NULL`, ws)
	if err != nil {
		return nil, fmt.Errorf("read posting goals: %w", err)
	}
	out := map[uuid.UUID]int{}
	var id uuid.UUID
	var goal int
	_, err = pgx.ForEachRow(rows, []any{&id, &goal}, func() error {
		out[id] = goal
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("read posting goals: %w", err)
	}
	return out, nil
}

// LinesQuery filters and pages a campaign's ledger.
type LinesQuery struct {
	// Status, Payee (any payee's id), Period (its start) and Bound: empty, any.
	Status domain.Line
	Payee  *uuid.UUID
	Period *time.Time
	Bound  string
	// ByViews orders by views, most first, as a share link lists them.
	ByViews bool
	Limit   int
	Offset  int
}

// MaxLinesPage is the most lines one page of the ledger holds.
const MaxLinesPage = 500

// Validate checks the filters.
func (q *LinesQuery) Validate() error {
	switch {
	case q.Status != "" && q.Status != domain.LineProjected && !slices.Contains(domain.Lines, q.Status):
		return apperr.Invalid("status", "one of projected, locked, held, approved, rejected, paid")
	case q.Bound != "" && !slices.Contains([]payout.Bound{payout.BoundMinViews, payout.BoundViewCap, payout.BoundMinAmount, payout.BoundMaxAmount,
		payout.BoundCrossPost, payout.BoundCreatorCap, payout.BoundBudget}, payout.Bound(q.Bound)):
		return apperr.Invalid("bound", "one of min_views, view_cap, min_amount, max_amount, cross_post, creator_cap, budget")
	case q.Limit < 0 || q.Limit > MaxLinesPage:
		return apperr.Invalid("limit", fmt.Sprintf("between 1 and %d", MaxLinesPage))
	case q.Offset < 0:
		return apperr.Invalid("offset", "must not be negative")
	}
	if q.Limit == 0 {
		q.Limit = 100
	}
	return nil
}

// LinesPage is one page of a campaign's ledger.
type LinesPage struct {
	Lines []Line `json:"lines"`
	Total int    `json:"total"`
}

// Lines answers a page of the ledger, latest window end (or most views) first.
func (h CampaignsHandler) Lines(ctx context.Context, ws, id uuid.UUID, q LinesQuery) (LinesPage, error) {
	if err := q.Validate(); err != nil {
		return LinesPage{}, err
	}
	l, err := readLedger(ctx, h.DB, h.CH, ws, id, h.Now().UTC(), false)
	if err != nil {
		return LinesPage{}, err
	}
	order := filterOrder(&l, q)
	if q.ByViews {
		slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(l.line(b).Views, l.line(a).Views) })
	}
	out := LinesPage{Total: len(order), Lines: []Line{}}
	if q.Offset < len(order) {
		for _, i := range order[q.Offset:min(len(order), q.Offset+q.Limit)] {
			out.Lines = append(out.Lines, *l.line(i))
		}
	}
	return out, nil
}

func filterLines(l *ledger, q LinesQuery) []Line {
	order := filterOrder(l, q)
	lines := make([]Line, len(order))
	for j, i := range order {
		lines[j] = *l.line(i)
	}
	return lines
}

// filterOrder is filterLines on line numbers: lines are large to move. The
// locked lines are kept in this order already; the open ones are sorted
// and merged in.
func filterOrder(l *ledger, q LinesQuery) []int {
	match := func(ln *Line) bool {
		return (q.Status == "" || ln.Status == q.Status) &&
			(q.Payee == nil || ln.Payee.ID == *q.Payee) &&
			(q.Period == nil || ln.PeriodStart.Equal(*q.Period)) &&
			(q.Bound == "" || ln.Bound == q.Bound)
	}
	var locked, open []int
	for _, i := range l.lockedOrder {
		if match(l.Locked[i]) {
			locked = append(locked, int(i))
		}
	}
	n := len(l.Locked)
	for i := range l.Open {
		if match(&l.Open[i]) {
			open = append(open, n+i)
		}
	}
	before := func(i, j int) int { return ledgerOrder(l.line(i), l.line(j)) }
	slices.SortFunc(open, before)
	order := make([]int, 0, len(locked)+len(open))
	for len(locked) > 0 && len(open) > 0 {
		if before(locked[0], open[0]) <= 0 {
			order, locked = append(order, locked[0]), locked[1:]
		} else {
			order, open = append(order, open[0]), open[1:]
		}
	}
	return append(append(order, locked...), open...)
}

// ledgerOrder is the ledger's order: latest window end first; one line per
// video, so the ids, compared as their text, settle every tie.
func ledgerOrder(a, b *Line) int {
	return cmp.Or(b.WindowEnd.Compare(a.WindowEnd), bytes.Compare(a.VideoID[:], b.VideoID[:]))
}

// lockedOrder is the locked lines' numbers in the ledger's order.
func lockedOrder(locked []*Line) []int32 {
	order := make([]int32, len(locked))
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortFunc(order, func(i, j int32) int { return ledgerOrder(locked[i], locked[j]) })
	return order
}

// Settings reads the campaign's settings from PostgreSQL only.
func (h CampaignsHandler) Settings(ctx context.Context, ws, id uuid.UUID) (domain.CampaignSettings, error) {
	c, err := loadCampaign(ctx, h.DB, ws, id)
	return domain.CampaignSettings{StartsAt: c.StartsAt, EndsAt: c.EndsAt, Budget: c.Budget, Platforms: c.Platforms, Collabs: c.Collabs, ShowRules: c.ShowRules, VerifiedOnly: c.VerifiedOnly, TaxFormRequired: c.TaxFormRequired, Submissions: c.Submissions, ValidationHours: c.ValidationHours, MinQuality: c.MinQuality}, err
}
