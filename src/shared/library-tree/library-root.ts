/**
 * Where the library sits in a flat list of paths (zip entries, webkitRelativePath): the shallowest
 * folder holding a metadata.json with an images/ folder directly under it. The folders around it
 * may have any name, "images" too: a zip made from the parent folder holds
 * "Design images/Brand.library/…" or "images/Brand.library/…". An item folder holds a
 * metadata.json as well, but always inside its library's images/, so deeper: shallowest wins.
 */
export function findLibraryRoot(paths: readonly string[]): string | undefined {
  const withImages = new Set<string>();
  for (const path of paths) {
    const parts = path.split('/');
    // The last part is a file's name (or "" after a folder's "/"), never the images/ folder.
    for (let i = 0; i < parts.length - 1; i += 1) if (parts[i] === 'images') withImages.add(parts.slice(0, i).join('/'));
  }
  return paths
    .filter((path) => path === 'metadata.json' || path.endsWith('/metadata.json'))
    .map((path) => path.slice(0, Math.max(0, path.length - '/metadata.json'.length)))
    .filter((dir) => withImages.has(dir))
    .sort((a, b) => a.split('/').length - b.split('/').length || a.length - b.length)[0];
}
