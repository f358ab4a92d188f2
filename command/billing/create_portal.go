package billing

import (
	"context"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/command/activitylog"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/domain"
)

// CreatePortal opens the payment provider's customer portal.
type CreatePortal struct {
	WorkspaceID uuid.UUID
	UserID      uuid.UUID
}

// Validate checks the ids.
func (c CreatePortal) Validate() error {
	if c.WorkspaceID == uuid.Nil || c.UserID == uuid.Nil {
		return apperr.Unauthenticated("no workspace in session")
	}
	return nil
}

// PortalSession is the portal's URL.
type PortalSession struct {
	URL string
}

// CreatePortalHandler creates portal sessions for workspaces with a customer.
type CreatePortalHandler struct {
	DB        *pgxpool.Pool
	Provider  PaymentProvider // nil: billing is not configured
	ReturnURL string
}

// Handle answers 503 without a provider, 403 for members, 409 without a customer.
func (h CreatePortalHandler) Handle(ctx context.Context, cmd CreatePortal) (PortalSession, error) {
	w, err := readBillingWorkspace(ctx, h.DB, h.Provider, cmd, cmd.WorkspaceID, cmd.UserID)
	if err != nil {
		return PortalSession{}, err
	}
	if w.customerID == nil {
		return PortalSession{}, apperr.Conflict("the workspace has no billing account yet: subscribe first, POST /api/payment/create-checkout")
	}
	url, err := h.Provider.CreatePortal(ctx, *w.customerID, h.ReturnURL)
	if err != nil {
		return PortalSession{}, providerError(err)
	}
	if err := activitylog.Record(ctx, h.DB, activitylog.Entry{WorkspaceID: cmd.WorkspaceID, ActorID: cmd.UserID, Action: domain.ActionPortalOpened}); err != nil {
		return PortalSession{}, err
	}
	return PortalSession{URL: url}, nil
}
