import { apply } from './primordials';

const MapCtor = Map;
const mapGet = Map.prototype.get;
const mapSet = Map.prototype.set;
const mapHas = Map.prototype.has;

/**
 * `compute`, remembered per key in the captured Map, which a page can neither read nor poison. For
 * answers that depend on the key alone. Emptied whenever its keys would exceed `maxChars`
 * characters, so it never holds more than that; a key longer than a sixteenth of that is computed
 * but not kept (one huge label would empty it on every call).
 */
export function remembered<V>(maxChars: number, compute: (key: string) => V): (key: string) => V {
  let map = new MapCtor<string, V>();
  let chars = 0;
  return (key) => {
    if (apply(mapHas, map, [key])) return apply(mapGet, map, [key]) as V;
    const value = compute(key);
    if (key.length > maxChars / 16) return value;
    if (chars + key.length > maxChars) {
      map = new MapCtor<string, V>();
      chars = 0;
    }
    apply(mapSet, map, [key, value]);
    chars += key.length;
    return value;
  };
}
