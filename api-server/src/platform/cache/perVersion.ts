// A value read once per data version — a tile set's whole index or its elevation grids — shared by
// every build under that version and read again when another version becomes current. A failed read
// is not kept: the next call tries again.
export function loadPerVersion<T>(load: () => Promise<T>): (version: number) => Promise<T> {
  let loaded: { version: number; value: Promise<T> } | undefined;
  return (version) => {
    if (loaded?.version !== version) {
      const value = load();
      loaded = { version, value };
      value.catch(() => {
        if (loaded?.value === value) loaded = undefined;
      });
    }
    return loaded.value;
  };
}
