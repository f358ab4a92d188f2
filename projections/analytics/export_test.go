package analytics

// SetBatchRows makes each INSERT of a copy carry at most n rows until the
// returned function puts the size back.
func SetBatchRows(n int) (restore func()) {
	was := batchRows
	batchRows = n
	return func() { batchRows = was }
}
