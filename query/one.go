package query

import "github.com/reeltrack/reeltrack/internal/apperr"

// OnlyOne is the one item a read of one id found, or a 404 with notFound
// when it found none.
func OnlyOne[T any](list []T, err error, notFound string) (T, error) {
	var zero T
	if err != nil {
		return zero, err
	}
	if len(list) == 0 {
		return zero, apperr.NotFound(notFound)
	}
	return list[0], nil
}
