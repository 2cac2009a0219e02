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

// Nearest is the candidate closest to what was typed, when it is close
// enough to be the likely intent: at most a third of the longer name
// apart (at least 1, at most 3 edits), or a prefix of a candidate of 3 or
// more characters. Ties go to the earlier candidate. "" when none is.
func Nearest(typed string, candidates []string) string {
	best, bestD := "", 1<<30
	for _, c := range candidates {
		d := transposed(typed, c)
		limit := min(max(max(len(typed), len(c))/3, 1), 3)
		if len(typed) >= 3 && len(c) > len(typed) && c[:len(typed)] == typed {
			d = min(d, limit)
		}
		if d <= limit && d < bestD {
			best, bestD = c, d
		}
	}
	return best
}

// transposed is Distance that also counts swapping two neighbouring
// characters as one edit ("lsit" is 1 from "list"), the commonest typo.
func transposed(x, y string) int {
	d := make([][]int, len(x)+1)
	for i := range d {
		d[i] = make([]int, len(y)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(x); i++ {
		for j := 1; j <= len(y); j++ {
			cost := 1
			if x[i-1] == y[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && x[i-1] == y[j-2] && x[i-2] == y[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(x)][len(y)]
}
