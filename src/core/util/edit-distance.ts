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
