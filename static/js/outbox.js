/* The entry page without a network (docs/club_nights.md, "Entry without network").
 *
 * Registers the service worker (/sw.js), which keeps this page and its files; the first
 * visit, before the worker is in charge, keeps them itself. With no network, Save keeps the
 * entry in the outbox (outbox-store.js, in IndexedDB) with the id the page made for it, and
 * the list below the form shows each entry's state. The outbox is sent, oldest first, when
 * the network comes back, every 20 s while something waits, and on "Send now"; the server
 * takes each id once, so sending again is always safe (after a reload, a closed tab, a lost
 * answer, a server restart).
 *
 * Two kinds of entry form: a Mhing round ("round"), a plain form; and a Mah-Jongg game
 * ("game"), whose every tap and Save go through htmx. Offline, the game's Save is taken
 * here before htmx sees it, and its tile taps (answered by the server) are stopped with a
 * line saying to type the tiles instead; a Save whose sending fails on the way is kept too.
 */
(() => {
  "use strict";

  const panel = document.querySelector("[data-outbox-panel]");
  const outbox = window.MhingOutbox;
  if (!panel || !outbox || !("indexedDB" in window)) return;

  const RETRY_MS = 20000;
  const KEEP_CONFIRMED_MS = 24 * 3600 * 1000; // then a confirmed entry leaves the list
  const PENDING = ["waiting", "sent"];
  const OWN_FIELDS = ["preview", "outbox_label", "outbox_user"]; // the page's, not the entry's
  const kind = panel.dataset.kind || "round";
  // Looked up each time: a refused Save of a game replaces its form (htmx).
  const entryForm = () => (panel.dataset.form ? document.getElementById(panel.dataset.form) : null);
  const list = document.getElementById("outbox-list");
  const network = document.getElementById("outbox-network");
  const sendButton = document.getElementById("outbox-send");
  const words = Object.fromEntries(
    [...document.getElementById("outbox-words").content.querySelectorAll("[data-word]")].map(
      (node) => [node.dataset.word, node.textContent.trim()],
    ),
  );
  const here = location.pathname;
  const user = panel.dataset.user; // each entry is sent under the sign-in it was made under
  const field = (name) => entryForm()?.elements.namedItem(name);
  const isNewRound = Boolean(field("after") && field("after").value !== "");
  const pageAfter = isNewRound ? Number(field("after").value) : null;
  let nextAfter = pageAfter; // the round count the next entry of this page is made after
  let usedIds = new Set();
  let syncing = false;
  let askedAgain = false; // "Send now" or the network back while a send is on its way

  // -- the service worker, and this page kept for a visit without network -----------------

  if ("serviceWorker" in navigator && window.caches) {
    const first = !navigator.serviceWorker.controller;
    navigator.serviceWorker.register(panel.dataset.worker).catch(() => {});
    if (first && navigator.onLine) keepThisPage();
  }

  async function keepThisPage() {
    const files = [
      ...document.querySelectorAll("script[src], link[rel~=stylesheet], link[rel~=icon], link[rel=manifest]"),
    ]
      .map((node) => node.src || node.href)
      .filter((address) => new URL(address).origin === location.origin);
    try {
      await (await caches.open(outbox.FILES)).addAll(files);
      await (await caches.open(outbox.PAGES)).add(here);
      panel.dataset.kept = "true";
    } catch {
      // Kept next time: the worker keeps each page it serves.
    }
  }

  // -- saving with no network -------------------------------------------------------------

  function label() {
    const number = isNewRound ? nextAfter + 1 : Number(panel.dataset.number);
    const heading = (words[kind] || "").replace("%(number)s", number);
    // A round's winner and hand; a game's caller and the caller's tiles.
    const who = entryForm().querySelector(`input[name=${kind === "game" ? "caller" : "winner"}]:checked`);
    if (field("outcome")?.value === "draw" || who?.value === "draw") return `${heading}: ${words.draw}`;
    const name = who?.labels?.[0]?.textContent.trim() || "";
    const hand = field(kind === "game" ? `hand${who?.value}` : "hand")?.value.trim() || "";
    return `${heading}: ${[name, hand].filter(Boolean).join(" · ")}`;
  }

  function stamp() {
    // What the worker needs should this sending fail on the way: the label to list it by.
    const form = entryForm();
    if (isNewRound) field("after").value = String(nextAfter);
    if (usedIds.has(field("entry_id").value)) field("entry_id").value = outbox.newId();
    let named = field("outbox_label");
    if (!named) {
      named = Object.assign(document.createElement("input"), { type: "hidden", name: "outbox_label" });
      form.append(named);
    }
    named.value = label();
    let by = field("outbox_user");
    if (!by) {
      by = Object.assign(document.createElement("input"), { type: "hidden", name: "outbox_user" });
      form.append(by);
    }
    by.value = user;
  }

  function saves(submitter) {
    if (kind === "game") return submitter?.name === "action" && submitter.value === "save";
    return submitter?.name !== "preview";
  }

  // Before the form's own listeners (htmx's, for a game), so that offline they never send.
  document.addEventListener(
    "submit",
    (event) => {
      if (event.target !== entryForm() || !field("entry_id")) return;
      if (!saves(event.submitter)) {
        if (kind !== "game" || navigator.onLine) return;
        // A tile tap or Preview, which the server answers: the page says to type instead.
        event.preventDefault();
        event.stopPropagation();
        render().catch(() => {});
        return;
      }
      stamp();
      if (navigator.onLine) return; // sent as ever; kept if the network fails on the way
      event.preventDefault();
      if (kind === "game") event.stopPropagation(); // htmx would send it
      keep().catch(() => {});
    },
    true,
  );

  // A game's Save sent by htmx that met no network (the worker keeps a round's).
  document.addEventListener("htmx:sendError", (event) => {
    const submitter = event.detail?.requestConfig?.triggeringEvent?.submitter;
    if (kind !== "game" || event.target !== entryForm() || !saves(submitter)) return;
    keep().catch(() => {});
  });

  async function keep() {
    const form = entryForm();
    const idField = field("entry_id");
    const fields = [...new FormData(form).entries()].filter(
      ([name, value]) => typeof value === "string" && !OWN_FIELDS.includes(name),
    );
    await outbox.put({
      id: idField.value,
      url: here,
      fields,
      label: field("outbox_label").value,
      user,
      after: isNewRound ? nextAfter : null,
      state: "waiting",
      created: Date.now(),
    });
    if (navigator.serviceWorker?.controller) {
      location.reload(); // the kept page: an empty form for the next entry
      return;
    }
    idField.value = outbox.newId();
    await render();
  }

  // -- sending ----------------------------------------------------------------------------

  function cookieToken() {
    const found = document.cookie.split("; ").find((part) => part.startsWith("csrftoken="));
    return found ? decodeURIComponent(found.slice("csrftoken=".length)) : "";
  }

  async function freshToken(url) {
    // The token the page was kept with may have been renewed (a new sign-in): ask the form.
    const page = await fetch(url, { credentials: "same-origin" });
    const found = (await page.text()).match(/name="csrfmiddlewaretoken" value="([^"]+)"/);
    return found ? found[1] : "";
  }

  function post(entry, token) {
    const body = new URLSearchParams(entry.fields.filter(([name]) => name !== "csrfmiddlewaretoken"));
    if (token) body.set("csrfmiddlewaretoken", token);
    return fetch(entry.url, {
      method: "POST",
      body,
      credentials: "same-origin",
      headers: { Accept: "application/json", "X-CSRFToken": cookieToken() },
    });
  }

  // One entry; false when sending should stop for now (no network, the server away).
  async function send(entry) {
    await outbox.put({ ...entry, state: "sent" });
    await render();
    let answer;
    try {
      answer = await post(entry, null);
      if (answer.status === 403) answer = await post(entry, await freshToken(entry.url));
    } catch {
      await outbox.put({ ...entry, state: "waiting" });
      return false;
    }
    const json = (answer.headers.get("Content-Type") || "").includes("application/json");
    if (!json) {
      // A page, not an answer: the sign-in ran out, or the server is away or busy (sent
      // again later); else the match is gone or closed to this person (a 403, a 404, the
      // page of an archived match).
      const signIn = answer.redirected && answer.url.includes("/login");
      const later = signIn || answer.status >= 500;
      await outbox.put({
        ...entry,
        state: later ? "waiting" : "refused",
        message: signIn ? words.signin : later ? "" : words.gone,
      });
      return !later;
    }
    const said = await answer.json();
    const confirmed = ["saved", "kept"].includes(said.state);
    const state = confirmed ? "confirmed" : said.state === "held" ? "held" : "refused";
    await outbox.put({
      ...entry,
      state,
      number: said.number || null,
      message: said.message || "",
      todo: said.todo || "",
      matchUrl: said.match_url || "",
      // Saved, but a player's entry waits for an opponent's confirmation: the match page
      // says when it is confirmed (or rejected); the list keeps the state of the answer.
      unconfirmed: said.confirmation === "provisional",
    });
    return true;
  }

  async function sync() {
    if (!navigator.onLine) return;
    if (syncing) {
      askedAgain = true; // the tap counts: one more pass once this one is done
      return;
    }
    syncing = true;
    try {
      do {
        askedAgain = false;
        for (const entry of await outbox.all()) {
          if (!PENDING.includes(entry.state) || entry.user !== user) continue;
          if (!(await send(entry))) break;
        }
      } while (askedAgain && navigator.onLine);
    } finally {
      syncing = false;
      await render();
    }
  }

  // The kept page names the round it was first served for: after rounds kept on this
  // phone, the heading and the dealer say the round the next entry is.
  const heading = document.querySelector("main h1");
  const dealer = document.querySelector(".round-dealer strong");
  const dealers = JSON.parse(document.getElementById("outbox-dealers")?.textContent || "[]");
  let named = pageAfter;

  function nameTheNextRound() {
    if (nextAfter === named || !heading) return;
    const shown = new RegExp(`\\b${named + 1}\\b`);
    heading.textContent = heading.textContent.replace(shown, String(nextAfter + 1));
    if (dealer && dealers.length) dealer.textContent = dealers[(nextAfter - pageAfter) % dealers.length];
    named = nextAfter;
  }

  // -- the list ---------------------------------------------------------------------------

  function item(entry) {
    const li = document.createElement("li");
    li.className = `outbox-entry outbox-${entry.state}`;
    li.dataset.state = entry.state;
    li.dataset.entryId = entry.id;
    const title = document.createElement("strong");
    title.textContent = entry.label || entry.id;
    const state = document.createElement("span");
    state.className = "outbox-state";
    const shown = entry.state === "confirmed" && entry.unconfirmed ? "unconfirmed" : entry.state;
    state.textContent = words[shown] || entry.state;
    li.append(title, " ", state);
    const others = PENDING.includes(entry.state) && entry.user !== user;
    for (const text of [entry.message, entry.todo, others ? words.other : ""]) {
      if (!text) continue;
      const line = document.createElement("p");
      line.textContent = text;
      li.append(line);
    }
    if (!PENDING.includes(entry.state)) {
      const remove = document.createElement("button");
      remove.type = "button";
      remove.className = "link-button";
      remove.textContent = words.remove;
      remove.addEventListener("click", () => outbox.remove(entry.id).then(render));
      li.append(" ", remove);
    }
    return li;
  }

  async function render() {
    let entries = await outbox.all();
    const old = entries.filter(
      (entry) => entry.state === "confirmed" && Date.now() - entry.updated > KEEP_CONFIRMED_MS,
    );
    await Promise.all(old.map((entry) => outbox.remove(entry.id)));
    entries = entries.filter((entry) => !old.includes(entry));
    usedIds = new Set(entries.map((entry) => entry.id));
    if (isNewRound) {
      nextAfter = pageAfter;
      for (const entry of entries.filter((e) => e.url === here && e.after !== null)) {
        if (entry.state === "confirmed" && entry.number) nextAfter = Math.max(nextAfter, entry.number);
        else if (entry.state !== "refused") nextAfter = Math.max(nextAfter, entry.after + 1);
      }
    }
    const idField = field("entry_id");
    if (idField && usedIds.has(idField.value)) idField.value = outbox.newId();
    if (isNewRound) nameTheNextRound();
    // A Mah-Jongg page: the line saying to type the tiles while offline, and the next
    // game's winds, which a game kept on this phone has changed.
    for (const node of document.querySelectorAll("[data-outbox-offline]")) node.hidden = navigator.onLine;
    for (const node of document.querySelectorAll("[data-outbox-stale]")) node.hidden = nextAfter !== pageAfter;
    list.replaceChildren(...entries.map(item));
    network.textContent = navigator.onLine ? "" : words.offline;
    sendButton.hidden = !entries.some((e) => PENDING.includes(e.state) && e.user === user);
    panel.hidden = entries.length === 0 && navigator.onLine;
  }

  sendButton.addEventListener("click", () => sync());
  window.addEventListener("online", () => sync());
  window.addEventListener("offline", () => render());
  setInterval(() => {
    if (navigator.onLine && !syncing && !sendButton.hidden) sync();
  }, RETRY_MS);
  render().then(sync);
})();
