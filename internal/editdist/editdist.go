// Package editdist measures how far apart two short names are, for the
// "did you mean" suggestions (a client's field names, rule ids).
package editdist

// Distance is the Levenshtein distance between x and y: the fewest
// insertions, deletions and substitutions of one element that turn x into
// y. Callers choose the element: the bytes of ASCII names, or the runes of
// text a person typed.
func Distance[E comparable](x, y []E) int {
	prev := make([]int, len(y)+1)
	cur := make([]int, len(y)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(x); i++ {
		cur[0] = i
		for j := 1; j <= len(y); j++ {
			cost := 1
			if x[i-1] == y[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(y)]
}
