{% load static %}/* The service worker (docs/club_nights.md, "Entry without network"): keeps the entry pages and their files so a
 * phone that lost the network still opens them, and keeps an entry whose sending failed in
 * the outbox (outbox-store.js) instead of losing it. Served at the site's root (/sw.js) so
 * its scope covers every page; everything it loads is the site's own. */
importScripts("{% static 'js/outbox-store.js' %}");

const { PAGES, FILES } = self.MhingOutbox;
const STATIC = "{% get_static_prefix %}";
const LOGOUT = "{% url 'logout' %}";
// A match's page and its entry pages: a new round or game, a correction.
const MATCH = /^\/leagues\/[^/]+\/matches\/\d+\/$/;
const ENTRY = /^\/leagues\/[^/]+\/matches\/\d+\/(rounds\/new|rounds\/\d+\/edit|games\/new|games\/\d+\/edit)\/$/;

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => {
  const kept = [PAGES, FILES];
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => !kept.includes(n)).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method === "GET" && url.pathname.startsWith(STATIC)) {
    event.respondWith(file(request));
  } else if (request.mode !== "navigate") {
    return; // htmx's questions, the picker's previews: the network's, or nothing
  } else if (request.method === "GET" && (ENTRY.test(url.pathname) || MATCH.test(url.pathname))) {
    event.respondWith(page(request, url));
  } else if (request.method === "POST" && ENTRY.test(url.pathname)) {
    event.respondWith(entry(request, url));
  } else if (request.method === "POST" && url.pathname === LOGOUT) {
    // A phone passed to someone else keeps no one's pages.
    event.respondWith(caches.delete(PAGES).then(() => fetch(request)));
  }
});

// A file: from the network when it answers (kept for later), else as kept.
async function file(request) {
  try {
    const response = await fetch(request);
    if (response.ok) {
      const cache = await caches.open(FILES);
      await cache.put(request, response.clone());
    }
    return response;
  } catch (error) {
    const kept = await caches.match(request, { cacheName: FILES, ignoreSearch: true });
    if (kept) return kept;
    throw error;
  }
}

// A page: the network's, kept for later; without a network the page as last kept.
async function page(request, url) {
  try {
    const response = await fetch(request);
    if (response.ok && response.type === "basic") {
      const cache = await caches.open(PAGES);
      await cache.put(url.pathname, response.clone());
    }
    return response;
  } catch (error) {
    const kept = await caches.match(url.pathname, { cacheName: PAGES });
    if (kept) return kept;
    throw error;
  }
}

// An entry sent while the network failed: into the outbox, and back to the (kept) form,
// which lists it as waiting. Sent online, the server's answer as ever.
async function entry(request, url) {
  const copy = request.clone();
  try {
    return await fetch(request);
  } catch (error) {
    const form = await copy.formData();
    const id = form.get("entry_id");
    if (!id) throw error;
    const fields = [...form.entries()].filter(([name, value]) => typeof value === "string" && !["preview", "outbox_label", "outbox_user"].includes(name));
    const known = await self.MhingOutbox.get(id);
    if (!known) {
      await self.MhingOutbox.put({
        id,
        url: url.pathname,
        fields,
        label: form.get("outbox_label") || "",
        user: form.get("outbox_user") || "",
        after: Number(form.get("after") || 0),
        state: "waiting",
        created: Date.now(),
      });
    }
    return Response.redirect(url.pathname, 303);
  }
}
