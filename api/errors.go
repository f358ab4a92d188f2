package api

import (
	"context"
	"errors"
	"log/slog"
	"strconv"

	"github.com/gofiber/fiber/v2"

	"github.com/reeltrack/reeltrack/api/httpx"
	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/store"
)

// ErrorBody is the one shape of every 4xx and 5xx answer.
type ErrorBody = httpx.ErrorBody

// ErrorDetail says what went wrong. Fields names each bad input field.
type ErrorDetail = httpx.ErrorDetail

var fiberCodes = map[int]string{
	fiber.StatusBadRequest:            "invalid_request",
	fiber.StatusNotFound:              "not_found",
	fiber.StatusMethodNotAllowed:      "method_not_allowed",
	fiber.StatusRequestEntityTooLarge: "payload_too_large",
	fiber.StatusUnsupportedMediaType:  "unsupported_media_type",
	fiber.StatusTooManyRequests:       "rate_limited",
	fiber.StatusRequestTimeout:        "timeout",
	fiber.StatusServiceUnavailable:    "unavailable",
}

// errorHandler maps an error to its status and JSON body, an unknown one to a
// generic 500; the access log, never the body, gets the error.
func errorHandler(c *fiber.Ctx, err error) error {
	detail := ErrorDetail{RequestID: httpx.RequestID(c)}
	status, level := fiber.StatusInternalServerError, slog.LevelError
	var fe *fiber.Error
	switch kind := apperr.KindOf(err); {
	case errors.Is(err, ingest.ErrProviderUnavailable):
		// The scraping provider could not be reached, did not answer in
		// time or answered 429 or 5xx: its outage, not the service's.
		status, level = fiber.StatusServiceUnavailable, slog.LevelWarn
		detail.Code, detail.Message = "provider_unavailable", "the scraping provider is not answering: try again in a minute"
		c.Set(fiber.HeaderRetryAfter, retryAfterProvider)
	case errors.Is(err, context.Canceled) && !errors.Is(err, context.DeadlineExceeded):
		// The request's work was cancelled (the client went away), no
		// server failed: nginx's 499, which no client reads.
		status, level = statusCancelled, slog.LevelInfo
		detail.Code, detail.Message = "cancelled", "the request was cancelled"
	case kind == apperr.KindInternal && store.Unavailable(err):
		// A server that refused, broke or did not answer in time: the
		// request may succeed later, so it is one kind whatever the route.
		status, level = fiber.StatusServiceUnavailable, slog.LevelWarn
		_, detail.Code = httpx.StatusOf(apperr.KindUnavailable)
		detail.Message = "a storage server is not answering: retry in a few seconds"
	case kind != apperr.KindInternal:
		status, detail.Code = httpx.StatusOf(kind)
		level, detail.Message = slog.LevelWarn, apperr.Message(err)
		if code := apperr.CodeOf(err); code != "" {
			detail.Code = code
		}
		if fields := apperr.Fields(err); len(fields) > 0 {
			detail.Fields = fields
		}
		if wait := apperr.RetryAfter(err); wait > 0 {
			c.Set(fiber.HeaderRetryAfter, strconv.Itoa(wait))
		}
	case errors.As(err, &fe) && fe.Code < 500:
		status, detail.Message = fe.Code, fe.Message
		detail.Code = fiberCodes[fe.Code]
		if detail.Code == "" {
			detail.Code = "error"
		}
		if fe.Code == fiber.StatusRequestEntityTooLarge {
			detail.Message = "request body is too large"
		}
	default:
		detail.Code, detail.Message = "internal", "internal error"
	}
	if status >= 500 || status == statusCancelled {
		c.Locals(localFailure, failure{code: detail.Code, err: err, level: level})
	}
	if status == fiber.StatusServiceUnavailable && c.GetRespHeader(fiber.HeaderRetryAfter) == "" {
		c.Set(fiber.HeaderRetryAfter, retryAfterUnavailable)
	}
	return c.Status(status).JSON(ErrorBody{Error: detail})
}

// failure is what the access log says of a failed or cancelled request.
type failure struct {
	code  string
	err   error
	level slog.Level
}

const statusCancelled = 499

// retryAfterUnavailable is the Retry-After of a 503, in seconds: long enough for
// a restarting server or a reconnecting pool.
const retryAfterUnavailable = "5"

// retryAfterProvider is the Retry-After of a provider 503, in seconds: the
// client has already retried its calls with back-off.
const retryAfterProvider = "60"
