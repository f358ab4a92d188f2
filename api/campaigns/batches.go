package campaigns

import (
	"context"
	"strings"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/api/httpx"
	"github.com/reeltrack/reeltrack/command/campaigns"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/domain"
	querycampaigns "github.com/reeltrack/reeltrack/query/campaigns"
)

type batchesIn struct {
	// CampaignID limits the batches to one campaign's lines; nil: every campaign's.
	CampaignID *uuid.UUID `json:"campaignId"`
}

func parseBatchesQuery(get func(string) string) (querycampaigns.BatchesQuery, error) {
	q := querycampaigns.BatchesQuery{Status: domain.Batch(get("status"))}
	var err error
	q.Creator, q.Limit, q.Offset, err = parseCreatorPage(get, querycampaigns.MaxBatchesPage)
	return q, err
}

// GetBatches answers a page of the workspace's payout batches.
func (s *Room) GetBatches(c *fiber.Ctx) error {
	q, err := httpx.Parsed(c, parseBatchesQuery, "status", "creatorId", "limit", "offset")
	if err != nil {
		return err
	}
	out, err := s.Campaigns.Batches(c.UserContext(), httpx.Membership(c).WorkspaceID, q)
	return httpx.Answer(c, out, err)
}

// PostBatches gathers the approved lines in no batch into batches, one per
// creator and currency.
func (s *Room) PostBatches(c *fiber.Ctx, in batchesIn) error {
	out, err := s.PayoutBatches.Make(c.UserContext(), campaigns.MakeBatches{WorkspaceID: httpx.Membership(c).WorkspaceID,
		ActorID: httpx.Session(c).UserID, CollectionID: in.CampaignID})
	return httpx.Answer(c, out, err)
}

// GetBatch answers a batch with its lines.
func (s *Room) GetBatch(c *fiber.Ctx, id uuid.UUID) error {
	if _, err := httpx.Params(c); err != nil {
		return err
	}
	out, err := s.Campaigns.Batch(c.UserContext(), httpx.Membership(c).WorkspaceID, id, nil)
	return httpx.Answer(c, out, err)
}

func (s *Room) closeBatch(c *fiber.Ctx, id uuid.UUID, paid bool) error {
	status, err := s.PayoutBatches.Close(c.UserContext(), campaigns.CloseBatch{WorkspaceID: httpx.Membership(c).WorkspaceID,
		ActorID: httpx.Session(c).UserID, BatchID: id, Paid: paid})
	return httpx.Answer(c, fiber.Map{"id": id, "status": status}, err)
}

// PostBatchPaid marks the batch paid, and so every line of it.
func (s *Room) PostBatchPaid(c *fiber.Ctx, id uuid.UUID) error { return s.closeBatch(c, id, true) }

// PostBatchCancel cancels the batch: its lines can go into another.
func (s *Room) PostBatchCancel(c *fiber.Ctx, id uuid.UUID) error { return s.closeBatch(c, id, false) }

// GetBatchesExport writes batches as a payroll tool's file.
func (s *Room) GetBatchesExport(c *fiber.Ctx) error {
	get, err := httpx.Params(c, "ids", "format")
	if err != nil {
		return err
	}
	var ids []uuid.UUID
	for _, raw := range strings.Split(get("ids"), ",") {
		if raw = strings.TrimSpace(raw); raw == "" {
			continue
		}
		id, err := uuid.Parse(raw)
		if err != nil {
			return apperr.Invalid("ids", "batch ids, separated by commas")
		}
		ids = append(ids, id)
	}
	if len(ids) > querycampaigns.MaxBatchesPage {
		return apperr.Invalid("ids", "at most 500 batches at once")
	}
	out, err := s.Campaigns.BatchesExport(c.UserContext(), httpx.Membership(c).WorkspaceID, ids, get("format"))
	if err != nil {
		return err
	}
	httpx.CSVAttachment(c, out.Filename)
	return c.Send(out.CSV)
}

// sendOrCheck sends the batch through PayPal, or reads it from PayPal, and
// answers the batch as it then is.
func (s *Room) sendOrCheck(c *fiber.Ctx, id uuid.UUID, do func(context.Context, campaigns.SendBatch) (domain.Batch, error)) error {
	ws := httpx.Membership(c).WorkspaceID
	if _, err := do(c.UserContext(), campaigns.SendBatch{WorkspaceID: ws, ActorID: httpx.Session(c).UserID, BatchID: id}); err != nil {
		return err
	}
	out, err := s.Campaigns.Batch(c.UserContext(), ws, id, nil)
	return httpx.Answer(c, out, err)
}

// PostBatchSend sends the batch through the workspace's PayPal app.
func (s *Room) PostBatchSend(c *fiber.Ctx, id uuid.UUID) error {
	return s.sendOrCheck(c, id, s.PayPal.Send)
}

// PostBatchCheck reads the batch's payout from PayPal now.
func (s *Room) PostBatchCheck(c *fiber.Ctx, id uuid.UUID) error {
	return s.sendOrCheck(c, id, s.PayPal.CheckBatch)
}

// GetPayPal answers the workspace's PayPal connection.
func (s *Room) GetPayPal(c *fiber.Ctx) error {
	if _, err := httpx.Params(c); err != nil {
		return err
	}
	out, err := s.Campaigns.PayPal(c.UserContext(), httpx.Membership(c).WorkspaceID)
	return httpx.Answer(c, out, err)
}

type payPalIn struct {
	ClientID string `json:"clientId"`
	Secret   string `json:"secret"`
	Sandbox  bool   `json:"sandbox"`
}

// PutPayPal connects the workspace's PayPal app, once PayPal takes its
// credentials.
func (s *Room) PutPayPal(c *fiber.Ctx, in payPalIn) error {
	ws := httpx.Membership(c).WorkspaceID
	if err := s.PayPal.Connect(c.UserContext(), campaigns.ConnectPayPal{WorkspaceID: ws, ActorID: httpx.Session(c).UserID,
		ClientID: in.ClientID, Secret: in.Secret, Sandbox: in.Sandbox}); err != nil {
		return err
	}
	out, err := s.Campaigns.PayPal(c.UserContext(), ws)
	return httpx.Answer(c, out, err)
}

// DeletePayPal disconnects the workspace's PayPal app.
func (s *Room) DeletePayPal(c *fiber.Ctx) error {
	if _, err := httpx.Params(c); err != nil {
		return err
	}
	return httpx.NoContent(c, s.PayPal.Disconnect(c.UserContext(), httpx.Membership(c).WorkspaceID, httpx.Session(c).UserID))
}
