package chread

// Slab hands out small slices carved from blocks never reused, one allocation a block.
type Slab[T any] struct{ free []T }

const slabBlock = 1024

// Take returns a zeroed slice of n elements.
func (s *Slab[T]) Take(n int) []T {
	if len(s.free) < n {
		s.free = make([]T, max(n, slabBlock))
	}
	out := s.free[:n:n]
	s.free = s.free[n:]
	return out
}
