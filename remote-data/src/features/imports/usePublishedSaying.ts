import { useRef } from 'react';

interface ListedVersion {
  name: string;
  version: number;
  current: boolean;
}

/**
 * What the banner of a publish says while it stays on the page: the version published, until the
 * list below says otherwise — another version served since (rolled back, or published again from
 * the list) or the whole name removed. A list read before the publish reached it says nothing yet.
 */
export function usePublishedSaying({ name, version, versions, served }: { name: string; version: number; versions: readonly ListedVersion[] | undefined; served: string }): string {
  const mine = versions?.filter((listed) => listed.name === name) ?? [];
  const seen = useRef(false);
  if (mine.some((listed) => listed.version === version)) seen.current = true;
  const published = `Published ${name} version ${version}`;
  if (!seen.current) return `${published}: ${served}`;
  const current = mine.find((listed) => listed.current);
  if (!current) return `${published}; ${name} has been removed since.`;
  if (current.version === version) return `${published}: ${served}`;
  return `${published}; the map serves version ${current.version} now (${current.version < version ? 'rolled back' : 'published again'}).`;
}
