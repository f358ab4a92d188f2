package team

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/command/input"
	"github.com/reeltrack/reeltrack/internal/apperr"
)

const maxLeadSource = 100

// CaptureLead stores an e-mail left on the marketing site.
type CaptureLead struct {
	Email  string
	Source string // optional: where the form was (e.g. "pricing")
}

// Validate normalizes the e-mail and bounds the source.
func (c *CaptureLead) Validate() error {
	var err error
	c.Email, err = input.NormalizeEmail("email", c.Email)
	problems := []error{err}
	c.Source = strings.TrimSpace(c.Source)
	if utf8.RuneCountInString(c.Source) > maxLeadSource {
		problems = append(problems, apperr.Invalid("source", fmt.Sprintf("must be at most %d characters", maxLeadSource)))
	}
	return errors.Join(problems...)
}

// CaptureLeadHandler stores each e-mail once; repeats succeed and change nothing.
type CaptureLeadHandler struct{ DB *pgxpool.Pool }

// Handle inserts the lead unless the e-mail is already stored.
func (h CaptureLeadHandler) Handle(ctx context.Context, cmd CaptureLead) error {
	if err := cmd.Validate(); err != nil {
		return err
	}
	_, err := h.DB.Exec(ctx, `INSERT INTO leads (id, email, source) VALUES ($1, $2, $3) ON CONFLICT (email) DO NOTHING`,
		uuid.New(), cmd.Email, cmd.Source)
	if err != nil {
		return fmt.Errorf("insert lead: %w", err)
	}
	return nil
}
