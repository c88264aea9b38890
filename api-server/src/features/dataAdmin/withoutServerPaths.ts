// An import's failure as the Data page shows it: what went wrong and in which of the user's files, never
// where the server keeps them. GDAL, Node and the mapping reader name the files they were given — paths
// in the import's folder under IMPORT_WORK_DIR, itself under DATA_DIR by default.
import path from 'node:path';

// An absolute path: a slash not inside a word, a URL or a relative path, then one or more names.
const ABSOLUTE_PATH = /(?<![\w./:~-])\/(?:[\w.@+~-]+\/)*[\w.@+~-]+/g;

/**
 * `message` with the folders in `dirs` (the import's own first) left out of the paths beneath them, so
 * its files are named as uploaded, and every other absolute path cut to its last name.
 */
export function withoutServerPaths(message: string, dirs: readonly string[]): string {
  let text = message;
  // A folder's name may hold spaces, which ABSOLUTE_PATH would stop at: the known ones go first, whole.
  for (const dir of dirs) text = text.replaceAll(`${dir}${path.sep}`, '').replaceAll(dir, path.basename(dir));
  return text.replace(ABSOLUTE_PATH, (found) => path.basename(found));
}
