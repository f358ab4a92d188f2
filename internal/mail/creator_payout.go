package mail

import (
	"fmt"
	htmltemplate "html/template"
	texttemplate "text/template"
)

// CreatorPayout is what an e-mail to a creator about a payment sent through
// PayPal that did not arrive tells: unclaimed (waiting for the creator to
// claim it), failed or returned.
type CreatorPayout struct {
	// Outcome is unclaimed, failed or returned.
	Outcome string
	// Amount is the payment written out ("USD 812.50"); PayeeEmail the
	// address it was sent to.
	Amount     string
	PayeeEmail string
	// Reason is PayPal's words for it, when it gave some.
	Reason    string
	PortalURL string
}

var creatorPayoutText = texttemplate.Must(texttemplate.New("text").Parse(`{{if eq .Outcome "unclaimed"}}{{.Amount}} was sent to you through PayPal, to {{.PayeeEmail}}, and waits for you to claim it: sign in to PayPal (or open an account) with that address. PayPal returns a payment not claimed within 30 days.
{{else if eq .Outcome "failed"}}The payment of {{.Amount}} sent to you through PayPal, to {{.PayeeEmail}}, failed: PayPal did not pay it.
{{else}}The payment of {{.Amount}} sent to you through PayPal, to {{.PayeeEmail}}, was returned.
{{end}}{{if .Reason}}PayPal says: {{.Reason}}.
{{end}}{{if ne .Outcome "unclaimed"}}Your posts stay approved and are paid again in a later payout: check how you are paid in your portal.
{{end}}
Your portal: {{.PortalURL}}
`))

var creatorPayoutHTML = htmltemplate.Must(htmltemplate.New("html").Parse(`<!doctype html>
<html><body style="font-family: sans-serif">
{{if eq .Outcome "unclaimed"}}<p><strong>{{.Amount}}</strong> was sent to you through PayPal, to {{.PayeeEmail}}, and waits for you to claim it: sign in to PayPal (or open an account) with that address. PayPal returns a payment not claimed within 30 days.</p>
{{else if eq .Outcome "failed"}}<p>The payment of <strong>{{.Amount}}</strong> sent to you through PayPal, to {{.PayeeEmail}}, failed: PayPal did not pay it.</p>
{{else}}<p>The payment of <strong>{{.Amount}}</strong> sent to you through PayPal, to {{.PayeeEmail}}, was returned.</p>
{{end}}{{if .Reason}}<p>PayPal says: {{.Reason}}.</p>
{{end}}{{if ne .Outcome "unclaimed"}}<p>Your posts stay approved and are paid again in a later payout: check how you are paid in your portal.</p>
{{end}}<p><a href="{{.PortalURL}}">Open your portal</a></p>
</body></html>
`))

// CreatorPayoutMessage renders the e-mail to a creator about a payment.
func CreatorPayoutMessage(c CreatorPayout) (Message, error) {
	c.Amount = groupedAmount(c.Amount)
	subject := fmt.Sprintf("reeltrack: claim your payment of %s on PayPal", c.Amount)
	switch c.Outcome {
	case "failed":
		subject = fmt.Sprintf("reeltrack: your payment of %s failed", c.Amount)
	case "returned":
		subject = fmt.Sprintf("reeltrack: your payment of %s was returned", c.Amount)
	}
	return render("creator", subject, creatorPayoutText, creatorPayoutHTML, c)
}
