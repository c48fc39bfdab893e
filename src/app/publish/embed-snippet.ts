/** What the Publish dialog shows once it wrote the files: the embed snippet (docs/embed.md) and how to check them locally. */

/** The base URL as a folder address (ends with "/"); empty stays empty. */
export const folderUrl = (url: string) => (url.trim() === '' ? '' : url.trim().replace(/\/*$/, '/'));

export function embedSnippet(baseUrl: string): string {
  const src = folderUrl(baseUrl) || '/published/library/';
  return [
    '<script type="module" src="/vendor/asset-library/element.js"></script>',
    `<asset-library base="/asset-library/" src="${src.replaceAll('"', '&quot;')}"></asset-library>`,
  ].join('\n');
}

/** Serve the folder on this machine and open it in the app from its address. */
export function serveCommands(folderName: string): string {
  const dir = /^[\w.-]+$/.test(folderName) ? folderName : `"${folderName.replaceAll('"', '\\"')}"`;
  // The app opens it from another origin: the server must send CORS headers (python's http.server does not).
  return [`npx serve --cors -l 3000 ${dir}`, `# or: npx http-server --cors -p 3000 ${dir}`, '# then in the app: Library menu › Open from a web address… http://localhost:3000/'].join('\n');
}
