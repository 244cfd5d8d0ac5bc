import { useNonce } from "~/lib/nonce";

/**
 * The page's JavaScript waits for its first paint (decision 0016).
 *
 * The server's HTML paints the whole page; the scripts only make it
 * interactive. React Router's <Scripts> asks for every module at once, from
 * the head: over HTTP/1.1 on a slow link those ten downloads share the line
 * with the rest of the document and the fonts the first paint waits for. So
 * the server sends them inert (scripts-after-paint.server.ts rewrites the two
 * tags as the page streams), and this script, at the end of the body, wakes
 * them once the browser has painted text:
 *
 * - `<link rel="modulepreload">` is sent as `rel="{INERT_PRELOAD_REL}"`, a
 *   relation browsers ignore; it becomes `modulepreload` again;
 * - the inline module that imports the routes and starts hydration is sent as
 *   `type="{INERT_MODULE_TYPE}"`, which browsers do not run; it is replaced by
 *   a live copy with the same text and the response's nonce.
 *
 * "Painted" is the first-contentful-paint entry where the browser reports it
 * (its observer's callback runs in a task after that frame, so no timer is
 * needed, and a page whose clock is frozen, as the browser tests freeze it,
 * still starts), else two animation frames. A page that never paints (a tab
 * opened in the background) starts after STARTS_ANYWAY_MS.
 */
export const INERT_PRELOAD_REL = "modulepreload-after-paint";
export const INERT_MODULE_TYPE = "text/module-after-paint";
const STARTS_ANYWAY_MS = 1500;

const script = `(function(){
var nonce=document.currentScript&&document.currentScript.nonce,started=false;
function start(){
if(started)return;started=true;
var links=document.querySelectorAll('link[rel="${INERT_PRELOAD_REL}"]');
for(var i=0;i<links.length;i++)links[i].rel="modulepreload";
var inert=document.querySelectorAll('script[type="${INERT_MODULE_TYPE}"]');
for(var j=0;j<inert.length;j++){var live=document.createElement("script");live.type="module";if(nonce)live.nonce=nonce;live.textContent=inert[j].textContent;inert[j].replaceWith(live);}
}
var types=window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes||[];
if(types.indexOf("paint")>=0){new PerformanceObserver(function(list,observer){if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();start();}}).observe({type:"paint",buffered:true});}
else requestAnimationFrame(function(){requestAnimationFrame(start);});
setTimeout(start,${STARTS_ANYWAY_MS});
})();`;

/** Rendered after <Scripts>; the same bytes on the server and in the browser. */
export function ScriptsAfterPaint() {
  const nonce = useNonce();
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: script }} />;
}
