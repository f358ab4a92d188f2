package reports

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
)

// Schedule is a report sent on a schedule.
type Schedule struct {
	ID        uuid.UUID  `json:"id"`
	Name      string     `json:"name"`
	Subject   Subject    `json:"subject"`
	SubjectID *uuid.UUID `json:"subjectId"`
	// SubjectName is the collection's or campaign's name; nil for an overview.
	SubjectName *string   `json:"subjectName"`
	Frequency   string    `json:"frequency"`
	Recipients  []string  `json:"recipients"`
	NextRunAt   time.Time `json:"nextRunAt"`
	// LastSentAt is the last scheduled send; nil before the first.
	LastSentAt *time.Time `json:"lastSentAt"`
	CreatedAt  time.Time  `json:"createdAt"`
}

// Schedules lists the workspace's scheduled reports, by name.
func (h Handler) Schedules(ctx context.Context, ws uuid.UUID) ([]Schedule, error) {
	rows, _ := h.DB.Query(ctx, `
		SELECT r.id, r.name, r.subject, r.subject_id, c.name, r.frequency, r.recipients, r.next_run_at, r.last_sent_at, r.created_at
		FROM report_schedules r
		LEFT JOIN collections c ON c.workspace_id = r.workspace_id AND c.id = r.subject_id
		WHERE r.workspace_id = $1
		ORDER BY lower(r.name), r.id`, ws)
	out := []Schedule{}
	var s Schedule
	_, err := pgx.ForEachRow(rows, []any{&s.ID, &s.Name, &s.Subject, &s.SubjectID, &s.SubjectName, &s.Frequency, &s.Recipients,
		&s.NextRunAt, &s.LastSentAt, &s.CreatedAt}, func() error {
		out = append(out, s)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("read reports: %w", err)
	}
	return out, nil
}
