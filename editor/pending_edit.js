// A page link clicked while the code editor (or the plain text box) holds text the app has not confirmed yet waits for it.
//
// The code editor sends its text on every key, and each key reruns the Editor page. A page link's own
// request carries none of the page's widget values, and when it reaches the app while a key's request
// still waits there, Streamlit merges the two and the key's text is dropped: the last keys were lost.
// So a click on a page link first compares the code editor's text with the fingerprint the app last
// confirmed (`data-editor-confirmed`, from thunee_dsl.editor.session.fingerprint); while they differ,
// the click is held back and tried again once the app has caught up (at most HOLD_MS, then it goes).
(() => {
  if (window.__thuneePendingEdit) return;  // one listener per tab, however often the page runs
  const HOLD_MS = 15000;
  const LINKS = '[data-testid="stTopNavLink"], [data-testid="stSidebarNavLink"], [data-testid^="stPageLink"]';
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  const fingerprint = (text) => {
    const data = new TextEncoder().encode(text.replace(/\r\n?/g, "\n"));
    let crc = 0xffffffff;
    for (let i = 0; i < data.length; i++) crc = table[(crc ^ data[i]) & 0xff] ^ (crc >>> 8);
    return ((crc ^ 0xffffffff) >>> 0).toString(16).padStart(8, "0") + ":" + data.length;
  };
  const editorText = () => {
    const plain = document.querySelector(".st-key-ed_area textarea");  // the plain text box, if chosen
    if (plain) return plain.value;
    const frame = document.querySelector("iframe[title='code_editor.code_editor']");
    try {
      return frame.contentDocument.querySelector(".ace_editor").env.editor.getValue();
    } catch (err) {
      return null;  // no editor on this page (or not drawn yet): nothing typed can be pending
    }
  };
  const pending = () => {
    const marker = document.querySelector("[data-editor-confirmed]");
    const text = marker && editorText();
    return text !== null && text !== undefined && !!marker && fingerprint(text) !== marker.dataset.editorConfirmed;
  };
  window.__thuneePendingEdit = { fingerprint, pending };  // (the browser tests check both)
  let letThrough = false;
  window.addEventListener("click", (event) => {
    const hit = !letThrough && event.target instanceof Element && event.target.closest(LINKS);
    const link = hit && (hit.closest("a") || hit.querySelector("a") || hit);
    if (!link || !pending()) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    document.documentElement.style.cursor = "progress";
    const since = Date.now();
    const retry = () => {
      if (pending() && Date.now() - since < HOLD_MS) {
        setTimeout(retry, 100);
        return;
      }
      document.documentElement.style.cursor = "";
      letThrough = true;
      try {
        link.click();
      } finally {
        letThrough = false;
      }
    };
    setTimeout(retry, 100);
  }, true);
})();
