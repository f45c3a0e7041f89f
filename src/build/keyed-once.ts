/** `make(key)`, computed on the first call for each key and kept for the life of the function. */
export function keyedOnce<K, V>(make: (key: K) => V): (key: K) => V {
  const made = new Map<K, V>();
  return (key) => {
    if (!made.has(key)) made.set(key, make(key));
    return made.get(key) as V;
  };
}
