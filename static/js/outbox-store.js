/* The outbox: entries made on this phone, kept in the browser (IndexedDB) until the server
 * has answered for them (docs/club_nights.md, "Entry without network"). Loaded by the entry pages (outbox.js) and
 * by the service worker (/sw.js), which both write to it.
 *
 * An entry: { id (its entry_id, made on the phone), url (where it is sent), fields (the
 * form's fields as [name, value] pairs), label (what it says, for the list), after (the
 * round count it was made after), state, message, todo, created, updated, number }.
 * States: waiting (for the network), sent (on its way, no answer yet), confirmed, held (for
 * the organiser: the match moved on), refused (with why and what to do).
 */
(() => {
  "use strict";

  const DB = "mhing-outbox";
  const STORE = "entries";
  let opened = null;

  function open() {
    if (!opened) {
      opened = new Promise((resolve, reject) => {
        const request = indexedDB.open(DB, 1);
        request.onupgradeneeded = () => {
          request.result.createObjectStore(STORE, { keyPath: "id" });
        };
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    }
    return opened;
  }

  async function run(mode, work) {
    const db = await open();
    return new Promise((resolve, reject) => {
      const transaction = db.transaction(STORE, mode);
      const result = work(transaction.objectStore(STORE));
      transaction.oncomplete = () => resolve(result.result);
      transaction.onerror = () => reject(transaction.error);
    });
  }

  // A random id where crypto.randomUUID is missing (a page served over plain http).
  function newId() {
    if (self.crypto.randomUUID) return self.crypto.randomUUID();
    const bytes = self.crypto.getRandomValues(new Uint8Array(16));
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    const hex = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }

  self.MhingOutbox = {
    PAGES: "mhing-pages-v1", // the entry pages as last served online
    FILES: "mhing-files-v1", // their scripts, styles and icon
    newId,
    all: async () =>
      (await run("readonly", (store) => store.getAll())).sort((a, b) => a.created - b.created),
    get: (id) => run("readonly", (store) => store.get(id)),
    put: (entry) => run("readwrite", (store) => store.put({ ...entry, updated: Date.now() })),
    remove: (id) => run("readwrite", (store) => store.delete(id)),
  };
})();
