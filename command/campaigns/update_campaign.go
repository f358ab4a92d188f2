package campaigns

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/command/activitylog"
	"github.com/reeltrack/reeltrack/command/dataversion"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/payout"
)

// UpdateCampaign changes a campaign's active period, budget, platforms, what
// it does with collabs and whether its creators see its rules.
// Its currency and period are fixed; locked lines keep their amounts.
type UpdateCampaign struct {
	WorkspaceID  uuid.UUID
	ActorID      uuid.UUID
	CollectionID uuid.UUID
	Settings     domain.CampaignSettings
}

// Validate checks the settings.
func (c *UpdateCampaign) Validate() error { return validateSettings(&c.Settings) }

// UpdateCampaignHandler changes campaigns' settings.
type UpdateCampaignHandler struct{ DB *pgxpool.Pool }

// Handle writes the settings; only owners and admins may.
func (h UpdateCampaignHandler) Handle(ctx context.Context, cmd UpdateCampaign) error {
	if err := cmd.Validate(); err != nil {
		return err
	}
	err := pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		var name string
		if err := managedCampaign(ctx, tx, cmd.WorkspaceID, cmd.ActorID, cmd.CollectionID, &name); err != nil {
			return err
		}
		s := cmd.Settings
		var ended bool
		if err := tx.QueryRow(ctx, `SELECT ended_at IS NOT NULL FROM campaigns WHERE collection_id = $1 AND workspace_id = $2`, cmd.CollectionID, cmd.WorkspaceID).Scan(&ended); err != nil {
			return fmt.Errorf("read campaign: %w", err)
		}
		if ended {
			return errCampaignEnded
		}
		_, err := tx.Exec(ctx, `
			UPDATE campaigns SET starts_at = $2, ends_at = $3, budget = $4, platforms = $5, collabs = $6, show_rules_to_creators = $8, verified_accounts_only = $9, requires_tax_form = $10,
				submissions = $11, required_hashtags = $12, required_mentions = $13, required_sound = $14,
				validation_hours = $15, min_quality = $16, updated_at = now(),
				settled_version = NULL, open_floor = NULL
			WHERE collection_id = $1 AND workspace_id = $7`, cmd.CollectionID, s.StartsAt, s.EndsAt, s.Budget, s.Platforms, s.Collabs, cmd.WorkspaceID, s.ShowRules, s.VerifiedOnly, s.TaxFormRequired,
			s.Submissions.Mode, s.Submissions.Hashtags, s.Submissions.Mentions, s.Submissions.Sound, s.ValidationHours, s.MinQuality)
		if err != nil {
			return fmt.Errorf("update campaign: %w", err)
		}
		err = activitylog.Record(ctx, tx, activitylog.Entry{WorkspaceID: cmd.WorkspaceID, ActorID: cmd.ActorID, Action: domain.ActionCampaignChanged, Target: name,
			Details: map[string]any{"startsAt": s.StartsAt, "endsAt": s.EndsAt, "budget": s.Budget, "platforms": s.Platforms, "collabs": s.Collabs, "showRulesToCreators": s.ShowRules, "verifiedAccountsOnly": s.VerifiedOnly, "requiresTaxForm": s.TaxFormRequired,
				"submissions": s.Submissions.Mode, "requiredHashtags": s.Submissions.Hashtags, "requiredMentions": s.Submissions.Mentions, "requiredSound": s.Submissions.Sound,
				"validationHours": s.ValidationHours, "minQuality": s.MinQuality}})
		if err != nil {
			return err
		}
		return dataversion.BumpDataVersion(ctx, tx, cmd.WorkspaceID)
	})
	if err != nil && apperr.KindOf(err) == apperr.KindInternal {
		return fmt.Errorf("update campaign: %w", err)
	}
	return err
}

// errCampaignEnded refuses changes to an ended campaign: its ledger is kept as it was.
var errCampaignEnded = apperr.Conflict("the campaign has ended (its collection was deleted): its settings and rules are kept as they were; its lines can still be reviewed and paid")

// managedCampaign locks the workspace and the campaign, checks the actor, reads its name.
func managedCampaign(ctx context.Context, tx pgx.Tx, ws, actor, id uuid.UUID, name *string) error {
	return lockManaged(ctx, tx, ws, actor, "campaign", `
		SELECT col.name FROM campaigns c JOIN collections col ON col.id = c.collection_id
		WHERE c.workspace_id = $1 AND c.collection_id = $2 FOR UPDATE OF c`, id, name)
}

// ChangeCampaignRules writes a new version of a campaign's rules; locked lines
// keep theirs, and it applies to videos published from now on.
type ChangeCampaignRules struct {
	WorkspaceID  uuid.UUID
	ActorID      uuid.UUID
	CollectionID uuid.UUID
	Rules        payout.Terms
}

// ChangeCampaignRulesHandler versions campaigns' rules.
type ChangeCampaignRulesHandler struct {
	DB  *pgxpool.Pool
	Now func() time.Time
}

// Handle writes the rules as the next version, which it returns.
func (h ChangeCampaignRulesHandler) Handle(ctx context.Context, cmd ChangeCampaignRules) (int, error) {
	var version int
	err := pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		var name, period string
		if err := managedCampaign(ctx, tx, cmd.WorkspaceID, cmd.ActorID, cmd.CollectionID, &name); err != nil {
			return err
		}
		var ended bool
		err := tx.QueryRow(ctx, `
			SELECT c.period, (SELECT max(version) + 1 FROM campaign_rules WHERE collection_id = c.collection_id), c.ended_at IS NOT NULL
			FROM campaigns c WHERE c.collection_id = $1 AND c.workspace_id = $2`, cmd.CollectionID, cmd.WorkspaceID).Scan(&period, &version, &ended)
		if err != nil {
			return fmt.Errorf("read campaign rules: %w", err)
		}
		if ended {
			return errCampaignEnded
		}
		rules, err := rulesOf(cmd.Rules, payout.Period(period))
		if err != nil {
			return err
		}
		if err := insertRules(ctx, tx, cmd.CollectionID, version, rules, cmd.ActorID, h.Now()); err != nil {
			return err
		}
		err = activitylog.Record(ctx, tx, activitylog.Entry{WorkspaceID: cmd.WorkspaceID, ActorID: cmd.ActorID, Action: domain.ActionCampaignRules, Target: name,
			Details: map[string]any{"version": version, "tiers": rules.Tiers, "viewCap": rules.ViewCap, "minViews": rules.MinViews,
				"minAmount": rules.MinAmount, "maxAmount": rules.MaxAmount, "creatorCap": rules.CreatorCap, "windowHours": rules.WindowHours}})
		if err != nil {
			return err
		}
		return dataversion.BumpDataVersion(ctx, tx, cmd.WorkspaceID)
	})
	if err != nil && apperr.KindOf(err) == apperr.KindInternal {
		return 0, fmt.Errorf("change campaign rules: %w", err)
	}
	return version, err
}
