package domain_test

import (
	"regexp"
	"slices"
	"testing"

	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/insight"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/internal/refresh"
	"github.com/reeltrack/reeltrack/internal/testenv"
)

var env *testenv.Env

func TestMain(m *testing.M) { testenv.Main(m, &env) }

var quoted = regexp.MustCompile(`'([^']*)'::text`)

// TestChecksListTheGoValues holds the migrated schema's CHECK constraints
// to the Go constants: each constraint allows exactly the values Go names.
func TestChecksListTheGoValues(t *testing.T) {
	for _, c := range []struct {
		table, constraint string
		want              []string
	}{
		{"scrape_jobs", "scrape_jobs_status_check", strs(domain.Jobs)},
		{"accounts", "accounts_status_check", strs(domain.Accounts)},
		{"videos", "videos_status_check", strs(domain.Videos)},
		{"scrape_job_targets", "scrape_job_targets_entity_kind_check", strs([]platform.Kind{platform.Video, platform.Account})},
		{"workspace_members", "workspace_members_role_check", strs([]domain.Role{domain.RoleOwner, domain.RoleAdmin, domain.RoleMember, domain.RoleCreator, domain.RoleClient})},
		{"workspace_invites", "workspace_invites_role_check", strs([]domain.Role{domain.RoleAdmin, domain.RoleMember, domain.RoleCreator, domain.RoleClient})},
		{"mail_outbox", "mail_outbox_status_check", strs(domain.Mails)},
		{"mail_outbox", "mail_outbox_kind_check", strs(domain.MailKinds)},
		{"account_tokens", "account_tokens_purpose_check", strs(domain.AccountTokenPurposes)},
		{"payout_lines", "payout_lines_status_check", strs(domain.Lines)},
		{"campaigns", "campaigns_period_check", []string{"weekly", "monthly"}},
		{"creators", "creators_tax_form_check", strs(domain.TaxForms)},
		{"alert_rules", "alert_rules_event_type_check", strs(domain.EventTypes)},
		{"channels", "channels_kind_check", strs(domain.ChannelKinds)},
		{"event_deliveries", "event_deliveries_status_check", strs(domain.Deliveries)},
		{"workspace_members", "workspace_members_digest_frequency_check", strs(domain.DigestFrequencies)},
		{"digest_sends", "digest_sends_frequency_check", strs(domain.DigestPeriods)},
		{"api_keys", "api_keys_scope_check", strs(domain.APIKeyScopes)},
		{"video_insights", "video_insights_outlier_state_check", strs(insight.OutlierStates)},
		{"video_insights", "video_insights_forecast_state_check", strs(insight.ForecastStates)},
		{"workspaces", "workspaces_outliers_start_check", strs(insight.OutlierStarts)},
		{"workspaces", "workspaces_forecasts_start_check", strs(insight.ForecastStarts)},
		{"accounts", "accounts_refresh_reason_check", strs(refresh.Reasons)},
		{"videos", "videos_refresh_reason_check", strs(refresh.Reasons)},
		{"videos", "videos_post_kind_check", strs(domain.PostKinds)},
		{"campaigns", "campaigns_collabs_check", strs(domain.CollabSettings)},
	} {
		var def string
		err := env.PG.QueryRow(t.Context(), `
			SELECT pg_get_constraintdef(oid) FROM pg_constraint WHERE conrelid = $1::regclass AND conname = $2`,
			c.table, c.constraint).Scan(&def)
		if err != nil {
			t.Fatalf("%s: %v", c.constraint, err)
		}
		var got []string
		for _, m := range quoted.FindAllStringSubmatch(def, -1) {
			got = append(got, m[1])
		}
		slices.Sort(got)
		want := slices.Sorted(slices.Values(c.want))
		if !slices.Equal(got, want) {
			t.Errorf("%s allows %q, Go names %q", c.constraint, got, want)
		}
	}
}

func strs[T ~string](vs []T) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = string(v)
	}
	return out
}
