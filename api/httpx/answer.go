package httpx

import (
	"math"
	"strconv"
	"time"

	"github.com/gofiber/fiber/v2"
)

// Answer answers v as JSON, or err.
func Answer[T any](c *fiber.Ctx, v T, err error) error {
	if err != nil {
		return err
	}
	return c.JSON(v)
}

// NoContent answers 204, or err.
func NoContent(c *fiber.Ctx, err error) error {
	if err != nil {
		return err
	}
	return c.SendStatus(fiber.StatusNoContent)
}

// TooMany is the 429 of a spent rate limit, with the limiter's Retry-After.
func TooMany(c *fiber.Ctx, wait time.Duration) error {
	c.Set(fiber.HeaderRetryAfter, strconv.Itoa(int(math.Ceil(max(wait, time.Second).Seconds()))))
	return fiber.NewError(fiber.StatusTooManyRequests, "too many requests: slow down and retry later")
}

// UTF8BOM starts a CSV file that asks for it (bom=true), so that Excel reads it as UTF-8.
const UTF8BOM = "\ufeff"

// CSVAttachment marks the answer as a CSV file to save under name.
func CSVAttachment(c *fiber.Ctx, name string) {
	c.Set(fiber.HeaderContentType, "text/csv; charset=utf-8")
	c.Set(fiber.HeaderContentDisposition, `attachment; filename="`+name+`"`)
}

// SendCSV answers a whole CSV file to save under name, after a UTF-8 byte
// order mark when bom.
func SendCSV(c *fiber.Ctx, name string, csv []byte, bom bool) error {
	CSVAttachment(c, name)
	if bom {
		return c.Send(append([]byte(UTF8BOM), csv...))
	}
	return c.Send(csv)
}
