// Package reports keeps the scheduled white-label reports
// (docs/reports.md): a report of the workspace's overview, a collection or
// a campaign, sent weekly (the last 7 days, Mondays at 08:00 UTC) or
// monthly (the last 30 days, on the 1st at 08:00 UTC) as a PDF to chosen
// recipients through the mail outbox, and on demand.
package reports

import (
	"context"
	"errors"
	"fmt"
	"html"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/command/activitylog"
	"github.com/reeltrack/reeltrack/command/input"
	"github.com/reeltrack/reeltrack/command/outbox"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/authz"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/mail"
	"github.com/reeltrack/reeltrack/internal/pdf"
)

// Limits of the schedules.
const (
	MaxRecipients = 20
	MaxSchedules  = 50
	// maxPerRun bounds the reports one cron run renders.
	maxPerRun = 20
)

// The frequencies of a schedule, and the window each reports on.
const (
	Weekly  = "weekly"
	Monthly = "monthly"
)

// Window is the dashboard's window a frequency reports on.
func Window(frequency string) string {
	if frequency == Monthly {
		return "30d"
	}
	return "7d"
}

// NextRun is when a schedule of the frequency is next due after now:
// Mondays at 08:00 UTC, or the 1st of the month at 08:00 UTC.
func NextRun(frequency string, now time.Time) time.Time {
	now = now.UTC()
	if frequency == Monthly {
		first := time.Date(now.Year(), now.Month(), 1, 8, 0, 0, 0, time.UTC)
		if !first.After(now) {
			first = first.AddDate(0, 1, 0)
		}
		return first
	}
	day := time.Date(now.Year(), now.Month(), now.Day(), 8, 0, 0, 0, time.UTC)
	day = day.AddDate(0, 0, (int(time.Monday)-int(day.Weekday())+7)%7)
	if !day.After(now) {
		day = day.AddDate(0, 0, 7)
	}
	return day
}

// Renderer prints a report (query/reports.Renderer).
type Renderer interface {
	Render(ctx context.Context, ws uuid.UUID, subject string, id *uuid.UUID, window string) (pdf.Document, error)
}

// Handler keeps the schedules and sends the reports.
type Handler struct {
	DB     *pgxpool.Pool
	Render Renderer
	Outbox outbox.Outbox
	Now    func() time.Time
}

// Save is a new schedule.
type Save struct {
	WorkspaceID, ActorID uuid.UUID
	Name                 string
	Subject              string
	SubjectID            *uuid.UUID
	Frequency            string
	Recipients           []string
}

// Validate normalizes and checks the schedule.
func (s *Save) Validate() error {
	var errs []error
	var err error
	if s.Name, err = input.CheckName(s.Name, 80); err != nil {
		errs = append(errs, err)
	}
	switch s.Subject {
	case "overview":
		if s.SubjectID != nil {
			errs = append(errs, apperr.Invalid("subjectId", "an overview report is of the whole workspace: leave it out"))
		}
	case "collection", "campaign":
		if s.SubjectID == nil {
			errs = append(errs, apperr.Invalid("subjectId", "the "+s.Subject+"'s id"))
		}
	default:
		errs = append(errs, apperr.Invalid("subject", `"overview", "collection" or "campaign"`))
	}
	if s.Frequency != Weekly && s.Frequency != Monthly {
		errs = append(errs, apperr.Invalid("frequency", `"weekly" or "monthly"`))
	}
	switch {
	case len(s.Recipients) == 0:
		errs = append(errs, apperr.Invalid("recipients", "at least one e-mail address"))
	case len(s.Recipients) > MaxRecipients:
		errs = append(errs, apperr.Invalid("recipients", fmt.Sprintf("at most %d addresses", MaxRecipients)))
	}
	seen := map[string]bool{}
	var to []string
	for _, r := range s.Recipients {
		addr, err := input.NormalizeEmail("recipients", r)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if !seen[addr] {
			seen[addr] = true
			to = append(to, addr)
		}
	}
	s.Recipients = to
	return errors.Join(errs...)
}

// Save records a schedule (owners and admins): 404 for a collection or
// campaign of another workspace, 409 beyond MaxSchedules. Logged (report_saved).
func (h Handler) Save(ctx context.Context, s Save) (uuid.UUID, error) {
	if err := s.Validate(); err != nil {
		return uuid.Nil, err
	}
	id := uuid.New()
	err := pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		if err := authz.LockTeam(ctx, tx, s.WorkspaceID, s.ActorID, "schedule reports"); err != nil {
			return err
		}
		if s.SubjectID != nil {
			table := "collections"
			sql := `SELECT EXISTS (SELECT 1 FROM collections WHERE workspace_id = $1 AND id = $2 AND deleted_at IS NULL)`
			if s.Subject == "campaign" {
				table = "campaigns"
				sql = `SELECT EXISTS (SELECT 1 FROM campaigns WHERE workspace_id = $1 AND collection_id = $2)`
			}
			var ok bool
			if err := tx.QueryRow(ctx, sql, s.WorkspaceID, *s.SubjectID).Scan(&ok); err != nil {
				return fmt.Errorf("read %s: %w", table, err)
			}
			if !ok {
				return apperr.NotFound(s.Subject + " not found")
			}
		}
		var n int
		if err := tx.QueryRow(ctx, `SELECT count(*) FROM report_schedules WHERE workspace_id = $1`, s.WorkspaceID).Scan(&n); err != nil {
			return fmt.Errorf("count reports: %w", err)
		}
		if n >= MaxSchedules {
			return apperr.Conflict(fmt.Sprintf("a workspace schedules at most %d reports", MaxSchedules))
		}
		if _, err := tx.Exec(ctx, `
			INSERT INTO report_schedules (id, workspace_id, name, subject, subject_id, frequency, recipients, next_run_at, created_by)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
			id, s.WorkspaceID, s.Name, s.Subject, s.SubjectID, s.Frequency, s.Recipients, NextRun(s.Frequency, h.Now()), s.ActorID); err != nil {
			return fmt.Errorf("insert report: %w", err)
		}
		return activitylog.Record(ctx, tx, activitylog.Entry{WorkspaceID: s.WorkspaceID, ActorID: s.ActorID, Action: domain.ActionReportSaved,
			Target: s.Name, Details: map[string]any{"subject": s.Subject, "frequency": s.Frequency, "recipients": len(s.Recipients)}})
	})
	return id, err
}

// Delete removes a schedule (owners and admins): 404 for another
// workspace's. Logged (report_deleted).
func (h Handler) Delete(ctx context.Context, ws, actor, id uuid.UUID) error {
	return pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		if err := authz.LockTeam(ctx, tx, ws, actor, "delete reports"); err != nil {
			return err
		}
		var name string
		err := tx.QueryRow(ctx, `DELETE FROM report_schedules WHERE workspace_id = $1 AND id = $2 RETURNING name`, ws, id).Scan(&name)
		if errors.Is(err, pgx.ErrNoRows) {
			return apperr.NotFound("report not found")
		}
		if err != nil {
			return fmt.Errorf("delete report: %w", err)
		}
		return activitylog.Record(ctx, tx, activitylog.Entry{WorkspaceID: ws, ActorID: actor, Action: domain.ActionReportDeleted, Target: name})
	})
}

type schedule struct {
	id, workspace uuid.UUID
	name, subject string
	subjectID     *uuid.UUID
	frequency     string
	recipients    []string
}

const scheduleColumns = `id, workspace_id, name, subject, subject_id, frequency, recipients`

func scan(row pgx.Row) (schedule, error) {
	var s schedule
	err := row.Scan(&s.id, &s.workspace, &s.name, &s.subject, &s.subjectID, &s.frequency, &s.recipients)
	return s, err
}

// SendNow renders the schedule's report and queues it to its recipients
// at once (owners and admins), leaving its next run as it is: 404 for
// another workspace's. Logged (report_sent). It answers the e-mails queued.
func (h Handler) SendNow(ctx context.Context, ws, actor, id uuid.UUID) (int, error) {
	if err := authz.RequireManager(ctx, h.DB, ws, actor, "send reports"); err != nil {
		return 0, err
	}
	s, err := scan(h.DB.QueryRow(ctx, `SELECT `+scheduleColumns+` FROM report_schedules WHERE workspace_id = $1 AND id = $2`, ws, id))
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, apperr.NotFound("report not found")
	}
	if err != nil {
		return 0, fmt.Errorf("read report: %w", err)
	}
	doc, err := h.Render.Render(ctx, ws, s.subject, s.subjectID, Window(s.frequency))
	if err != nil {
		return 0, err
	}
	var ids []uuid.UUID
	err = pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		var err error
		if ids, err = queue(ctx, tx, s, doc, h.Now()); err != nil {
			return err
		}
		return activitylog.Record(ctx, tx, activitylog.Entry{WorkspaceID: ws, ActorID: actor, Action: domain.ActionReportSent,
			Target: s.name, Details: map[string]any{"recipients": len(ids), "by": "hand"}})
	})
	if err != nil {
		return 0, err
	}
	for _, id := range ids {
		h.Outbox.SendSoon(id)
	}
	return len(ids), nil
}

// SendDue renders every due schedule's report, queues it to its
// recipients and moves the schedule to its next run, one schedule a
// transaction; a report that cannot be rendered is tried again at the
// next run of the cron. It answers the reports sent.
func (h Handler) SendDue(ctx context.Context) (int, error) {
	sent := 0
	var errs []error
	tried := map[uuid.UUID]bool{}
	for range maxPerRun {
		done, err := h.sendOneDue(ctx, tried)
		if err != nil {
			errs = append(errs, err)
		}
		if !done {
			break
		}
		if err == nil {
			sent++
		}
	}
	return sent, errors.Join(errs...)
}

// sendOneDue sends the oldest due schedule not tried in this run; done is
// false when none is left.
func (h Handler) sendOneDue(ctx context.Context, tried map[uuid.UUID]bool) (done bool, err error) {
	err = pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		skip := make([]uuid.UUID, 0, len(tried))
		for id := range tried {
			skip = append(skip, id)
		}
		s, err := scan(tx.QueryRow(ctx, `SELECT `+scheduleColumns+` FROM report_schedules
			WHERE next_run_at <= $1 AND NOT (id = ANY($2))
			ORDER BY next_run_at, id LIMIT 1 FOR UPDATE SKIP LOCKED`, h.Now(), skip))
		if errors.Is(err, pgx.ErrNoRows) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("read due reports: %w", err)
		}
		done = true
		tried[s.id] = true
		doc, err := h.Render.Render(ctx, s.workspace, s.subject, s.subjectID, Window(s.frequency))
		if apperr.KindOf(err) == apperr.KindNotFound {
			// its collection or campaign is gone: the schedule goes too
			if _, err := tx.Exec(ctx, `DELETE FROM report_schedules WHERE workspace_id = $1 AND id = $2`, s.workspace, s.id); err != nil {
				return fmt.Errorf("drop report: %w", err)
			}
			return activitylog.Record(ctx, tx, activitylog.Entry{WorkspaceID: s.workspace, Action: domain.ActionReportDeleted, Target: s.name,
				Details: map[string]any{"reason": "its " + s.subject + " was deleted"}})
		}
		if err != nil {
			return fmt.Errorf("render report %s: %w", s.id, err)
		}
		ids, err := queue(ctx, tx, s, doc, h.Now())
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE report_schedules SET next_run_at = $3, last_sent_at = $4 WHERE workspace_id = $1 AND id = $2`,
			s.workspace, s.id, NextRun(s.frequency, h.Now()), h.Now()); err != nil {
			return fmt.Errorf("move report: %w", err)
		}
		return activitylog.Record(ctx, tx, activitylog.Entry{WorkspaceID: s.workspace, Action: domain.ActionReportSent, Target: s.name,
			Details: map[string]any{"recipients": len(ids), "by": "schedule"}})
	})
	return done, err
}

// queue adds one e-mail per recipient with the PDF attached.
func queue(ctx context.Context, tx pgx.Tx, s schedule, doc pdf.Document, now time.Time) ([]uuid.UUID, error) {
	period := "week"
	if s.frequency == Monthly {
		period = "30 days"
	}
	file := FileName(doc.Title, now)
	text := fmt.Sprintf("Hello,\n\nattached is %s: %s, over the last %s.\n\n%s\n", s.name, doc.Title, period, doc.Brand)
	body := fmt.Sprintf("<p>Hello,</p><p>attached is <strong>%s</strong>: %s, over the last %s.</p><p>%s</p>",
		html.EscapeString(s.name), html.EscapeString(doc.Title), period, html.EscapeString(doc.Brand))
	if doc.Credit {
		text += "Sent with reeltrack.\n"
		body += "<p style=\"color:#888\">Sent with reeltrack.</p>"
	}
	ws := s.workspace
	var ids []uuid.UUID
	for _, to := range s.recipients {
		id, err := outbox.Queue(ctx, tx, domain.MailReport, &ws, to, mail.Message{
			Subject:    s.name + " · " + now.UTC().Format("2 Jan 2006"),
			Text:       text,
			HTML:       body,
			Attachment: &mail.Attachment{Name: file, ContentType: "application/pdf", Data: doc.PDF},
		})
		if err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, nil
}

// FileName is a report's PDF's name, sent or downloaded: the title's
// letters and digits, and the day.
func FileName(title string, now time.Time) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(title) {
		ok := (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9')
		switch {
		case ok:
			b.WriteRune(r)
			dash = false
		case !dash && b.Len() > 0:
			b.WriteByte('-')
			dash = true
		}
	}
	name := strings.TrimSuffix(b.String(), "-")
	if name == "" {
		name = "report"
	}
	if len(name) > 80 {
		name = name[:80]
	}
	return name + "-" + now.UTC().Format("2006-01-02") + ".pdf"
}
