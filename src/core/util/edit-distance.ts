/** Levenshtein distance, used only to suggest names in H1 messages — never to auto-correct. */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution);
    }
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * How many letters OCR misread if `read` is its reading of `expected`, counting only what OCR does
 * to letters it sees: one letter read as another, each standing alone (a run of changed letters is
 * another word: "Unsubscribe" for "Subscribe", "Disable" for "Enable"), and one thin letter lost at
 * the very start or end (`thin` says which: a stroke a tight crop cuts, "Close pane" for "Close
 * panel"). A letter added anywhere, or lost inside, is another word however alike the rest
 * ("Block" for "Lock", "Spend" for "Send", "Play" for "Pay": one edit in four or five letters
 * agreed before): Infinity. Past `limit` misreads the count stops (Infinity), so a value read
 * within a long text can be tried at every place (ocrContains). Compared by code point.
 */
export function misreadCount(read: string, expected: string, thin: (c: string) => boolean, limit = Infinity): number {
  const x = [...read];
  const y = [...expected];
  const lost = y.length - x.length;
  if (lost < 0 || lost > 1 || lost > limit) return Infinity;
  if (lost === 0) return substitutions(x, y, limit);
  const first = thin(y[0]!) ? 1 + substitutions(x, y.slice(1), limit - 1) : Infinity;
  const last = thin(y.at(-1)!) ? 1 + substitutions(x, y.slice(0, -1), limit - 1) : Infinity;
  return Math.min(first, last);
}

/** Letters of two equally long texts that differ, none beside another; Infinity past `limit`. */
function substitutions(x: readonly string[], y: readonly string[], limit: number): number {
  let count = 0;
  for (let i = 0; i < y.length; i++) {
    if (x[i] === y[i]) continue;
    if (i > 0 && x[i - 1] !== y[i - 1]) return Infinity;
    if (++count > limit) return Infinity;
  }
  return count;
}

/** Bounded work: a page controls how many names exist and how long they are. */
const MAX_PROBE = 64;
const MAX_CANDIDATES = 256;

export function nearestNames(name: string, candidates: readonly string[], limit = 3): string[] {
  const probe = name.slice(0, MAX_PROBE);
  return candidates
    .filter((candidate) => candidate.length <= MAX_PROBE && Math.abs(candidate.length - probe.length) <= 3)
    .slice(0, MAX_CANDIDATES)
    .map((candidate) => ({ candidate, distance: editDistance(probe, candidate) }))
    .filter(({ candidate, distance }) => distance <= Math.max(2, Math.ceil(candidate.length / 2)))
    .sort((x, y) => x.distance - y.distance || x.candidate.localeCompare(y.candidate))
    .slice(0, limit)
    .map(({ candidate }) => candidate);
}
