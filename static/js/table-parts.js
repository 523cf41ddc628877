/* The live table's shared parts: its words, its cards, building elements, the state the
 * drawing needs. Loaded first; table-play.js and table-result.js draw with these, and
 * table.js (the connection) sets `state` and calls them (docs/live_protocol.md).
 *
 * Everything a player reads comes from the page: the translated text in #table-text, the
 * cards' names and order in #table-config, the card pictures in <template id="card-CODE">
 * (drawn by the server, the calculator's SVGs). No English lives in these files.
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

  // Set by table.js: the latest snapshot, whether a frame awaits its answer, how to send one.
  const state = { snapshot: null, pending: false, request: () => {} };

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

  function badge(text, extraClass, title) {
    return el("span", { class: `badge${extraClass ? ` ${extraClass}` : ""}`, title, text });
  }

  /** A button that sends `frame`; disabled while another frame awaits its answer. */
  function actionButton(label, frame, options) {
    const { action, cards, extraClass } = options || {};
    const pictures = (cards || []).map((code) =>
      el("span", { class: "tcard tcard-mini" }, cardSvg(code)),
    );
    return el(
      "button",
      {
        type: "button",
        class: `button live-action${extraClass ? ` ${extraClass}` : ""}`,
        "data-action": action || frame.type,
        disabled: state.pending,
        onclick: () => state.request(frame),
      },
      el("span", { text: label }),
      pictures.length
        ? el("span", { class: "live-action-cards", "aria-hidden": "true" }, pictures)
        : null,
    );
  }

  /* Names ----------------------------------------------------------------------------- */

  function seatName(position) {
    const snapshot = state.snapshot;
    if (snapshot && snapshot.view && position === snapshot.view.seat) return t("you");
    const seat = snapshot && snapshot.table.seats.find((s) => s.position === position);
    return seat && seat.name ? seat.name : t("seat_number", { number: position + 1 });
  }

  function combinationName(combination) {
    const names = combination.names || {};
    return names[language] || names.en || combination.key;
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

  /* The countdown (one at a time: a claim window, a turn's end, or the next deal) ------- */

  let countdownTimer = null;

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

  window.MhingTable = {
    config,
    state,
    $,
    t,
    el,
    badge,
    actionButton,
    seatName,
    combinationName,
    cardLabel,
    cardSvg,
    cardImage,
    cardBacks,
    sortCards,
    joinCards,
    startCountdown,
    stopCountdown,
  };
})();
