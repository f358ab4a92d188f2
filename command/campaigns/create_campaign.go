// Package campaigns pays creators for their videos' views: a campaign on a
// collection, with versioned rules (CreateCampaign, ChangeCampaignRules)
// → the settle run (SettlePayoutsHandler, a step of the alerts cron) locks
// the lines whose windows closed, holds some for review and queues budget
// alerts → ReviewPayouts approves, rejects and pays the lines.
package campaigns

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"golang.org/x/text/currency"

	"github.com/reeltrack/reeltrack/command/activitylog"
	"github.com/reeltrack/reeltrack/command/dataversion"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/authz"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/payout"
	"github.com/reeltrack/reeltrack/internal/platform"
)

// rulesOf validates terms as a member wrote them, under the campaign's
// period: a zero window is the default of 7 days.
func rulesOf(t payout.Terms, p payout.Period) (payout.Rules, error) {
	if t.WindowHours == 0 {
		t.WindowHours = int(payout.DefaultWindow / time.Hour)
	}
	out := payout.Rules{Terms: t, Period: p}
	return out, out.Validate()
}

func insertRules(ctx context.Context, tx pgx.Tx, id uuid.UUID, version int, r payout.Rules, actor uuid.UUID, now time.Time) error {
	tiers, err := json.Marshal(r.Tiers)
	if err != nil {
		return err
	}
	var by *uuid.UUID
	if actor != uuid.Nil {
		by = &actor
	}
	_, err = tx.Exec(ctx, `
		INSERT INTO campaign_rules (collection_id, version, tiers, view_cap, min_views, min_amount, max_amount, creator_cap, window_hours, created_by, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
		id, version, tiers, r.ViewCap, r.MinViews, int64(r.MinAmount), int64(r.MaxAmount), int64(r.CreatorCap), r.WindowHours, by, now)
	if err != nil {
		return fmt.Errorf("insert campaign rules: %w", err)
	}
	return nil
}

// validateSettings checks the settings and sorts the platforms (none is
// every one).
func validateSettings(s *domain.CampaignSettings) error {
	var errs []error
	if s.StartsAt.IsZero() {
		errs = append(errs, apperr.Invalid("startsAt", "is required"))
	}
	if s.EndsAt != nil && !s.EndsAt.After(s.StartsAt) {
		errs = append(errs, apperr.Invalid("endsAt", "must be after startsAt"))
	}
	if s.Budget < 0 || s.Budget > maxBudget {
		errs = append(errs, apperr.Invalid("budget", fmt.Sprintf("between 0 (none) and %d minor units", maxBudget)))
	}
	if len(s.Platforms) == 0 {
		s.Platforms = []string{string(platform.TikTok), string(platform.Instagram), string(platform.YouTube), string(platform.X)}
	}
	for _, p := range s.Platforms {
		if !slices.Contains([]platform.Platform{platform.TikTok, platform.Instagram, platform.YouTube, platform.X}, platform.Platform(p)) {
			errs = append(errs, apperr.Invalid("platforms", fmt.Sprintf("%q is not one of tiktok, instagram, youtube, x", p)))
			break
		}
	}
	slices.Sort(s.Platforms)
	s.Platforms = slices.Compact(s.Platforms)
	if s.Collabs == "" {
		s.Collabs = domain.CollabsHold
	}
	if !slices.Contains(domain.CollabSettings, s.Collabs) {
		errs = append(errs, apperr.Invalid("collabs", "one of hold, pay, exclude"))
	}
	if s.ValidationHours < 0 || s.ValidationHours > maxValidationHours {
		errs = append(errs, apperr.Invalid("validationHours", fmt.Sprintf("between 0 (none) and %d hours", maxValidationHours)))
	}
	if s.MinQuality < 0 || s.MinQuality > 100 {
		errs = append(errs, apperr.Invalid("minQuality", "a view-quality score between 0 (never held) and 100"))
	}
	if err := validateSubmissionRules(&s.Submissions); err != nil {
		errs = append(errs, err)
	}
	s.StartsAt = s.StartsAt.UTC()
	if s.EndsAt != nil {
		t := s.EndsAt.UTC()
		s.EndsAt = &t
	}
	return errors.Join(errs...)
}

const maxBudget = 1_000_000_000_000_000

// maxValidationHours bounds a campaign's validation window: 30 days.
const maxValidationHours = 720

// CreateCampaign makes a collection a campaign.
type CreateCampaign struct {
	WorkspaceID  uuid.UUID
	ActorID      uuid.UUID
	CollectionID uuid.UUID
	Currency     string
	Period       string
	Settings     domain.CampaignSettings
	Rules        payout.Terms

	minorDigits int
	rules       payout.Rules
}

// Validate checks the currency (ISO 4217), period, settings and rules.
func (c *CreateCampaign) Validate() error {
	var errs []error
	if c.CollectionID == uuid.Nil {
		errs = append(errs, apperr.Invalid("collectionId", "is required: the collection that becomes the campaign"))
	}
	c.Currency = strings.ToUpper(strings.TrimSpace(c.Currency))
	if cur, err := currency.ParseISO(c.Currency); err != nil || len(c.Currency) != 3 || c.Currency == "XXX" || c.Currency == "XTS" {
		errs = append(errs, apperr.Invalid("currency", "an ISO 4217 currency code, such as USD or EUR"))
	} else {
		c.minorDigits, _ = currency.Standard.Rounding(cur)
	}
	period := payout.Period(c.Period)
	if period != payout.Weekly && period != payout.Monthly {
		errs = append(errs, apperr.Invalid("period", `"weekly" or "monthly"`))
		period = payout.Weekly
	}
	if err := validateSettings(&c.Settings); err != nil {
		errs = append(errs, err)
	}
	var err error
	if c.rules, err = rulesOf(c.Rules, period); err != nil {
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}

// CreateCampaignHandler makes collections campaigns.
type CreateCampaignHandler struct {
	DB  *pgxpool.Pool
	Now func() time.Time
}

// Handle writes the campaign and its rules' first version (owners and admins;
// another workspace's collection is not found, a campaign already a conflict).
func (h CreateCampaignHandler) Handle(ctx context.Context, cmd CreateCampaign) error {
	if err := cmd.Validate(); err != nil {
		return err
	}
	err := pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		var name string
		if err := managedCollection(ctx, tx, cmd.WorkspaceID, cmd.ActorID, cmd.CollectionID, &name); err != nil {
			return err
		}
		s := cmd.Settings
		_, err := tx.Exec(ctx, `
			INSERT INTO campaigns (collection_id, workspace_id, currency, minor_digits, starts_at, ends_at, budget, platforms, period, collabs, show_rules_to_creators, verified_accounts_only, requires_tax_form,
				submissions, required_hashtags, required_mentions, required_sound, validation_hours, min_quality)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)`,
			cmd.CollectionID, cmd.WorkspaceID, cmd.Currency, cmd.minorDigits, s.StartsAt, s.EndsAt, s.Budget, s.Platforms, cmd.Period, s.Collabs, s.ShowRules, s.VerifiedOnly, s.TaxFormRequired,
			s.Submissions.Mode, s.Submissions.Hashtags, s.Submissions.Mentions, s.Submissions.Sound, s.ValidationHours, s.MinQuality)
		var pgErr *pgconn.PgError
		if errors.As(err, &pgErr) && pgErr.Code == "23505" {
			return apperr.Conflict(fmt.Sprintf("the collection %q is a campaign already", name))
		}
		if err != nil {
			return fmt.Errorf("insert campaign: %w", err)
		}
		if err := insertRules(ctx, tx, cmd.CollectionID, 1, cmd.rules, cmd.ActorID, h.Now()); err != nil {
			return err
		}
		err = activitylog.Record(ctx, tx, activitylog.Entry{WorkspaceID: cmd.WorkspaceID, ActorID: cmd.ActorID, Action: domain.ActionCampaignCreated, Target: name,
			Details: map[string]any{"currency": cmd.Currency, "budget": s.Budget, "period": cmd.Period, "rulesVersion": 1}})
		if err != nil {
			return err
		}
		return dataversion.BumpDataVersion(ctx, tx, cmd.WorkspaceID)
	})
	if err != nil && apperr.KindOf(err) == apperr.KindInternal {
		return fmt.Errorf("create campaign: %w", err)
	}
	return err
}

// managedCollection locks the workspace, checks the actor and the collection, and reads its name.
func managedCollection(ctx context.Context, tx pgx.Tx, ws, actor, collection uuid.UUID, name *string) error {
	return lockManaged(ctx, tx, ws, actor, "collection",
		`SELECT name FROM collections WHERE workspace_id = $1 AND id = $2 AND deleted_at IS NULL`, collection, name)
}

// lockManaged locks the workspace for a manager of campaigns (authz.LockTeam)
// and reads into name what query finds of the workspace's id: 404 for none.
func lockManaged(ctx context.Context, tx pgx.Tx, ws, actor uuid.UUID, what, query string, id uuid.UUID, name *string) error {
	if err := authz.LockTeam(ctx, tx, ws, actor, "manage campaigns"); err != nil {
		return err
	}
	err := tx.QueryRow(ctx, query, ws, id).Scan(name)
	if errors.Is(err, pgx.ErrNoRows) {
		return apperr.NotFound(what + " not found")
	}
	if err != nil {
		return fmt.Errorf("read %s: %w", what, err)
	}
	return nil
}
