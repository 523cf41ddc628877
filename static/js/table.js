/* The table page's live part: one websocket, every snapshot drawn again in full.
 *
 * The server is the truth. A snapshot carries the table (seats, match, deadlines) and this
 * seat's view of the round (docs/live_protocol.md, games/play/views.py); the page is drawn
 * again from it, so a missed frame can never leave the picture half-updated. An action is
 * sent as a frame, and nothing changes here until the next snapshot arrives.
 *
 * Everything a player reads comes from the page: the translated text in #table-text, the
 * cards' names and order in #table-config, the card pictures in <template id="card-CODE">
 * (drawn by the server, the calculator's SVGs). No English lives in this file.
 */
(() => {
  "use strict";

  const configNode = document.getElementById("table-config");
  const textNode = document.getElementById("table-text");
  if (!configNode || !textNode) return;
  const config = JSON.parse(configNode.textContent);
  const TEXT = JSON.parse(textNode.textContent);
  const language = (document.documentElement.lang || "en").split("-")[0];

  // Card code -> its place in a sorted hand and its name. The server lists the cards in
  // suit order: bamboo, circles, characters, winds, dragons, Mhing card, flower.
  const CARDS = new Map(config.cards.map(([code, label], i) => [code, { order: i, label }]));
  const cardLabel = (code) => (CARDS.has(code) ? CARDS.get(code).label : code);
  const cardOrder = (code) => (CARDS.has(code) ? CARDS.get(code).order : CARDS.size);

  const $ = (id) => document.getElementById(id);

  /* Text and elements ----------------------------------------------------------------- */

  /** The translated text for `key`, with its `%(name)s` placeholders filled in. */
  function t(key, values) {
    const text = TEXT[key] === undefined ? key : TEXT[key];
    if (!values) return text;
    return text.replace(/%\((\w+)\)s/g, (whole, name) =>
      values[name] === undefined ? whole : String(values[name]),
    );
  }

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (name === "class") node.className = value;
      else if (name === "text") node.textContent = value;
      else if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
      else node.setAttribute(name, value === true ? "" : value);
    }
    for (const child of children.flat()) {
      if (child === null || child === undefined || child === false) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  /* Cards ----------------------------------------------------------------------------- */

  function cardSvg(code) {
    const sprite = $(`card-${code}`) || $("card-back");
    return sprite.content.firstElementChild.cloneNode(true);
  }

  /** A card to look at (a discard, an exposed set, a revealed hand), named for readers. */
  function cardImage(code, extraClass, label) {
    return el(
      "span",
      {
        class: `tcard${extraClass ? ` ${extraClass}` : ""}`,
        role: "img",
        "aria-label": label || cardLabel(code),
        "data-card": code,
      },
      cardSvg(code),
    );
  }

  function cardBacks(count) {
    const label = t("hand_count", { count });
    const backs = el("span", { class: "tcard-backs", role: "img", "aria-label": label });
    for (let i = 0; i < count; i += 1) {
      backs.append(el("span", { class: "tcard tcard-back" }, cardSvg("back")));
    }
    return backs;
  }

  const sortCards = (codes) => [...codes].sort((a, b) => cardOrder(a) - cardOrder(b));
  const joinCards = (codes) => codes.map(cardLabel).join(t("list_separator"));

  /* State ----------------------------------------------------------------------------- */

  let socket = null;
  let version = null; // the last version this page has seen
  let snapshot = null;
  let attempts = 0;
  let retryTimer = null;
  let closedForGood = false;
  let pending = false; // a frame was sent and its answer has not come back yet
  let countdownTimer = null;
  let lastAnnouncement = "";
  let eventNotes = []; // what the events frames before this snapshot said happened

  /* Connection ------------------------------------------------------------------------ */

  function setConnection(state, seconds) {
    const node = $("live-connection");
    node.dataset.state = state;
    node.textContent = t(`connection_${state}`, { seconds });
  }

  function connect() {
    clearTimeout(retryTimer);
    retryTimer = null;
    if (socket || closedForGood) return;
    setConnection("connecting");
    const scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
    const ws = new WebSocket(scheme + window.location.host + config.ws_path);
    socket = ws;
    ws.addEventListener("open", () => {
      attempts = 0;
      setConnection("connected");
      // Catch up from the last version seen: a snapshot comes back, or "up_to_date".
      if (version !== null) send({ type: "sync", version });
    });
    ws.addEventListener("message", (message) => {
      let frame;
      try {
        frame = JSON.parse(message.data);
      } catch {
        return;
      }
      receive(frame);
    });
    ws.addEventListener("close", (close) => {
      if (socket !== ws) return; // replaced on purpose (reconnectNow)
      socket = null;
      pending = false;
      // 4000-4999 are the server's own codes (no such table): trying again cannot help.
      if (close.code >= 4000 && close.code < 5000) {
        closedForGood = true;
        setConnection("closed");
        return;
      }
      reconnectLater();
    });
  }

  function reconnectLater() {
    if (retryTimer || closedForGood) return;
    // Exponential backoff with jitter, so a restarted server is not hit by every page at
    // the same instant.
    const base = Math.min(15000, 500 * 2 ** attempts);
    const delay = Math.round(base * (0.75 + Math.random() * 0.5));
    attempts += 1;
    setConnection("reconnecting", Math.max(1, Math.round(delay / 1000)));
    retryTimer = setTimeout(connect, delay);
  }

  /** Open the socket again at once: the user took or left a seat, and the server learns a
   *  socket's seat when it connects. */
  function reconnectNow() {
    const old = socket;
    socket = null;
    attempts = 0;
    if (old) old.close(1000);
    connect();
  }

  function send(frame) {
    if (!socket || socket.readyState !== WebSocket.OPEN) return false;
    socket.send(JSON.stringify(frame));
    return true;
  }

  /** Send a frame for this seat; the buttons stay disabled until its answer arrives. */
  function request(frame) {
    if (pending) return;
    if (!send(frame)) {
      showError(t("error_offline"));
      return;
    }
    pending = true;
    document.querySelectorAll("#live-table [data-action]").forEach((button) => {
      button.disabled = true;
    });
  }

  const act = (action) => request({ type: "action", action });

  // Events from the waiting room's forms (django-htmx trigger_client_event).
  document.body.addEventListener("seat-changed", reconnectNow);
  document.body.addEventListener("table-started", () => {
    // The snapshot on the socket brings the live table; without a socket, load it.
    if (!socket || socket.readyState !== WebSocket.OPEN) window.location.reload();
  });
  window.addEventListener("online", () => {
    if (!socket) connect();
  });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && !socket) connect();
  });

  /* Frames ---------------------------------------------------------------------------- */

  function receive(frame) {
    switch (frame.type) {
      case "snapshot":
        version = frame.version;
        pending = false;
        render(frame);
        break;
      case "events":
        // One frame per version missed may come before the snapshot: keep them all.
        eventNotes.push(...(frame.events || []).map(describeEvent).filter(Boolean));
        break;
      case "error":
        pending = false;
        if (snapshot) render(snapshot); // the buttons again, as they were
        // The server words its refusals in the player's language.
        showError(frame.message || t("error_other"));
        if (version !== null && frame.version > version) send({ type: "sync", version });
        break;
      case "up_to_date":
        version = frame.version;
        break;
      default:
        break;
    }
  }

  function showError(message) {
    const node = $("live-error");
    node.textContent = message;
    node.hidden = false;
    clearTimeout(showError.timer);
    showError.timer = setTimeout(() => {
      node.hidden = true;
      node.textContent = "";
    }, 6000);
  }

  /* Names ----------------------------------------------------------------------------- */

  function seatName(position) {
    if (snapshot && snapshot.view && position === snapshot.view.seat) return t("you");
    const seat = snapshot && snapshot.table.seats.find((s) => s.position === position);
    return seat && seat.name ? seat.name : t("seat_number", { number: position + 1 });
  }

  function combinationName(combination) {
    const names = combination.names || {};
    return names[language] || names.en || combination.key;
  }

  function describeEvent(event) {
    const name = event.seat === undefined ? "" : seatName(event.seat);
    switch (event.type) {
      case "discarded":
        return t("event_discarded", { name, card: cardLabel(event.card) });
      case "claimed":
        return t(`event_claimed_${event.kind}`, { name, card: cardLabel(event.card) });
      case "round_started":
        return t("event_round_started", { name: seatName(event.dealer) });
      default:
        return "";
    }
  }

  /* Rendering ------------------------------------------------------------------------- */

  function render(frame) {
    const previous = snapshot;
    snapshot = frame;
    const table = frame.table;
    // The waiting room is the server's (seats and forms): a change there is fetched again.
    if (table.status === "waiting") {
      if (previous && previous.version !== frame.version && window.htmx) {
        window.htmx.trigger(document.body, "table-changed");
      }
      return;
    }
    // The game has started: the live table takes the waiting room's place on the same
    // socket (a reload would leave the seat to the bot for a moment).
    if (config.mode === "waiting") {
      config.mode = "live";
      const seats = $("seats");
      if (seats) seats.remove();
      $("live-table").hidden = false;
    }
    const view = frame.view;
    $("live-table").dataset.status = table.status;
    renderInfo(table, view);
    renderSeats(table, view);
    renderCentre(table, view);
    renderHand(view);
    renderActions(view);
    renderResult(table, view);
    renderTotals(table, view);
    announce(view);
    eventNotes = [];
  }

  function renderInfo(table, view) {
    const parts = [];
    const match = table.match || {};
    if (match.round) parts.push(t("round_number", { number: match.round }));
    if (view) {
      parts.push(t("dealer_is", { name: seatName(view.dealer) }));
      parts.push(t("stock_count", { count: view.stock }));
    }
    if (table.status === "finished") parts.push(t("status_finished"));
    $("live-info").textContent = parts.join(" · ");
  }

  function seatState(view, position) {
    if (!view || view.phase === "over") return "";
    if (view.phase === "discard" && view.turn === position) return "turn";
    if (view.phase === "claims" && view.claims.waiting.includes(position)) return "deciding";
    return "";
  }

  function badge(text, extraClass, title) {
    return el("span", { class: `badge${extraClass ? ` ${extraClass}` : ""}`, title, text });
  }

  function meldNode(meld) {
    let label = `${t(`meld_${meld.kind}`, { name: seatName(meld.from) })}: ${joinCards(meld.cards)}`;
    if (meld.named) label += ` ${t("claim_named", { card: cardLabel(meld.named) })}`;
    return el(
      "li",
      { class: "live-meld", role: "img", "aria-label": label },
      meld.cards.map((code, i) => cardImage(code, i === 0 ? "is-claimed" : "")),
    );
  }

  function seatNode(table, view, position) {
    const own = view.seat;
    const seat = view.seats[position];
    const info = table.seats.find((s) => s.position === position) || {};
    const state = seatState(view, position);

    const badges = el("span", { class: "live-badges" });
    if (view.dealer === position) badges.append(badge(t("dealer_short"), "badge-dealer", t("dealer")));
    if (info.is_bot) badges.append(badge(t("bot")));
    else if (info.connected === false) badges.append(badge(t("offline"), "badge-offline"));
    if (state) badges.append(badge(t(state === "turn" ? "on_turn" : "deciding"), "badge-turn"));

    let hand;
    if (position === own) {
      hand = el("p", { class: "muted", text: t("hand_count", { count: seat.hand_count }) });
    } else if (seat.hand) {
      // The round is over: every hand lies open.
      const cards = sortCards(seat.hand).map((code) => cardImage(code));
      hand = el("div", { class: "live-seat-hand is-revealed" }, cards);
    } else {
      hand = el("div", { class: "live-seat-hand" }, cardBacks(seat.hand_count));
    }

    const open = el("div", { class: "live-seat-open" });
    if (seat.flowers) {
      const label = t("flowers_count", { count: seat.flowers });
      open.append(
        el("p", { class: "live-flowers", role: "img", "aria-label": label },
          cardImage("F"), el("span", { "aria-hidden": "true", text: `×${seat.flowers}` })),
      );
    }
    if (seat.exposed.length) {
      open.append(el("ul", { class: "live-melds", "aria-label": t("exposed") }, seat.exposed.map(meldNode)));
    }

    let discards;
    if (seat.discards.length) {
      const last = view.last_discard;
      discards = el("ol", { class: "live-discards", "aria-label": t("discards") });
      seat.discards.forEach((code, index) => {
        const isLast = last && last.seat === position && last.index === index;
        const label = isLast ? t("last_discard_card", { card: cardLabel(code) }) : null;
        discards.append(el("li", {}, cardImage(code, isLast ? "is-last" : "", label)));
      });
    } else {
      discards = el("p", { class: "muted", text: t("no_discards") });
    }

    const classes = ["live-seat"];
    if (position === own) classes.push("is-own");
    if (state) classes.push(`is-${state}`);
    return el(
      "section",
      { class: classes.join(" "), "data-seat": position, "aria-label": seatName(position) },
      el("header", { class: "live-seat-head" }, el("h3", { text: seatName(position) }), badges),
      hand,
      open,
      discards,
    );
  }

  function renderSeats(table, view) {
    const box = $("live-seats");
    box.replaceChildren();
    if (!view) return;
    // A player sees the others in turn order after themselves, and their own seat last.
    for (let i = 1; i <= view.players; i += 1) {
      const position = view.seat === null ? i - 1 : (view.seat + i) % view.players;
      box.append(seatNode(table, view, position));
    }
  }

  function renderCentre(table, view) {
    const box = $("live-centre");
    box.replaceChildren();
    stopCountdown();
    box.hidden = Boolean(view && view.phase === "over");
    if (!view) {
      const key = table.status === "finished" ? "status_finished" : "waiting_for_round";
      box.append(el("p", { class: "muted", text: t(key) }));
      return;
    }
    if (view.phase === "over") return;
    if (view.claims) {
      const claims = view.claims;
      const text = t("open_discard", {
        name: seatName(claims.discarder),
        card: cardLabel(claims.card),
      });
      box.append(
        el("div", { class: "live-open-discard" }, cardImage(claims.card, "is-last"), el("p", { text })),
      );
      if (table.claim_deadline) {
        const bar = el("span", { class: "live-countdown-bar" });
        const label = el("span", { class: "live-countdown-text" });
        const track = el("span", { class: "live-countdown-track", "aria-hidden": "true" }, bar);
        box.append(el("p", { class: "live-countdown" }, label, track));
        startCountdown(table.claim_deadline, table.claim_timeout, label, bar, "claims_close_in");
      }
      return;
    }
    const mine = view.turn === view.seat;
    const text = t(mine ? "your_turn" : "turn_of", { name: seatName(view.turn) });
    box.append(el("p", { class: "live-turn", text }));
    if (mine && table.turn_deadline) {
      // Only near the end: a player who is thinking should not be rushed by a clock.
      const label = el("span", { class: "live-countdown-text" });
      box.append(el("p", { class: "live-countdown" }, label));
      startCountdown(table.turn_deadline, null, label, null, "bot_plays_in", 15);
    }
  }

  /** Count down to `deadline` (epoch seconds, the server's clock) in `label`, and in `bar`
   *  as a share of `total` seconds. `showBelow`: stay empty until so few seconds are left. */
  function startCountdown(deadline, total, label, bar, key, showBelow) {
    // Never more than the whole timeout, in case this device's clock runs behind.
    const end = total ? Math.min(deadline * 1000, Date.now() + total * 1000) : deadline * 1000;
    const tick = () => {
      const left = Math.max(0, end - Date.now());
      const seconds = Math.ceil(left / 1000);
      label.textContent = showBelow && seconds > showBelow ? "" : t(key, { seconds });
      if (bar) bar.style.width = `${(100 * left) / (total * 1000)}%`;
      if (left <= 0) stopCountdown();
    };
    stopCountdown();
    countdownTimer = setInterval(tick, 250);
    tick();
  }

  function stopCountdown() {
    clearInterval(countdownTimer);
    countdownTimer = null;
  }

  function renderHand(view) {
    const section = $("live-own");
    const hand = $("live-hand");
    const drawnBox = $("live-drawn");
    hand.replaceChildren();
    drawnBox.replaceChildren();
    const seated = Boolean(view) && view.seat !== null;
    $("live-watching").hidden = seated;
    section.hidden = !seated;
    if (!seated) return;
    const seat = view.seats[view.seat];
    const cards = sortCards(seat.hand || []);
    // The card just drawn stands apart, so the player sees what came in.
    if (seat.drawn && view.phase !== "over") {
      const at = cards.indexOf(seat.drawn);
      if (at >= 0) cards.splice(at, 1);
      drawnBox.append(
        el("span", { class: "live-drawn-label", text: t("drawn") }),
        handCard(seat.drawn, view, true),
      );
    }
    hand.append(...cards.map((code) => el("li", {}, handCard(code, view, false))));
    $("live-own-title").textContent = t("your_hand_count", { count: (seat.hand || []).length });
  }

  function handCard(code, view, drawn) {
    const legal = view.actions.some((a) => a.type === "discard" && a.card === code);
    const usable = legal && !pending;
    return el(
      "button",
      {
        type: "button",
        class: `tcard tcard-button${drawn ? " is-drawn" : ""}`,
        "data-card": code,
        "data-action": legal ? "discard" : null,
        disabled: !usable,
        "aria-label": legal ? t("discard_card", { card: cardLabel(code) }) : cardLabel(code),
        onclick: () => act({ type: "discard", card: code }),
      },
      cardSvg(code),
    );
  }

  function actionButton(label, frame, options) {
    const { action, cards, extraClass } = options || {};
    const pictures = (cards || []).map((code) => el("span", { class: "tcard tcard-mini" }, cardSvg(code)));
    return el(
      "button",
      {
        type: "button",
        class: `button live-action${extraClass ? ` ${extraClass}` : ""}`,
        "data-action": action || frame.type,
        disabled: pending,
        onclick: () => request(frame),
      },
      el("span", { text: label }),
      pictures.length ? el("span", { class: "live-action-cards", "aria-hidden": "true" }, pictures) : null,
    );
  }

  const actionFrame = (action) => ({ type: "action", action });

  function renderActions(view) {
    const box = $("live-actions");
    box.replaceChildren();
    if (!view || view.seat === null) return;
    const actions = view.actions || [];
    // Mhing first and loudest; then the claims, each with the two cards it would expose.
    for (const action of actions) {
      if (action.type === "mhing" || action.type === "claim_mhing") {
        box.append(actionButton(t("mhing"), actionFrame(action), { action: action.type, extraClass: "live-mhing" }));
      }
    }
    for (const action of actions) {
      if (action.type !== "claim_sequence" && action.type !== "claim_triplet") continue;
      const kind = action.type === "claim_sequence" ? "sequence" : "triplet";
      let label = t(`claim_${kind}`, { cards: joinCards(action.cards) });
      if (action.named) label += ` ${t("claim_named", { card: cardLabel(action.named) })}`;
      box.append(
        actionButton(label, actionFrame(action), {
          action: action.type,
          cards: action.cards,
          extraClass: "button-secondary",
        }),
      );
    }
    const pass = actions.find((a) => a.type === "pass");
    if (pass) {
      box.append(actionButton(t("pass"), actionFrame(pass), { action: "pass", extraClass: "button-secondary" }));
    }
    if (view.claims && view.claims.has_answered) {
      const answer = view.claims.your_answer;
      const text = answer && answer.type === "pass" ? t("you_passed") : t("you_claimed");
      box.append(el("p", { class: "muted", text }));
    }
  }

  function arrangementNode(score) {
    // The winning hand as the scorer read it: each set, a Mhing card named for what it is.
    const groups = score.arrangement.groups.map((group) =>
      el(
        "li",
        { class: `live-group${group.exposed ? " is-exposed" : ""}` },
        group.cards.map((code, i) =>
          group.jokers[i]
            ? cardImage("J", "", t("joker_as", { card: cardLabel(code) }))
            : cardImage(code),
        ),
      ),
    );
    return el("ul", { class: "live-arrangement" }, groups);
  }

  function scoreTable(score) {
    const cell = (text, tag = "td", extra = {}) => el(tag, { class: "num", text, ...extra });
    const rows = score.combinations.length
      ? score.combinations.map((c) =>
          el(
            "tr",
            { "data-combination": c.key },
            el("td", { text: combinationName(c) }),
            cell(c.credits),
            cell(`×${c.count}`),
            cell(c.total),
          ),
        )
      : [el("tr", {}, el("td", { colspan: "4", text: t("no_combination") }))];
    const heading = (key) => el("th", { scope: "col", class: "num", text: t(key) });
    const footer = (key, value) =>
      el("tr", {}, el("th", { scope: "row", colspan: "3", text: t(key) }), cell(value));
    return el(
      "div",
      { class: "table-scroll" },
      el(
        "table",
        { class: "table live-breakdown" },
        el("caption", { class: "visually-hidden", text: t("combinations") }),
        el(
          "thead",
          {},
          el(
            "tr",
            {},
            el("th", { scope: "col", text: t("combination") }),
            heading("credits"),
            heading("count"),
            heading("total"),
          ),
        ),
        el("tbody", {}, rows),
        el("tfoot", {}, footer("total_credits", score.credits), footer("points", score.points)),
      ),
    );
  }

  function renderResult(table, view) {
    const box = $("live-result");
    box.replaceChildren();
    const outcome = view && view.phase === "over" ? view.outcome : null;
    const match = table.match || {};
    box.hidden = !outcome && !match.finished;
    if (box.hidden) return;
    if (outcome) {
      box.append(el("h2", { text: t("round_over") }));
      if (outcome.result === "draw") {
        box.append(el("p", { class: "live-result-head", text: t("round_draw") }));
      } else {
        const name = seatName(outcome.winner);
        const how = outcome.self_drawn
          ? t("won_self_drawn", { name })
          : t("won_on_discard", { name, discarder: seatName(outcome.discarder) });
        box.append(el("p", { class: "live-result-head", text: how }));
        box.append(arrangementNode(outcome.score), scoreTable(outcome.score));
      }
    }
    if (match.finished) {
      const won = match.winner === null || match.winner === undefined;
      const text = won ? t("match_over") : t("match_won", { name: seatName(match.winner) });
      box.append(el("p", { class: "live-result-head", text }));
      if (table.recorded_match) box.append(el("p", { class: "muted", text: t("recorded") }));
      return;
    }
    if (!outcome || table.status !== "playing") return;
    // The next round is dealt once every connected player has asked for it, or when the
    // pause runs out.
    const controls = el("div", { class: "live-actions" });
    if (view.seat !== null && !(table.ready || []).includes(view.seat)) {
      controls.append(actionButton(t("next_round"), { type: "next_round" }));
    } else if (view.seat !== null) {
      controls.append(el("p", { class: "muted", text: t("waiting_for_others") }));
    }
    if (table.next_round_at) {
      const label = el("span", { class: "live-countdown-text" });
      controls.append(el("p", { class: "live-countdown" }, label));
      startCountdown(table.next_round_at, null, label, null, "next_round_in");
    }
    box.append(controls);
  }

  function renderTotals(table, view) {
    const body = $("live-totals-body");
    body.replaceChildren();
    const match = table.match || {};
    const totals = match.totals || [];
    $("live-totals-unit").textContent = t(table.variant === "chips" ? "chips" : "points");
    for (const seat of table.seats) {
      const position = seat.position;
      const dealer = (view ? view.dealer : match.dealer) === position;
      const total = totals[position] === undefined ? "–" : totals[position];
      body.append(
        el(
          "tr",
          { class: match.winner === position ? "is-winner" : null },
          el(
            "th",
            { scope: "row" },
            seatName(position),
            dealer ? badge(t("dealer_short"), "badge-dealer", t("dealer")) : null,
          ),
          el("td", { class: "num", text: total }),
        ),
      );
    }
  }

  /** What just happened and what this player must do, for the aria-live region. */
  function announce(view) {
    let status = "";
    if (view && view.phase !== "over") {
      if (view.claims && view.claims.may_answer && !view.claims.has_answered) {
        status = t("claim_or_pass", { card: cardLabel(view.claims.card) });
      } else if (view.phase === "discard" && view.turn === view.seat) {
        const mhing = view.actions.some((a) => a.type === "mhing");
        status = t(mhing ? "your_turn_mhing" : "your_turn");
      }
    } else if (view && view.outcome) {
      const winner = view.outcome.winner;
      status = winner === null ? t("round_draw") : t("round_won", { name: seatName(winner) });
    }
    // Emptied when there is nothing new to say, so an old prompt never lingers.
    // After a reconnect many events may arrive at once: the last few are enough to read.
    const message = [...eventNotes.slice(-3), status].filter(Boolean).join(" ");
    if (message !== lastAnnouncement) {
      $("live-announce").textContent = message;
      lastAnnouncement = message;
    }
  }

  // The share link's copy button, where the browser lets a page write to the clipboard.
  document.querySelectorAll("[data-copy]").forEach((button) => {
    const input = $(button.dataset.copy);
    if (!input || !navigator.clipboard) return;
    button.hidden = false;
    button.addEventListener("click", () => {
      navigator.clipboard.writeText(input.value).then(
        () => {
          button.textContent = t("copied");
        },
        () => input.select(),
      );
    });
  });

  connect();
})();
