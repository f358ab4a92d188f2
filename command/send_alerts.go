package command

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	htmltemplate "html/template"
	"log/slog"
	"strconv"
	"strings"
	texttemplate "text/template"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/internal/plan"
	"github.com/reeltrack/reeltrack/query"
)

// OutgoingMail is one e-mail of the outbox.
type OutgoingMail struct {
	// ID is the outbox row's id: a resend carries the same one, so it can
	// serve as the Message-ID.
	ID      uuid.UUID
	To      string
	Subject string
	Text    string
	HTML    string
}

// ErrMailRejected wraps a send error that retrying cannot fix (a refused
// recipient or message): the e-mail is marked failed at once.
var ErrMailRejected = errors.New("e-mail rejected")

// MailSender delivers one e-mail.
type MailSender interface {
	SendMail(ctx context.Context, m OutgoingMail) error
}

// AlertRun is what one /cron/alerts call did.
type AlertRun struct {
	// Scanned counts the videos some enabled rule covers.
	Scanned int `json:"scanned"`
	// Matched counts (rule, video) pairs that meet their rule.
	Matched int `json:"matched"`
	// Alerted counts the matches recorded as new alerts: outside their
	// rule's cooldown.
	Alerted      int `json:"alerted"`
	EmailsSent   int `json:"emailsSent"`
	EmailsFailed int `json:"emailsFailed"`
}

// Outbox delivery limits.
const (
	maxMailAttempts  = 8
	maxMailsPerRun   = 1000
	firstMailBackoff = time.Minute
	maxMailBackoff   = 6 * time.Hour
)

// SendAlertsHandler runs the spike scan, records new alerts with their
// e-mails, then delivers the outbox.
type SendAlertsHandler struct {
	DB           *pgxpool.Pool
	Spikes       query.SpikesHandler
	Mail         MailSender
	DashboardURL string
	Log          *slog.Logger
	Now          func() time.Time
}

// Handle runs one scan and one delivery round.
func (h SendAlertsHandler) Handle(ctx context.Context) (AlertRun, error) {
	var run AlertRun
	rules, err := h.enabledRules(ctx)
	if err != nil {
		return run, err
	}
	scan, err := h.Spikes.Scan(ctx, rules)
	if err != nil {
		return run, err
	}
	run.Scanned, run.Matched = scan.Videos, len(scan.Spikes)
	byRule := map[uuid.UUID][]query.Spike{}
	for _, s := range scan.Spikes {
		byRule[s.RuleID] = append(byRule[s.RuleID], s)
	}
	for _, r := range rules {
		if len(byRule[r.ID]) == 0 {
			continue
		}
		n, err := h.record(ctx, r, byRule[r.ID])
		if err != nil {
			return run, err
		}
		run.Alerted += n
	}
	run.EmailsSent, run.EmailsFailed, err = h.deliver(ctx)
	return run, err
}

// enabledRules reads the enabled rules of the workspaces that have access.
func (h SendAlertsHandler) enabledRules(ctx context.Context) ([]query.SpikeRule, error) {
	rows, err := h.DB.Query(ctx, `
SELECT r.id, r.workspace_id, r.collection_id, r.platform, r.metric, r.condition, r.threshold, r.window_hours,
       r.min_start_value, r.cooldown_hours, w.plan, w.has_access, w.trial_ends_at, w.grace_ends_at
FROM alert_rules r JOIN workspaces w ON w.id = r.workspace_id
WHERE r.enabled
ORDER BY r.workspace_id, r.id`)
	if err != nil {
		return nil, fmt.Errorf("read alert rules: %w", err)
	}
	defer rows.Close()
	var out []query.SpikeRule
	now := h.Now()
	for rows.Next() {
		var r query.SpikeRule
		var metric, planName string
		var access bool
		var trialEnds, graceEnds *time.Time
		if err := rows.Scan(&r.ID, &r.WorkspaceID, &r.CollectionID, &r.Platform, &metric, &r.Condition, &r.Threshold, &r.WindowHours,
			&r.MinStartValue, &r.CooldownHours, &planName, &access, &trialEnds, &graceEnds); err != nil {
			return nil, fmt.Errorf("read alert rules: %w", err)
		}
		r.Metric = query.Metric(metric)
		if plan.HasAccess(plan.Name(planName), access, trialEnds, graceEnds, now) {
			out = append(out, r)
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read alert rules: %w", err)
	}
	return out, nil
}

// alertedVideo is a video of an alert e-mail.
type alertedVideo struct {
	query.Spike
	URL, Platform, Handle, Caption string
	// Growth ("+12.5 %") and Versus ("4.2× the median ...") are the
	// e-mail's words for the spike's GrowthPct and Baseline, when set.
	Growth, Versus string
}

// record stores the rule's new alerts (those outside its cooldown) and one
// e-mail per recipient, in one transaction under a lock on the rule, so
// concurrent or repeated scans record each alert once. It returns how many
// alerts were new.
func (h SendAlertsHandler) record(ctx context.Context, r query.SpikeRule, spikes []query.Spike) (int, error) {
	var fresh []alertedVideo
	err := pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		fresh = nil
		var name string
		var recipients []string
		err := tx.QueryRow(ctx, `SELECT name, recipients FROM alert_rules WHERE id = $1 AND enabled FOR UPDATE`, r.ID).Scan(&name, &recipients)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil // disabled or deleted since the scan started
		}
		if err != nil {
			return fmt.Errorf("lock alert rule: %w", err)
		}
		now := h.Now().UTC()
		// the videos' details and whether each is still in the cooldown,
		// in one query
		ids := make([]uuid.UUID, len(spikes))
		for i, s := range spikes {
			ids[i] = s.VideoID
		}
		rows, err := tx.Query(ctx, `
SELECT v.id, v.url, v.platform, v.account_handle, v.caption,
       EXISTS (SELECT 1 FROM alert_events e WHERE e.rule_id = $2 AND e.video_id = v.id AND e.triggered_at > $3)
FROM videos v WHERE v.workspace_id = $1 AND v.id = ANY($4)`,
			r.WorkspaceID, r.ID, now.Add(-time.Duration(r.CooldownHours)*time.Hour), ids)
		if err != nil {
			return fmt.Errorf("read alerted videos: %w", err)
		}
		details := map[uuid.UUID]alertedVideo{}
		for rows.Next() {
			var id uuid.UUID
			var v alertedVideo
			var cooling bool
			if err := rows.Scan(&id, &v.URL, &v.Platform, &v.Handle, &v.Caption, &cooling); err != nil {
				rows.Close()
				return fmt.Errorf("read alerted videos: %w", err)
			}
			if !cooling {
				details[id] = v
			}
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return fmt.Errorf("read alerted videos: %w", err)
		}
		var events [][]any
		for _, s := range spikes {
			v, ok := details[s.VideoID]
			if !ok {
				continue
			}
			v.Spike = s
			fresh = append(fresh, v)
			events = append(events, []any{uuid.New(), r.WorkspaceID, r.ID, s.VideoID, now, string(r.Metric), s.WindowStart, s.WindowEnd,
				s.StartValue, s.EndValue, s.Gain, s.GrowthPct, s.Baseline})
		}
		if len(fresh) == 0 {
			return nil
		}
		if _, err := tx.CopyFrom(ctx, pgx.Identifier{"alert_events"}, []string{"id", "workspace_id", "rule_id", "video_id", "triggered_at",
			"metric", "window_start", "window_end", "start_value", "end_value", "gain", "growth_pct", "baseline"}, pgx.CopyFromRows(events)); err != nil {
			return fmt.Errorf("record alerts: %w", err)
		}
		if len(recipients) == 0 {
			rows, err := tx.Query(ctx, `SELECT u.email FROM workspace_members m JOIN users u ON u.id = m.user_id WHERE m.workspace_id = $1 ORDER BY u.email`, r.WorkspaceID)
			if err != nil {
				return fmt.Errorf("read members: %w", err)
			}
			if recipients, err = pgx.CollectRows(rows, pgx.RowTo[string]); err != nil {
				return fmt.Errorf("read members: %w", err)
			}
		}
		subject, text, html, err := h.render(name, r, fresh)
		if err != nil {
			return err
		}
		mails := make([][]any, len(recipients))
		for i, to := range recipients {
			mails[i] = []any{uuid.New(), r.WorkspaceID, r.ID, to, subject, text, html, now}
		}
		if _, err := tx.CopyFrom(ctx, pgx.Identifier{"mail_outbox"}, []string{"id", "workspace_id", "rule_id", "recipient", "subject",
			"text_body", "html_body", "next_attempt_at"}, pgx.CopyFromRows(mails)); err != nil {
			return fmt.Errorf("queue alert e-mails: %w", err)
		}
		return nil
	})
	return len(fresh), err
}

var alertText = texttemplate.Must(texttemplate.New("text").Parse(`Your alert "{{.Rule}}" fired for {{len .Videos}} video{{if ne (len .Videos) 1}}s{{end}}:
{{range .Videos}}
- {{.Platform}} @{{.Handle}}: +{{.Gain}} {{$.Metric}} in {{$.Window}}h ({{.StartValue}} → {{.EndValue}}{{with .Growth}}, {{.}}{{end}}){{with .Versus}}, {{.}}{{end}}
  {{.URL}}
{{end}}
Dashboard: {{.Dashboard}}
`))

var alertHTML = htmltemplate.Must(htmltemplate.New("html").Parse(`<!doctype html>
<html><body style="font-family: sans-serif">
<p>Your alert <strong>{{.Rule}}</strong> fired for {{len .Videos}} video{{if ne (len .Videos) 1}}s{{end}}:</p>
<table cellpadding="6" style="border-collapse: collapse">
<tr><th align="left">Video</th><th align="right">Gained</th><th align="right">From</th><th align="right">To</th></tr>
{{range .Videos}}<tr>
<td><a href="{{.URL}}">{{.Platform}} @{{.Handle}}</a><br><small>{{.Caption}}</small></td>
<td align="right">+{{.Gain}} {{$.Metric}}{{with .Growth}} ({{.}}){{end}}{{with .Versus}}<br><small>{{.}}</small>{{end}}</td>
<td align="right">{{.StartValue}}</td><td align="right">{{.EndValue}}</td>
</tr>{{end}}
</table>
<p>Window: {{.Window}} hours. <a href="{{.Dashboard}}">Open the dashboard</a></p>
</body></html>
`))

func (h SendAlertsHandler) render(name string, r query.SpikeRule, videos []alertedVideo) (subject, text, html string, err error) {
	for i := range videos {
		v := &videos[i]
		if len(v.Caption) > 140 {
			v.Caption = strings.ToValidUTF8(v.Caption[:140], "") + "…"
		}
		if v.GrowthPct != nil {
			v.Growth = fmt.Sprintf("+%.1f %%", *v.GrowthPct)
		}
		if v.Baseline != nil && *v.Baseline > 0 {
			v.Versus = fmt.Sprintf("%.1f× the median of the account's other videos at that age (+%s)",
				float64(v.Gain) / *v.Baseline, strconv.FormatFloat(*v.Baseline, 'f', -1, 64))
		}
	}
	data := map[string]any{"Rule": name, "Videos": videos, "Metric": string(r.Metric), "Window": r.WindowHours, "Dashboard": h.DashboardURL}
	var t, hb bytes.Buffer
	if err := alertText.Execute(&t, data); err != nil {
		return "", "", "", fmt.Errorf("render alert e-mail: %w", err)
	}
	if err := alertHTML.Execute(&hb, data); err != nil {
		return "", "", "", fmt.Errorf("render alert e-mail: %w", err)
	}
	subject = fmt.Sprintf("reeltrack alert: %s (%d video", name, len(videos))
	if len(videos) != 1 {
		subject += "s"
	}
	return subject + ")", t.String(), hb.String(), nil
}

// deliver sends the due e-mails of the outbox, one row claimed at a time
// (SKIP LOCKED, so concurrent runs share the work). A failed send is
// retried on later runs with doubling back-off, up to maxMailAttempts.
func (h SendAlertsHandler) deliver(ctx context.Context) (sent, failed int, err error) {
	for range maxMailsPerRun {
		done, ok, err := h.deliverOne(ctx)
		if err != nil {
			return sent, failed, err
		}
		if !done {
			return sent, failed, nil
		}
		if ok {
			sent++
		} else {
			failed++
		}
	}
	return sent, failed, nil
}

func (h SendAlertsHandler) deliverOne(ctx context.Context) (done, ok bool, err error) {
	err = pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		var m OutgoingMail
		var attempts int
		err := tx.QueryRow(ctx, `
SELECT id, recipient, subject, text_body, html_body, attempts FROM mail_outbox
WHERE status = 'pending' AND next_attempt_at <= $1
ORDER BY next_attempt_at, id
LIMIT 1 FOR UPDATE SKIP LOCKED`, h.Now()).Scan(&m.ID, &m.To, &m.Subject, &m.Text, &m.HTML, &attempts)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("read outbox: %w", err)
		}
		done = true
		sendErr := h.Mail.SendMail(ctx, m)
		if sendErr == nil {
			ok = true
			_, err = tx.Exec(ctx, `UPDATE mail_outbox SET status = 'sent', sent_at = $2, attempts = attempts + 1, last_error = '' WHERE id = $1`, m.ID, h.Now())
			return err
		}
		attempts++
		status := "pending"
		if attempts >= maxMailAttempts || errors.Is(sendErr, ErrMailRejected) {
			status = "failed"
		}
		backoff := min(firstMailBackoff<<(attempts-1), maxMailBackoff)
		if h.Log != nil {
			h.Log.WarnContext(ctx, "alert e-mail not sent", "outboxId", m.ID, "attempts", attempts, "error", sendErr)
		}
		msg := sendErr.Error()
		if len(msg) > 500 {
			msg = msg[:500]
		}
		_, err = tx.Exec(ctx, `UPDATE mail_outbox SET status = $2, attempts = $3, next_attempt_at = $4, last_error = $5 WHERE id = $1`,
			m.ID, status, attempts, h.Now().Add(backoff), strings.ToValidUTF8(msg, ""))
		return err
	})
	if err != nil {
		return false, false, fmt.Errorf("deliver alert e-mail: %w", err)
	}
	return done, ok, nil
}
