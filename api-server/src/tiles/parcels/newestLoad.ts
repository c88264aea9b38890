// What a tile source reads once per data version (the parcels in memory, or with PostGIS the data's
// extent): one read per version at a time, shared by whoever asks meanwhile, and of two versions read
// side by side the newer kept, whichever finishes last.
export interface NewestLoad<T extends { version: number }> {
  /** Resolves once `version` is read (at once when it already is); rejects when its read fails. */
  load(version: number): Promise<void>;
  /** What was read for `version`, while it is the one kept. */
  of(version: number): T | undefined;
  /** The data version kept, if any. */
  loadedVersion(): number | undefined;
}

export function createNewestLoad<T extends { version: number }>(read: (version: number) => Promise<T>): NewestLoad<T> {
  let kept: T | undefined;
  let loading: { version: number; done: Promise<void> } | undefined;

  function load(version: number): Promise<void> {
    if (kept?.version === version) return Promise.resolve();
    if (loading?.version === version) return loading.done;
    const done = read(version)
      .then((loaded) => {
        if (kept === undefined || kept.version < loaded.version) kept = loaded;
      })
      .finally(() => {
        if (loading?.done === done) loading = undefined;
      });
    loading = { version, done };
    return done;
  }

  return {
    load,
    of: (version) => (kept?.version === version ? kept : undefined),
    loadedVersion: () => kept?.version,
  };
}
