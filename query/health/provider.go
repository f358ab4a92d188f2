package health

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// ProviderHealth is the scraping provider's state, an instance fact: the
// pauses of starting runs after the provider refused them.
type ProviderHealth struct {
	// State is ok, refusing or not_configured.
	State  string            `json:"state"`
	Pauses []ProviderRefusal `json:"pauses"`
}

// ProviderRefusal is a pause of starting runs, in the provider's words with
// the token masked: every run's (actor "") or one actor's.
type ProviderRefusal struct {
	Actor  string `json:"actor"`
	Kind   string `json:"kind"`
	Reason string `json:"reason"`
	// Refusals is how many starts the provider refused in a row.
	Refusals int       `json:"refusals"`
	Since    time.Time `json:"since"`
	// RetryAfter is when the next start tries the provider again.
	RetryAfter time.Time `json:"retryAfter"`
}

// readPauses reads the pauses of the provider account ("": none configured).
func readPauses(ctx context.Context, db *pgxpool.Pool, account string) ([]ProviderRefusal, error) {
	out := []ProviderRefusal{}
	if account == "" {
		return out, nil
	}
	// the pause of every run first
	rows, _ := db.Query(ctx, `
		SELECT actor, kind, reason, failures, since, paused_until FROM provider_pauses WHERE account = $1 ORDER BY actor`, account)
	var p ProviderRefusal
	if _, err := pgx.ForEachRow(rows, []any{&p.Actor, &p.Kind, &p.Reason, &p.Refusals, &p.Since, &p.RetryAfter}, func() error {
		p.Since, p.RetryAfter = p.Since.UTC(), p.RetryAfter.UTC()
		out = append(out, p)
		return nil
	}); err != nil {
		return nil, fmt.Errorf("read provider pauses: %w", err)
	}
	return out, nil
}

func providerHealth(account string, pauses []ProviderRefusal) ProviderHealth {
	switch {
	case account == "":
		return ProviderHealth{State: ProviderNotConfigured, Pauses: pauses}
	case len(pauses) > 0:
		return ProviderHealth{State: ProviderRefusing, Pauses: pauses}
	}
	return ProviderHealth{State: ProviderOK, Pauses: pauses}
}
