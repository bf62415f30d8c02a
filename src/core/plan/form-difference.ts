import type { FormRequest } from './observations';

const cut = (text: string, max = 80) => (text.length > max ? `${text.slice(0, max)}…` : text);

/**
 * What differs between the request certified and the one about to leave (action, method, enctype,
 * target, or the entries as a multiset), or null when they are the same request.
 */
export function requestDifference(certified: FormRequest, leaving: FormRequest): string | null {
  if (leaving.action !== certified.action) return `it would go to ${cut(leaving.action, 200)}, not ${cut(certified.action, 200)}`;
  if (leaving.method !== certified.method) return `its method became ${leaving.method}`;
  if (leaving.method === 'post' && leaving.enctype !== certified.enctype) return `its encoding became ${cut(leaving.enctype)}`;
  if (normalTarget(leaving.target) !== normalTarget(certified.target)) return `it would open in "${cut(leaving.target)}"`;
  const pairs = (r: FormRequest) => r.entries.map((e) => `${e.name}\u0000${e.value}`).sort();
  const a = pairs(certified);
  const b = pairs(leaving);
  if (a.length !== b.length || a.some((x, i) => x !== b[i]) || leaving.truncated !== certified.truncated) {
    const added = b.filter((x) => !a.includes(x))[0];
    const removed = a.filter((x) => !b.includes(x))[0];
    const show = (x: string) => {
      const [name, value] = x.split('\u0000');
      return `${cut(name ?? '', 60)} = "${cut(value ?? '', 60)}"`;
    };
    if (added) return `it would also send ${show(added)}`;
    if (removed) return `it would no longer send ${show(removed)}`;
    return 'its entries changed';
  }
  return null;
}

const normalTarget = (target: string) => (target === '' ? '_self' : target.toLowerCase());
