package ingest

import (
	"context"
	"fmt"
	"runtime"
	"sync"
	"time"

	"github.com/reeltrack/reeltrack/ingest/normalize"
	"github.com/reeltrack/reeltrack/internal/platform"
)

// A batch of a dataset's items goes to a normalizing goroutine when it holds
// this many items or bytes, whichever comes first.
const (
	batchItems = 256
	batchBytes = 1 << 20
)

// NormalizedDataset reads every item of a dataset, pageSize a request, and
// calls each with every item normalized, in the dataset's order. The offset
// advances by the limit asked for, as the provider drops empty items after
// paging; it ends at the pagination total.
//
// With more than one CPU, one goroutine reads the pages while the items
// already read are normalized on the others, a batch at a time; each runs on
// the caller's goroutine. At most a few batches (about a megabyte each) are
// held at once, so memory does not grow with the dataset.
func (c *Client) NormalizedDataset(ctx context.Context, datasetID string, pageSize int, p platform.Platform, now time.Time, each func(normalize.Item, error) error) error {
	if pageSize <= 0 {
		return fmt.Errorf("read dataset %s: page size %d", datasetID, pageSize)
	}
	workers := runtime.GOMAXPROCS(0)
	if workers < 2 {
		return c.eachDatasetItem(ctx, datasetID, pageSize, func(_ []byte, r *normalize.ItemReader) error {
			return each(r.Normalize(p, now))
		})
	}
	ctx, cancel := context.WithCancel(ctx)
	var wg sync.WaitGroup
	defer wg.Wait()
	defer cancel()

	work := make(chan *itemBatch, workers)
	ordered := make(chan *itemBatch, 2*workers)
	free := make(chan *itemBatch, 2*workers+2)
	var readErr error
	wg.Add(1)
	go func() {
		defer wg.Done()
		defer close(work)
		defer close(ordered)
		readErr = c.readBatches(ctx, datasetID, pageSize, free, ordered, work)
	}()
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for b := range work {
				b.normalize(p, now)
			}
		}()
	}
	for b := range ordered {
		select {
		case <-b.done:
		case <-ctx.Done():
			return ctx.Err()
		}
		for i := range b.out {
			if err := each(b.out[i], b.errs[i]); err != nil {
				return err
			}
		}
		b.reset()
		select {
		case free <- b:
		default:
		}
	}
	// ordered is closed after readErr is set
	return readErr
}

// itemBatch is a batch of items in flight: read, normalized, then handed on.
type itemBatch struct {
	items normalize.ItemBatch
	out   []normalize.Item
	errs  []error
	done  chan struct{} // closed once out and errs are set
}

func (b *itemBatch) normalize(p platform.Platform, now time.Time) {
	n := b.items.Len()
	b.out, b.errs = b.out[:n], b.errs[:n]
	for i := range n {
		b.out[i], b.errs[i] = b.items.Normalize(i, p, now)
	}
	close(b.done)
}

func (b *itemBatch) reset() {
	clear(b.out) // the items are the caller's now
	clear(b.errs)
	b.items.Reset()
}

// readBatches reads the dataset into batches, sending each first to ordered
// (the order the caller takes them in) and then to work.
func (c *Client) readBatches(ctx context.Context, datasetID string, pageSize int, free <-chan *itemBatch, ordered, work chan<- *itemBatch) error {
	var b *itemBatch
	send := func() error {
		n := b.items.Len()
		if cap(b.out) < n {
			b.out, b.errs = make([]normalize.Item, n), make([]error, n)
		}
		b.done = make(chan struct{})
		for _, ch := range []chan<- *itemBatch{ordered, work} {
			select {
			case ch <- b:
			case <-ctx.Done():
				return ctx.Err()
			}
		}
		b = nil
		return nil
	}
	err := c.eachDatasetItem(ctx, datasetID, pageSize, func(raw []byte, r *normalize.ItemReader) error {
		if b == nil {
			select {
			case b = <-free:
			default:
				b = &itemBatch{}
			}
		}
		r.Keep(raw, &b.items)
		if b.items.Len() >= batchItems || b.items.Bytes() >= batchBytes {
			return send()
		}
		return nil
	})
	if err == nil && b != nil && b.items.Len() > 0 {
		err = send()
	}
	return err
}

// eachDatasetItem calls each with every item of a dataset, pageSize a request.
func (c *Client) eachDatasetItem(ctx context.Context, datasetID string, pageSize int, each func([]byte, *normalize.ItemReader) error) error {
	for offset := 0; ; offset += pageSize {
		n, total, err := c.eachItem(ctx, datasetID, offset, pageSize, each)
		if err != nil {
			return err
		}
		if total >= 0 {
			if offset+pageSize >= total {
				return nil
			}
			continue
		}
		// without the total (always sent), the first empty page ends it
		if n == 0 {
			return nil
		}
	}
}
