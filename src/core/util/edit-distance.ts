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
 * another word: "Unsubscribe" for "Subscribe", "Disable" for "Enable"), and border strokes read as
 * letters before or after the text (`edge` says which characters may be one). A letter added or
 * lost inside the text is another word however alike the rest ("Block" for "Lock", "Spend" for
 * "Send", "Play" for "Pay": one edit in four or five letters agreed before): Infinity. Compared by
 * code point. Past `limit` misreads the count stops (Infinity): a value read within a long text
 * is tried at every place (ocrContains), which must stay linear in each.
 */
export function misreadCount(read: string, expected: string, edge: (c: string) => boolean, limit = Infinity): number {
  const x = [...read];
  const y = [...expected];
  const extra = x.length - y.length;
  let best = Infinity;
  // The strokes before the text (lead) and after it (the rest of `extra`), each way of splitting them.
  for (let lead = 0; lead <= extra; lead++) {
    if (lead > 0 && !edge(x[lead - 1]!)) break;
    if (!x.slice(x.length - (extra - lead)).every(edge)) continue;
    let count = extra;
    let previous = false;
    for (let i = 0; i < y.length && count < best && count <= limit; i++) {
      const changed = x[lead + i] !== y[i];
      count = changed && previous ? Infinity : count + (changed ? 1 : 0);
      previous = changed;
    }
    if (count <= limit) best = Math.min(best, count);
  }
  return best;
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
