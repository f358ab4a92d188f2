package query

import "github.com/reeltrack/reeltrack/internal/apperr"

// OnlyOne is the one item a read of one id found, or a 404 with notFound.
func OnlyOne[T any](list []T, err error, notFound string) (T, error) {
	return OneWhere(list, err, func(T) bool { return true }, notFound)
}

// OneWhere is the first item of list that match accepts, or a 404 with notFound.
func OneWhere[T any](list []T, err error, match func(T) bool, notFound string) (T, error) {
	var zero T
	if err != nil {
		return zero, err
	}
	for _, x := range list {
		if match(x) {
			return x, nil
		}
	}
	return zero, apperr.NotFound(notFound)
}

// OrEmpty is s, or an empty slice for nil: JSON writes it [], not null.
func OrEmpty[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}
