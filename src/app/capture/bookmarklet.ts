/**
 * The "Save to library" bookmarklet. It injects nothing into the page it runs on (a strict
 * Content-Security-Policy blocks script loads, and broke Pinry's bookmarklet): its own code reads
 * what the page shows (address, title, selected text, the images it displays with their natural
 * sizes and alt text) and opens the app's capture page in a small window with all of it in the URL's
 * fragment, which never reaches a server. Plain ES5-level text, so no build step can rewrite it.
 */

/** At most this many images travel (a fragment of ~200 entries stays far below URL limits). */
export const MAX_IMAGES = 200;
/** Window name: a second click reuses the capture window instead of opening another. */
export const CAPTURE_WINDOW = 'asset-library-capture';

/**
 * The bookmarklet's own cut (it cannot import src/shared/cut-text.ts): at most n UTF-16 units, a
 * trailing high surrogate dropped, since half an emoji is text the API refuses and the save failed.
 */
const CUT = 'function cut(s,n){s=s.slice(0,n);var c=s.charCodeAt(s.length-1);return c>=0xD800&&c<=0xDBFF?s.slice(0,-1):s;}';

const SOURCE = `(function(){
${CUT}
var app=__APP__,seen={},images=[],all=document.images;
for(var i=0;i<all.length&&images.length<${MAX_IMAGES};i++){
var im=all[i],src=im.currentSrc||im.src;
if(!src||seen[src]||!/^https?:/i.test(src)||!im.naturalWidth)continue;
seen[src]=1;
images.push({url:src,width:im.naturalWidth,height:im.naturalHeight,alt:cut(String(im.alt||'').trim(),500)});
}
var sel=window.getSelection?cut(String(window.getSelection()).trim(),5000):'';
var data={v:1,url:location.href,title:document.title,selection:sel,images:images};
var w=window.open(app+'#'+encodeURIComponent(JSON.stringify(data)),'${CAPTURE_WINDOW}','popup,width=820,height=760');
if(!w)alert('Save to library: allow pop-ups for this site, then click the bookmark again.');
})();`;

/** The bookmarklet's code for an app whose capture page is at `captureUrl` (absolute). */
export function bookmarkletCode(captureUrl: string): string {
  return SOURCE.replace('__APP__', JSON.stringify(captureUrl)).replace(/\n/g, '');
}

/** The `javascript:` address a person drags to the bookmarks bar. */
export function bookmarkletHref(captureUrl: string): string {
  return `javascript:${encodeURIComponent(bookmarkletCode(captureUrl))}`;
}
