package mail

import (
	"fmt"
	htmltemplate "html/template"
	"strconv"
	"strings"
	texttemplate "text/template"
)

// Budget is what a campaign's budget alert tells.
type Budget struct {
	Campaign string
	// Percent is the threshold crossed: 80 or 100.
	Percent int
	// Committed and Budget are amounts written out in the campaign's
	// currency ("USD 812.50").
	Committed, Budget string
	DashboardURL      string
}

var budgetText = texttemplate.Must(texttemplate.New("text").Parse(`The campaign "{{.Campaign}}" has committed {{.Committed}} of its budget of {{.Budget}}: {{.Percent}} % or more.
{{if ge .Percent 100}}Lines that lock from now on are cut to what the budget leaves, which is nothing: raise the budget to keep paying.{{else}}Lines that lock once the budget is spent are cut to what it leaves.{{end}}

Campaign: {{.DashboardURL}}
`))

var budgetHTML = htmltemplate.Must(htmltemplate.New("html").Parse(`<!doctype html>
<html><body style="font-family: sans-serif">
<p>The campaign <strong>{{.Campaign}}</strong> has committed <strong>{{.Committed}}</strong> of its budget of {{.Budget}}: {{.Percent}} % or more.</p>
<p>{{if ge .Percent 100}}Lines that lock from now on are cut to what the budget leaves, which is nothing: raise the budget to keep paying.{{else}}Lines that lock once the budget is spent are cut to what it leaves.{{end}}</p>
<p><a href="{{.DashboardURL}}">Open the campaign</a></p>
</body></html>
`))

// BudgetMessage renders the e-mail of a campaign's budget alert.
func BudgetMessage(b Budget) (Message, error) {
	b.Committed, b.Budget = groupedAmount(b.Committed), groupedAmount(b.Budget)
	return render("budget", fmt.Sprintf("reeltrack budget alert: %s at %d %% of its budget", b.Campaign, b.Percent), budgetText, budgetHTML, b)
}

// groupedAmount turns "USD 4012.50" into "USD 4,012.50".
func groupedAmount(s string) string {
	head, num := "", s
	if i := strings.LastIndexByte(s, ' '); i >= 0 {
		head, num = s[:i+1], s[i+1:]
	}
	whole, frac, hasFrac := strings.Cut(num, ".")
	n, err := strconv.ParseInt(whole, 10, 64)
	if err != nil || n < 0 {
		return s
	}
	if hasFrac {
		frac = "." + frac
	}
	return head + grouped(n) + frac
}
