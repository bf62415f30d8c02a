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
 * The fewest single-character edits (substitutions, insertions, deletions) that turn `a` into `b`
 * with no two edits side by side: between any two, at least one character is kept. Infinity where
 * no such edits do it. OCR misreads a letter here and there; a run of changed letters is another
 * word ("Unsubscribe" for "Subscribe", "Disable" for "Enable"), however long the rest of the label.
 * Compared by code point.
 */
export function isolatedEditDistance(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  // kept[j]: the fewest edits so far with the last step keeping a character (or none yet);
  // edited[j]: with the last step an edit.
  let kept = Array.from({ length: y.length + 1 }, (_, j) => (j === 0 ? 0 : Infinity));
  let edited = Array.from({ length: y.length + 1 }, (_, j) => (j === 1 ? 1 : Infinity));
  for (let i = 1; i <= x.length; i++) {
    const nextKept: number[] = [Infinity];
    const nextEdited: number[] = [i === 1 ? 1 : Infinity];
    for (let j = 1; j <= y.length; j++) {
      nextKept[j] = x[i - 1] === y[j - 1] ? Math.min(kept[j - 1]!, edited[j - 1]!) : Infinity;
      // Substitution, deletion of x[i-1], insertion of y[j-1]: each only after a kept character.
      nextEdited[j] = 1 + Math.min(kept[j - 1]!, kept[j]!, nextKept[j - 1]!);
    }
    kept = nextKept;
    edited = nextEdited;
  }
  return Math.min(kept[y.length]!, edited[y.length]!);
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
