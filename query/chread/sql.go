package chread

import (
	"fmt"
	"strings"
	"text/template"
)

// A ClickHouse query whose text depends on its inputs is a struct of typed
// fields whose SQL method renders the text from a template kept beside the
// code. A template places only identifiers from allow-lists (Metric.Column,
// Granularity.Table) and parameter names; every value is bound as @name.

// SQLTemplate parses the template of a query's text; define holds the
// named parts it uses, as {{define "name"}}...{{end}} blocks.
func SQLTemplate(name, text string, define ...string) *template.Template {
	t := template.New(name).Option("missingkey=error")
	for _, d := range define {
		template.Must(t.Parse(d))
	}
	return template.Must(t.Parse(text))
}

// RenderSQL renders a query's text; the data is checked, so a failure is a
// template mistake, which the rendered-SQL tests show.
func RenderSQL(t *template.Template, data any) string {
	var b strings.Builder
	if err := t.Execute(&b, data); err != nil {
		panic(fmt.Sprintf("chread: render %s: %v", t.Name(), err))
	}
	return b.String()
}
