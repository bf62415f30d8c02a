/**
 * Answers that cannot change while one certification runs: it is synchronous, and nothing of the
 * page runs in between, so an element's flat-tree parent, shadow root or composed transform read
 * once holds until the task ends. Cleared at the next microtask checkpoint, so no answer outlives
 * the task that read it (the page may change anything afterwards). Without this, every text box of
 * a large card walked its ancestor chain several times over (opacity, effects, transforms), each
 * step a style read, and each flat-tree step a closed-shadow-root look-up through the extension API.
 */
let tables: Map<string, WeakMap<object, unknown>> | null = null;

function tableOf(table: string): WeakMap<object, unknown> {
  if (tables === null) {
    tables = new Map();
    queueMicrotask(() => {
      tables = null;
    });
  }
  let answers = tables.get(table);
  if (!answers) {
    answers = new WeakMap();
    tables.set(table, answers);
  }
  return answers;
}

export function perTask<K extends object, V>(table: string, key: K, compute: (key: K) => V): V {
  const answers = tableOf(table);
  if (answers.has(key)) return answers.get(key) as V;
  const value = compute(key);
  answers.set(key, value);
  return value;
}

/**
 * A value folded down an element's ancestor chain, root first (`step(valueOfParent, node)`, `top`
 * above the root), remembered for every element on the way: siblings and descendants reuse their
 * ancestors' values. Iterative, so a page nested thousands deep does not exhaust the stack.
 */
export function perTaskChain<V>(
  table: string,
  element: Element,
  parentOf: (node: Element) => Element | null,
  top: V,
  step: (above: V, node: Element) => V,
): V {
  const answers = tableOf(table);
  const path: Element[] = [];
  let above = top;
  for (let node: Element | null = element; node; node = parentOf(node)) {
    if (answers.has(node)) {
      above = answers.get(node) as V;
      break;
    }
    path.push(node);
  }
  for (let i = path.length - 1; i >= 0; i--) {
    above = step(above, path[i]!);
    answers.set(path[i]!, above);
  }
  return above;
}
