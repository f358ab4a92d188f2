package team

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// ProviderPause is a pause of starting runs the scraping provider refused.
type ProviderPause struct {
	Actor  string // "" for every run
	Kind   string // credentials, credit or actor
	Reason string
	Until  time.Time // the next start tries the provider again after this
}

// ProviderStatusHandler reads the pauses recorded for a provider account.
type ProviderStatusHandler struct{ DB *pgxpool.Pool }

// Handle returns the account's pauses, expired ones too: one lasts until a start succeeds.
func (h ProviderStatusHandler) Handle(ctx context.Context, account string) ([]ProviderPause, error) {
	rows, _ := h.DB.Query(ctx, `
		SELECT actor, kind, reason, paused_until FROM provider_pauses WHERE account = $1 ORDER BY actor`, account)
	var out []ProviderPause
	var p ProviderPause
	if _, err := pgx.ForEachRow(rows, []any{&p.Actor, &p.Kind, &p.Reason, &p.Until}, func() error {
		out = append(out, p)
		return nil
	}); err != nil {
		return nil, fmt.Errorf("read provider pauses: %w", err)
	}
	return out, nil
}
