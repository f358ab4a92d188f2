package normalize

import (
	"time"

	"github.com/reeltrack/reeltrack/internal/platform"
)

// ItemBatch holds copies of items an ItemReader read, each with its index,
// so another goroutine can normalize them after the reader moved on.
type ItemBatch struct {
	src     []byte
	members []jsonMember
	items   []batchItem
}

// batchItem is one item's bytes and members within the batch; object is
// false for an element that is not an object.
type batchItem struct {
	start, end int
	mFrom, mTo int
	object     bool
}

// Len is the number of items held.
func (b *ItemBatch) Len() int { return len(b.items) }

// Bytes is the number of item bytes held.
func (b *ItemBatch) Bytes() int { return len(b.src) }

// Reset empties the batch, keeping its memory.
func (b *ItemBatch) Reset() {
	b.src, b.members, b.items = b.src[:0], b.members[:0], b.items[:0]
}

// Keep appends the item Next last returned (raw) to b.
func (r *ItemReader) Keep(raw []byte, b *ItemBatch) {
	it := batchItem{start: len(b.src), mFrom: len(b.members), object: r.cur.src != nil}
	b.src = append(b.src, raw...)
	it.end = len(b.src)
	if it.object {
		// the reader's offsets count from its buffer's start, the batch's from the item's
		shift := uint32(len(r.cur.src) - len(raw))
		for _, m := range r.cur.members {
			m.keyStart -= shift
			m.keyEnd -= shift
			m.valStart -= shift
			m.valEnd -= shift
			b.members = append(b.members, m)
		}
	}
	it.mTo = len(b.members)
	b.items = append(b.items, it)
}

// Normalize normalizes item i for platform p, as ItemReader.Normalize would
// have when it was read. Items of one batch may be normalized concurrently.
func (b *ItemBatch) Normalize(i int, p platform.Platform, now time.Time) (Item, error) {
	it := b.items[i]
	var o jsonObject
	if it.object {
		o = jsonObject{src: b.src[it.start:it.end:it.end], members: b.members[it.mFrom:it.mTo:it.mTo]}
	}
	return normalizeObject(p, o, now)
}
