package background

// count counts what is running (tasks, requests) with a channel closed when
// the count drops to 0, for waiting until none runs; its owner's mutex
// guards it.
type count struct {
	n    int
	idle chan struct{} // closed when n drops to 0; nil while it is 0
}

// up counts one in; it reports whether it is the first.
func (c *count) up() (first bool) {
	if c.n == 0 {
		c.idle, first = make(chan struct{}), true
	}
	c.n++
	return first
}

// down counts one out; it reports whether it was the last.
func (c *count) down() (last bool) {
	c.n--
	if c.n > 0 {
		return false
	}
	close(c.idle)
	c.idle = nil
	return true
}
