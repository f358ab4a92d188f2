package tenantaudit_test

import (
	"strings"
	"testing"

	"github.com/reeltrack/reeltrack/internal/tenantaudit"
)

const module = "github.com/reeltrack/reeltrack/"

func TestClassifyExceptsOnlyTheNamedJobs(t *testing.T) {
	tables := tenantaudit.Tables{tenantaudit.Postgres: pgTables}
	retry := `UPDATE scrape_jobs SET status = $1 WHERE status = $2`
	stmts := []*tenantaudit.Statement{
		// the refresh cron's retries span workspaces
		{Store: tenantaudit.Postgres, SQL: retry, Count: 3, Site: tenantaudit.Site{
			Func: module + "command/tracking.RefreshDueHandler.retryJobs", Where: "command/tracking/refresh_due.go:470",
			Chain: []string{module + "command/tracking.RefreshDueHandler.Handle"}}},
		// the same statement from a request's use case is a finding
		{Store: tenantaudit.Postgres, SQL: retry, Count: 1, Tests: []string{"TestSomething"}, Site: tenantaudit.Site{
			Func: module + "command/tracking.TrackHandler.Handle", Where: "command/tracking/track.go:10"}},
		// an exception for one problem covers no other
		{Store: tenantaudit.Postgres, SQL: `SELECT id FROM videos WHERE id = $1`, Count: 1, Site: tenantaudit.Site{
			Func: module + "command/tracking.CompleteScrapeHandler.Handle", Where: "command/tracking/complete_scrape.go:91"}},
		// the job's own starter names the workspace
		{Store: tenantaudit.Postgres, SQL: `SELECT paused_at FROM scrape_jobs WHERE id = $1`, Count: 2, Site: tenantaudit.Site{
			Func: module + "command/tracking.StartScrapeHandler.pauseFor", Where: "command/tracking/start_scrape.go:211"}},
		{Store: tenantaudit.Postgres, SQL: `SELECT id FROM videos WHERE workspace_id = $1`, Count: 9, Site: tenantaudit.Site{
			Func: module + "query/numbers.Videos", Where: "query/numbers/videos.go:1"}},
	}
	findings, excepted := tenantaudit.Classify(stmts, tables)
	if excepted != 3 || len(findings) != 3 {
		t.Fatalf("%d excepted, findings %+v; want 3 excepted, 3 findings", excepted, findings)
	}
	report := tenantaudit.Report(findings)
	for _, want := range []string{
		"3 statements over workspace tables do not constrain workspace_id",
		retry, "sent by command/tracking.TrackHandler.Handle (command/tracking/track.go:10)", "in TestSomething",
		"SELECT id FROM videos WHERE id = $1", "SELECT videos: no workspace_id",
	} {
		if !strings.Contains(report, want) {
			t.Errorf("the report does not say %q:\n%s", want, report)
		}
	}
}
