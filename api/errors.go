package api

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"strconv"
	"strings"

	"github.com/gofiber/fiber/v2"

	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/store"
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

// errorHandler maps an error to its status and the JSON error body. Errors of
// no known kind are 500s with a generic message. The error, with its
// causes, is left for the access log when the server failed the request
// (every 5xx) or the request was cancelled; the body never holds it.
func errorHandler(c *fiber.Ctx, err error) error {
	reqID, _ := c.Locals(localRequestID).(string)
	detail := ErrorDetail{RequestID: reqID}
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
		detail.Code, detail.Message = kindStatus[apperr.KindUnavailable].code, "a storage server is not answering: retry in a few seconds"
	case kind != apperr.KindInternal:
		m := kindStatus[kind]
		status, level, detail.Code, detail.Message = m.status, slog.LevelWarn, m.code, apperr.Message(err)
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

// failure is what the access log says of a request the server failed or
// that was cancelled: the error code, the error with its causes, and the
// level of the line.
type failure struct {
	code  string
	err   error
	level slog.Level
}

// statusCancelled answers a request whose work was cancelled.
const statusCancelled = 499

// retryAfterUnavailable is the Retry-After of a 503, in seconds: long enough
// for a restarting server or a reconnecting pool, short enough that a client
// does not wait for nothing.
const retryAfterUnavailable = "5"

// retryAfterProvider is the Retry-After of a 503 for the scraping
// provider, in seconds: the client has already retried its calls with
// back-off.
const retryAfterProvider = "60"

// answer renders v as JSON, or leaves err to the error handler.
func answer[T any](c *fiber.Ctx, v T, err error) error {
	if err != nil {
		return err
	}
	return c.JSON(v)
}

// withBody decodes the request's JSON body (decodeJSON, not optional) and
// hands it to next.
func withBody[In any](next func(*fiber.Ctx, In) error) fiber.Handler {
	return func(c *fiber.Ctx) error {
		var in In
		if err := decodeJSON(c, &in, false); err != nil {
			return err
		}
		return next(c, in)
	}
}

// decodeJSON decodes a JSON object body strictly: unknown fields, wrong
// types, trailing data, malformed JSON and text that is not valid UTF-8 or
// holds a NUL character are 400s naming the problem. A body must be sent as
// application/json (415 otherwise), which also keeps a page of another site
// from posting it as a plain form. An empty body is allowed only when
// optional is true.
func decodeJSON(c *fiber.Ctx, dst any, optional bool) error {
	body := bytes.TrimSpace(c.Body())
	if len(body) == 0 {
		if optional {
			return nil
		}
		return apperr.Invalid("", "request body must be a JSON object")
	}
	if !isJSONContentType(c.Get(fiber.HeaderContentType)) {
		return fiber.NewError(fiber.StatusUnsupportedMediaType, "request body must be sent with Content-Type: application/json")
	}
	if body[0] != '{' {
		return apperr.Invalid("", "request body must be a JSON object")
	}
	if err := checkJSONText(body); err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		return jsonError(err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return apperr.Invalid("", "request body must hold exactly one JSON object")
	}
	return nil
}

// isJSONContentType reports whether a Content-Type header says
// application/json, in any case and with any parameters (charset=utf-8).
func isJSONContentType(header string) bool {
	mt, _, err := mime.ParseMediaType(header)
	return (err == nil || errors.Is(err, mime.ErrInvalidMediaParameter)) && mt == fiber.MIMEApplicationJSON
}

func jsonError(err error) error {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		return apperr.Invalid("", fmt.Sprintf("malformed JSON at byte %d", syn.Offset))
	case errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
		return apperr.Invalid("", "malformed JSON: unexpected end of body")
	case errors.As(err, &typ):
		field := typ.Field
		if field == "" {
			field = "body"
		}
		return apperr.Invalid(field, "must be "+jsonTypeName(typ.Type.Kind().String()))
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		name := strings.Trim(strings.TrimPrefix(err.Error(), "json: unknown field "), `"`)
		return apperr.Invalid(name, "is not a known field")
	default:
		return apperr.Invalid("", "malformed JSON body")
	}
}

func jsonTypeName(kind string) string {
	switch kind {
	case "string":
		return "a string"
	case "bool":
		return "true or false"
	case "slice", "array":
		return "an array"
	case "map", "struct":
		return "an object"
	case "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64":
		return "a whole number"
	case "float32", "float64":
		return "a number"
	default:
		return "of another type"
	}
}
