package organisations

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/fanout"
	"github.com/reeltrack/reeltrack/internal/plan"
	"github.com/reeltrack/reeltrack/query"
	"github.com/reeltrack/reeltrack/query/answercache"
	querycampaigns "github.com/reeltrack/reeltrack/query/campaigns"
	"github.com/reeltrack/reeltrack/query/chread"
	queryhealth "github.com/reeltrack/reeltrack/query/health"
	"github.com/reeltrack/reeltrack/query/numbers"
)

// Rollup is one answer over every workspace of an organisation: each
// workspace's numbers as its own overview, campaigns and health banner
// answer them, their sums, and the movers and campaigns of all of them.
type Rollup struct {
	Organisation Ref                `json:"organisation"`
	DatePreset   query.Preset       `json:"datePreset"`
	Start        *time.Time         `json:"start"`
	End          time.Time          `json:"end"`
	Totals       RollupTotals       `json:"totals"`
	Workspaces   []RollupWorkspace  `json:"workspaces"`
	TopMovers    []RollupMover      `json:"topMovers"`
	Campaigns    []RollupCampaign   `json:"campaigns"`
	Granularity  chread.Granularity `json:"granularity"`
}

// RollupTotals sum the workspaces' overviews.
type RollupTotals struct {
	Workspaces  int    `json:"workspaces"`
	Videos      int    `json:"videos"`
	Accounts    int    `json:"accounts"`
	Views       uint64 `json:"views"`
	ViewsGained int64  `json:"viewsGained"`
	// PreviousGained is nil when no workspace's previous window compares.
	PreviousGained *int64 `json:"previousGained"`
	// Stopped counts the workspaces whose collection has stopped or fails.
	Stopped int `json:"stopped"`
}

// RollupWorkspace is one workspace's line of the roll-up.
type RollupWorkspace struct {
	ID          uuid.UUID            `json:"id"`
	Name        string               `json:"name"`
	Home        bool                 `json:"home"`
	Plan        plan.Name            `json:"plan"`
	HasAccess   bool                 `json:"hasAccess"`
	Videos      int                  `json:"videos"`
	Accounts    int                  `json:"accounts"`
	Views       uint64               `json:"views"`
	ViewsGained numbers.PeriodGained `json:"viewsGained"`
	Campaigns   int                  `json:"campaigns"`
	// Health is the workspace's banner: its collection and last scrape.
	Health queryhealth.HealthBanner `json:"health"`
}

// RollupMover is a top mover of one of the workspaces.
type RollupMover struct {
	Workspace Ref           `json:"workspace"`
	Video     numbers.Mover `json:"video"`
}

// RollupCampaign is a campaign of one of the workspaces, its spend against
// its budget as its page sums them.
type RollupCampaign struct {
	Workspace Ref                            `json:"workspace"`
	Campaign  querycampaigns.CampaignSummary `json:"campaign"`
}

// RollupMovers is how many movers the roll-up lists.
const RollupMovers = 10

// RollupHandler reads the roll-up through the answer cache, under the keys
// of each workspace's own answers, so a workspace just read costs nothing
// more and the roll-up's numbers are the workspace's.
type RollupHandler struct {
	Handler
	Cache     *answercache.Cache
	Overview  numbers.OverviewHandler
	Campaigns querycampaigns.CampaignsHandler
	Health    queryhealth.SummaryHandler
	// ProviderAccount is the scraping provider's account, for the banners.
	ProviderAccount string
}

type rollupRow struct {
	RollupWorkspace
	version      int64
	scrapedUntil *time.Time
	access       bool
	trial, grace *time.Time
	planName     string
}

// Handle answers the roll-up of the workspace's organisation, for the
// owners and admins of its home (403 otherwise; 404 outside one).
func (h RollupHandler) Handle(ctx context.Context, ws, user uuid.UUID, q numbers.OverviewQuery) (Rollup, error) {
	org, err := h.head(ctx, ws, user)
	if err != nil {
		return Rollup{}, err
	}
	if !org.CanManage {
		return Rollup{}, apperr.Forbidden("only the owners and admins of the organisation's own workspace read its roll-up")
	}
	rows, _ := h.DB.Query(ctx, `
		SELECT w.id, w.name, w.id = $2, w.plan, w.has_access, w.trial_ends_at, w.grace_ends_at, w.data_version, w.scraped_until
		FROM workspaces w
		JOIN workspace_members m ON m.workspace_id = w.id AND m.user_id = $3
		WHERE w.organisation_id = $1
		ORDER BY w.id <> $2, lower(w.name), w.id`, org.ID, org.HomeWorkspaceID, user)
	var r rollupRow
	list, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (rollupRow, error) {
		err := row.Scan(&r.ID, &r.Name, &r.Home, &r.planName, &r.access, &r.trial, &r.grace, &r.version, &r.scrapedUntil)
		return r, err
	})
	if err != nil {
		return Rollup{}, fmt.Errorf("read the organisation's workspaces: %w", err)
	}
	// The whole roll-up is kept too, under every workspace's data version
	// and the minute (the health banners' age), for this user's reach.
	versions := sha256.New()
	for _, w := range list {
		fmt.Fprintf(versions, "%s:%d;", w.ID, w.version)
	}
	k := answercache.Key{Workspace: org.HomeWorkspaceID, Name: "rollup",
		Params: fmt.Sprintf("%s&user=%s&minute=%d&versions=%x", q.Key(), user, h.Now().Unix()/60, versions.Sum(nil))}
	b, err := h.Cache.JSON(ctx, k, func(ctx context.Context) (any, error) { return h.compute(ctx, org, list, q) })
	if err != nil {
		return Rollup{}, err
	}
	var out Rollup
	if err := json.Unmarshal(b, &out); err != nil {
		return Rollup{}, fmt.Errorf("read the kept roll-up: %w", err)
	}
	return out, nil
}

// compute reads every workspace's answers and sums them.
func (h RollupHandler) compute(ctx context.Context, org Organisation, list []rollupRow, q numbers.OverviewQuery) (Rollup, error) {
	out := Rollup{Organisation: Ref{ID: org.ID, Name: org.Name}, Workspaces: make([]RollupWorkspace, len(list)),
		TopMovers: []RollupMover{}, Campaigns: []RollupCampaign{}}
	overviews := make([]numbers.Overview, len(list))
	campaigns := make([][]querycampaigns.CampaignSummary, len(list))
	now := h.Now()
	err := fanout.Each(len(list), 4, func(i int) error {
		w := &list[i]
		p, err := plan.Stored(w.planName)
		if err != nil {
			return err
		}
		w.Plan, w.HasAccess = p.Name, plan.HasAccess(p.Name, w.access, w.trial, w.grace, now)
		if err := h.cached(ctx, w, "overview", q.Key(), &overviews[i], func(ctx context.Context) (any, error) {
			return h.Overview.Handle(ctx, w.ID, q)
		}); err != nil {
			return err
		}
		var c struct {
			Campaigns []querycampaigns.CampaignSummary `json:"campaigns"`
		}
		if err := h.cached(ctx, w, "campaigns", "", &c, func(ctx context.Context) (any, error) {
			list, err := h.Campaigns.List(ctx, w.ID)
			return map[string]any{"campaigns": list}, err
		}); err != nil {
			return err
		}
		campaigns[i] = c.Campaigns
		w.Health, err = h.Health.Handle(ctx, queryhealth.Ask{WorkspaceID: w.ID, ScrapedUntil: w.scrapedUntil, ProviderAccount: h.ProviderAccount})
		return err
	})
	if err != nil {
		return Rollup{}, err
	}
	for i, w := range list {
		o := overviews[i]
		if i == 0 {
			out.DatePreset, out.Start, out.End, out.Granularity = o.DatePreset, o.Start, o.End, o.Granularity
		}
		w.Videos, w.Accounts, w.Views, w.ViewsGained = o.Totals.Videos, o.Totals.Accounts, o.Totals.Views, o.Gained
		w.Campaigns = len(campaigns[i])
		out.Workspaces[i] = w.RollupWorkspace
		ref := Ref{ID: w.ID, Name: w.Name}
		out.Totals.Workspaces++
		out.Totals.Videos += o.Totals.Videos
		out.Totals.Accounts += o.Totals.Accounts
		out.Totals.Views += o.Totals.Views
		out.Totals.ViewsGained += o.Gained.Period
		if o.Gained.Previous != nil {
			prev := *o.Gained.Previous
			if out.Totals.PreviousGained != nil {
				prev += *out.Totals.PreviousGained
			}
			out.Totals.PreviousGained = &prev
		}
		if w.Health.Collection != queryhealth.CollectionOK {
			out.Totals.Stopped++
		}
		for _, m := range o.TopMovers {
			out.TopMovers = append(out.TopMovers, RollupMover{Workspace: ref, Video: m})
		}
		for _, c := range campaigns[i] {
			out.Campaigns = append(out.Campaigns, RollupCampaign{Workspace: ref, Campaign: c})
		}
	}
	slices.SortStableFunc(out.TopMovers, func(a, b RollupMover) int { return cmp.Compare(b.Video.ViewsGained, a.Video.ViewsGained) })
	out.TopMovers = out.TopMovers[:min(len(out.TopMovers), RollupMovers)]
	return out, nil
}

// cached reads one answer of the workspace from the cache under the key
// its own route keeps it by, computing it on a miss.
func (h RollupHandler) cached(ctx context.Context, w *rollupRow, name, params string, dst any, compute func(context.Context) (any, error)) error {
	k := answercache.Key{Workspace: w.ID, Version: w.version, Name: name, Params: params}
	b, err := h.Cache.JSON(ctx, k, compute)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(b, dst); err != nil {
		return fmt.Errorf("read the kept %s answer: %w", name, err)
	}
	return nil
}
