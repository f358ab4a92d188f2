package httpx

import (
	"github.com/gofiber/fiber/v2"

	"github.com/reeltrack/reeltrack/internal/apperr"
)

// ErrorBody is the one shape of every 4xx and 5xx answer.
type ErrorBody struct {
	Error ErrorDetail `json:"error"`
}

// ErrorDetail says what went wrong. Fields names each bad input field.
type ErrorDetail struct {
	Code      string            `json:"code"`
	Message   string            `json:"message"`
	Fields    map[string]string `json:"fields,omitempty"`
	RequestID string            `json:"requestId,omitempty"`
}

var kindStatus = map[apperr.Kind]struct {
	status int
	code   string
}{
	apperr.KindInvalid:         {fiber.StatusBadRequest, "invalid_request"},
	apperr.KindUnauthenticated: {fiber.StatusUnauthorized, "unauthenticated"},
	apperr.KindForbidden:       {fiber.StatusForbidden, "forbidden"},
	apperr.KindNotFound:        {fiber.StatusNotFound, "not_found"},
	apperr.KindConflict:        {fiber.StatusConflict, "conflict"},
	apperr.KindUnavailable:     {fiber.StatusServiceUnavailable, "unavailable"},
	apperr.KindLimited:         {fiber.StatusTooManyRequests, "rate_limited"},
	apperr.KindRefused:         {fiber.StatusUnprocessableEntity, "unprocessable"},
}

// StatusOf is the status and code an error of kind answers with, also for a
// failed item of a bulk answer; (0, "") for internal errors.
func StatusOf(kind apperr.Kind) (status int, code string) {
	m := kindStatus[kind]
	return m.status, m.code
}
