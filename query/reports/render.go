package reports

import (
	"context"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/pdf"
	"github.com/reeltrack/reeltrack/query"
)

// Renderer builds a report and prints it.
type Renderer struct {
	Reports Handler
	Printer *pdf.Printer
}

// Render answers the report as a PDF; subject, id and window as Ask's.
func (r Renderer) Render(ctx context.Context, ws uuid.UUID, subject string, id *uuid.UUID, window string) (pdf.Document, error) {
	rep, err := r.Reports.Build(ctx, ws, Ask{Subject: Subject(subject), ID: id, Window: query.Preset(window)})
	if err != nil {
		return pdf.Document{}, err
	}
	html, err := rep.HTML()
	if err != nil {
		return pdf.Document{}, err
	}
	b, err := r.Printer.Print(ctx, html)
	if err != nil {
		return pdf.Document{}, err
	}
	doc := pdf.Document{Title: rep.Title(), Brand: "reeltrack", Credit: true, PDF: b}
	if rep.Branding != nil {
		doc.Brand, doc.Credit = rep.Branding.Name, !rep.Branding.WhiteLabel
	}
	return doc, nil
}
