package chread

import (
	"fmt"
	"strings"
	"text/template"
)

// ClickHouse queries whose text depends on their inputs are values: a
// struct per query with typed fields (workspace, kind, metric, cutoffs,
// scope, granularity) whose SQL method renders the text and its named
// parameters. The text is a template kept beside the code that runs it,
// so the whole statement reads in one place; a template places only
// identifiers from allow-lists (metric columns through Metric.Column,
// tables through Granularity.Table) and parameter names, and every value
// is bound as a named parameter (@name), never written into the text.

// SQLTemplate parses the template of a query's text; define holds the
// named parts it uses, as {{define "name"}}...{{end}} blocks.
func SQLTemplate(name, text string, define ...string) *template.Template {
	t := template.New(name).Option("missingkey=error")
	for _, d := range define {
		template.Must(t.Parse(d))
	}
	return template.Must(t.Parse(text))
}

// RenderSQL renders a query's text. The data is built from checked inputs,
// so a failure is a mistake in the template, which the rendered-SQL tests
// show.
func RenderSQL(t *template.Template, data any) string {
	var b strings.Builder
	if err := t.Execute(&b, data); err != nil {
		panic(fmt.Sprintf("chread: render %s: %v", t.Name(), err))
	}
	return b.String()
}
