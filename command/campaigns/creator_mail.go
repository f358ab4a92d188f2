package campaigns

import (
	"context"
	"fmt"
	"strings"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/reeltrack/reeltrack/command/outbox"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/mail"
	"github.com/reeltrack/reeltrack/internal/payout"
)

// creatorSum is a creator's lines of one settle run or one payment.
type creatorSum struct {
	lines, held int
	amount      int64
}

// creatorSums adds a line of creator (nil: not a creator's) to sums.
func creatorSums(sums map[uuid.UUID]*creatorSum, creator *uuid.UUID, amount int64, held bool) {
	if creator == nil {
		return
	}
	s := sums[*creator]
	if s == nil {
		s = &creatorSum{}
		sums[*creator] = s
	}
	s.lines++
	s.amount += amount
	if held {
		s.held++
	}
}

// queueCreatorMails e-mails each creator of sums that signs in (a verified
// creator's login, docs/creators.md) what its lines of the campaign did:
// locked, or marked paid. Queued in the transaction of the change.
func queueCreatorMails(ctx context.Context, tx pgx.Tx, ws uuid.UUID, campaign, currency string, digits int, paid bool,
	sums map[uuid.UUID]*creatorSum, baseURL string) error {
	if len(sums) == 0 {
		return nil
	}
	ids := make([]uuid.UUID, 0, len(sums))
	for id := range sums {
		ids = append(ids, id)
	}
	rows, _ := tx.Query(ctx, `
		SELECT m.creator_id, u.email FROM workspace_members m JOIN users u ON u.id = m.user_id
		WHERE m.workspace_id = $1 AND m.creator_id = ANY($2) AND u.email_verified_at IS NOT NULL`, ws, ids)
	type login struct {
		creator uuid.UUID
		email   string
	}
	logins, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (login, error) {
		var l login
		return l, r.Scan(&l.creator, &l.email)
	})
	if err != nil {
		return fmt.Errorf("read creators' logins: %w", err)
	}
	for _, l := range logins {
		s := sums[l.creator]
		m, err := mail.CreatorLinesMessage(mail.CreatorLines{Campaign: campaign, Paid: paid, Lines: s.lines, Held: s.held,
			Amount: currency + " " + payout.Decimal(payout.Money(s.amount), digits), PortalURL: strings.TrimRight(baseURL, "/") + "/"})
		if err != nil {
			return err
		}
		if _, err := outbox.Queue(ctx, tx, domain.MailCreator, &ws, l.email, m); err != nil {
			return err
		}
	}
	return nil
}
