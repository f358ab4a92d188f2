package httpx

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"strings"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/apperr"
)

// WithBody decodes the request's JSON body (DecodeJSON, required) for next.
func WithBody[In any](next func(*fiber.Ctx, In) error) fiber.Handler {
	return func(c *fiber.Ctx) error {
		var in In
		if err := DecodeJSON(c, &in, false); err != nil {
			return err
		}
		return next(c, in)
	}
}

// WithID reads the path parameter name as a UUID for next: 400 otherwise.
func WithID(name string, next func(*fiber.Ctx, uuid.UUID) error) fiber.Handler {
	return func(c *fiber.Ctx) error {
		id, err := PathUUID(c, name)
		if err != nil {
			return err
		}
		return next(c, id)
	}
}

// WithIDBody is WithID, then WithBody: the path's id and the body for next.
func WithIDBody[In any](name string, next func(*fiber.Ctx, uuid.UUID, In) error) fiber.Handler {
	return WithID(name, func(c *fiber.Ctx, id uuid.UUID) error {
		var in In
		if err := DecodeJSON(c, &in, false); err != nil {
			return err
		}
		return next(c, id, in)
	})
}

func PathUUID(c *fiber.Ctx, name string) (uuid.UUID, error) {
	id, err := uuid.Parse(c.Params(name))
	if err != nil {
		return uuid.Nil, apperr.Invalid(name, "must be a UUID")
	}
	return id, nil
}

// DecodeJSON decodes a JSON object body strictly (else 400), sent as
// application/json (else 415) so that no other site can post it as a plain form.
func DecodeJSON(c *fiber.Ctx, dst any, optional bool) error {
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

// ParseOptionalUUID reads a UUID field; null or absent is none, "" is refused.
func ParseOptionalUUID(field string, s *string) (*uuid.UUID, error) {
	if s == nil {
		return nil, nil
	}
	id, err := uuid.Parse(*s)
	if err != nil {
		return nil, apperr.Invalid(field, "must be a UUID, or null for none")
	}
	return &id, nil
}

// ParseCollectionRef reads a required collection_id; null is no collection.
func ParseCollectionRef(raw json.RawMessage) (*uuid.UUID, error) {
	var id *string
	if len(raw) == 0 {
		return nil, apperr.Invalid("collection_id", "is required: a collection's id, or null for none")
	}
	if err := json.Unmarshal(raw, &id); err != nil {
		return nil, apperr.Invalid("collection_id", "must be a UUID, or null for none")
	}
	return ParseOptionalUUID("collection_id", id)
}

// ParseUUIDs reads a list of ids; every malformed one is named.
func ParseUUIDs(field string, raw []string) ([]uuid.UUID, error) {
	out := make([]uuid.UUID, 0, len(raw))
	var problems []error
	for i, r := range raw {
		id, err := uuid.Parse(r)
		if err != nil {
			problems = append(problems, apperr.Invalid(fmt.Sprintf("%s[%d]", field, i), "must be a UUID"))
			continue
		}
		out = append(out, id)
	}
	return out, errors.Join(problems...)
}

// Nullable is a JSON field that may be absent (Set false), null or a value.
type Nullable[T any] struct {
	Set   bool
	Value *T
}

func (n *Nullable[T]) UnmarshalJSON(b []byte) error {
	n.Set = true
	if bytes.Equal(bytes.TrimSpace(b), []byte("null")) {
		n.Value = nil
		return nil
	}
	var v T
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	n.Value = &v
	return nil
}

// Ptr is the field as a command's optional change: nil when absent.
func (n Nullable[T]) Ptr() **T {
	if !n.Set {
		return nil
	}
	return &n.Value
}

// Apply sets *dst to *v when the body gave v.
func Apply[T any](dst *T, v *T) {
	if v != nil {
		*dst = *v
	}
}
