// The Mah-Jongg picker, on the calculator (templates/scoring/mahjongg_calculator.html) and on a
// league's game form (templates/leagues/mahjongg/game_form.html): every button of its form
// sends the hand (or the whole form) and one change, and htmx queues the requests of quick
// taps (hx-sync), sending each only once the answer before it has brought the new hand. By
// then htmx would name the button that last had the focus, not the one tapped, and send the
// way of adding ("Each tap adds": single tile, chi, pon…) chosen by then, not the one chosen
// when the tile was tapped (pon 1c, chi 2k, chi 5b, single 9c, tapped quickly on a slow
// network, would take 5b as a single tile). Both are noted as the tap is made and put back
// when its request is sent, so that each tap is taken as it was made, none lost or doubled,
// however slow the network is.
(() => {
  "use strict";
  const CHANGES = [
    "clear", "add", "remove", "remove_set", "remove_bonus", "seat", "round", "win", "by",
    "player", "action",
  ];
  const isPicker = (form) => form && (form.id === "mj-form" || form.hasAttribute("data-mj-picker"));

  // Capturing, so this runs before htmx's own listener on the form queues the tap.
  document.addEventListener(
    "submit",
    (event) => {
      if (!isPicker(event.target)) return;
      const mode = event.target.querySelector("input[name='as']:checked");
      event.mjAddAs = mode ? mode.value : null;
    },
    true,
  );

  document.addEventListener("htmx:configRequest", (event) => {
    const form = event.detail.elt;
    if (!isPicker(form)) return;
    const parameters = event.detail.parameters;
    const triggering = event.detail.triggeringEvent;
    const submitter = triggering && triggering.submitter;
    if (triggering && triggering.mjAddAs) parameters.as = triggering.mjAddAs;
    // A change of the caller or of a typed line is no button's: it changes nothing else.
    if (!submitter || !submitter.name) {
      for (const name of CHANGES) delete parameters[name];
      return;
    }
    for (const name of CHANGES) delete parameters[name];
    parameters[submitter.name] = submitter.value;
  });
})();

// The calculator keeps the hand in the page (else, after quick taps on a slow network, the
// hand would lag the taps by seconds): a tap changes the hand at once with the rules
// of mahjongg-picking.js, in the mode chosen at the tap, draws it from the server's own
// drawings of each tile (#mj-hand-parts), and puts the new line in the form, the typed box
// and the address. Only then is the server asked, with the line alone, for the score; the
// newest question wins (an older one is aborted, its answer ignored). A refused tap, or a
// line the rules cannot read (a typed line being fixed), goes to the server as before, which
// words the refusal. Without this script every button is a plain GET form's.
(() => {
  "use strict";
  const rules = window.MahjonggPicking;
  const ASK_AFTER_MS = 120; // quick taps: ask once they pause
  const ACTIONS = ["clear", "add", "remove", "remove_set", "remove_bonus"].concat(
    ["seat", "round", "win", "by", "pairs"],
  );
  const PRESSED = ["seat", "round", "by", "pairs", "win"];
  let asked = 0;
  let controller = null;
  let timer = null;

  // A tap is a press and a release on one button. An answer swapped in between replaces the
  // button pressed (the hand, the winning tile, how it came: all in #mj-live), the release
  // lands on its copy, and the browser makes no click of the two: the tap is lost. Seen on
  // the game form: the winning tile pressed as the answer to the last tile came, on a slow
  // network (tests/scoring/test_browser_mahjongg_press.py). So an answer that comes during
  // a press waits for its release and the click it makes (`afterPress`).
  const PRESS_WAIT_MAX_MS = 2000; // a press this long is no tap (or its release went unseen)
  const pointersDown = new Set();
  let afterRelease = [];
  let pressTimer = null;
  function runAfterRelease() {
    clearTimeout(pressTimer);
    const waiting = afterRelease;
    afterRelease = [];
    for (const run of waiting) run();
  }
  document.addEventListener("pointerdown", (event) => pointersDown.add(event.pointerId), true);
  const released = (event) => {
    if (!pointersDown.delete(event.pointerId) || pointersDown.size) return;
    // The click (and its submit) comes with the release; a new press waits its own turn.
    setTimeout(() => pointersDown.size || runAfterRelease(), 0);
  };
  document.addEventListener("pointerup", released, true);
  document.addEventListener("pointercancel", released, true);
  window.addEventListener("blur", () => {
    pointersDown.clear(); // the release may come to another window
    runAfterRelease();
  });
  const pressing = () => pointersDown.size > 0;
  function afterPress(run) {
    if (!pressing()) return run();
    afterRelease.push(run);
    if (afterRelease.length === 1) {
      pressTimer = setTimeout(() => {
        pointersDown.clear();
        runAfterRelease();
      }, PRESS_WAIT_MAX_MS);
    }
  }

  const form = () => document.getElementById("mj-form");
  const lineInput = () => document.getElementById("mj-line");

  function template() {
    const parts = document.getElementById("mj-hand-parts");
    return parts ? { parts: parts.content, texts: JSON.parse(parts.dataset.texts) } : null;
  }

  function tileItem(parts, code) {
    const button = parts.querySelector(`button[name='remove'][value='${code}']`);
    return button ? button.parentElement.cloneNode(true) : null;
  }

  function run(classes, label, items) {
    const list = document.createElement("ul");
    list.className = classes;
    list.setAttribute("aria-label", label);
    list.append(...items);
    return list;
  }

  function setText(meld) {
    const inner = rules.write({ ...rules.empty(), concealed: meld.tiles });
    return meld.concealed ? `{${inner}}` : `[${inner}]`;
  }

  function drawHand(hand, needed = rules.tilesNeeded(hand)) {
    const drawn = template();
    const section = document.getElementById("mj-hand");
    if (!drawn || !section) return false;
    const { parts, texts } = drawn;
    const cards = section.querySelector(".picker-cards");
    const nodes = [];
    const isEmpty = !hand.concealed.length && !hand.melds.length && !hand.bonus.length;
    if (isEmpty) {
      const note = document.createElement("p");
      note.className = "picker-note";
      note.textContent = texts.empty;
      nodes.push(note);
    }
    if (hand.concealed.length) {
      const items = hand.concealed.map((tile, index) => {
        const item = tileItem(parts, rules.CODES[tile]);
        const button = item.querySelector("button");
        button.id = `mj-r${index}`;
        button.classList.toggle("is-winning", tile === hand.win);
        return item;
      });
      nodes.push(run("picker-run", texts.concealed, items));
    }
    hand.melds.forEach((meld, index) => {
      const kind = meld.concealed ? ".is-concealed" : ".is-exposed";
      const set = parts.querySelector(`.picker-set${kind}`).cloneNode(true);
      const text = setText(meld);
      set.setAttribute(
        "aria-label",
        (meld.concealed ? texts.concealed_set : texts.exposed_set).replace("%s", text),
      );
      set.querySelector(".picker-set-tiles").replaceChildren(
        ...meld.tiles.map((tile) => tileItem(parts, rules.CODES[tile]).querySelector("svg")),
      );
      const remove = set.querySelector(".picker-set-remove");
      remove.id = `mj-remove-set-${index}`;
      remove.value = String(index);
      remove.setAttribute("aria-label", texts.remove_set.replace("%s", text));
      nodes.push(set);
    });
    if (hand.bonus.length) {
      const items = hand.bonus.map((bonus) =>
        parts.querySelector(`#mj-remove-${rules.BONUS[bonus]}`).parentElement.cloneNode(true),
      );
      nodes.push(run("picker-run picker-flowers", texts.bonus, items));
    }
    // The focus stays where it was (a tile taken out by keyboard: the next one at its place).
    const focused = section.contains(document.activeElement) ? document.activeElement.id : "";
    cards.replaceChildren(...nodes);
    const refocus = focused && document.getElementById(focused);
    if (refocus && !section.contains(document.activeElement)) refocus.focus();
    const count = rules.tileCount(hand);
    const plural = count === 1 || (count === 0 && document.documentElement.lang === "fr");
    section.querySelector(".picker-count").textContent = (plural ? texts.one : texts.other)
      .replace("%c", String(count))
      .replace("%n", String(needed));
    section.querySelector(".picker-tip").textContent = isEmpty ? "" : texts.tip;
    const clear = document.getElementById("mj-clear");
    if (clear) clear.hidden = isEmpty;
    drawWin(hand, parts, texts);
    return true;
  }

  // The caller's choices beside the tiles (scoring/templatetags/mahjongg_tiles.py picker_win):
  // a button per tile of the hand they may have won on and, once one is chosen, how it came,
  // drawn with the tiles rather than with the server's answer. Only where the server offers
  // them (#mj-win: the calculator, the caller's tiles on the game form).
  function drawWin(hand, parts, texts) {
    const box = document.getElementById("mj-win");
    const groups = box ? box.querySelectorAll(".mj-choice") : [];
    if (!groups.length || !texts.won_on) return;
    const focused = box.contains(document.activeElement) ? document.activeElement.id : "";
    const tilesGroup = groups[0];
    for (const old of tilesGroup.querySelectorAll("button[name='win']:not([value='none'])")) {
      old.remove();
    }
    const none = tilesGroup.querySelector("button[value='none']");
    if (none) none.setAttribute("aria-pressed", String(hand.win === null));
    for (const tile of new Set(hand.concealed)) {
      const code = rules.CODES[tile];
      const drawn = tileItem(parts, code);
      if (!drawn) continue;
      const button = document.createElement("button");
      button.className = "mj-tile";
      button.id = `mj-win-${code}`;
      button.name = "win";
      button.value = code;
      button.setAttribute("aria-pressed", String(tile === hand.win));
      button.setAttribute("aria-label", texts.won_on.replace("%s", texts.names[code] || code));
      button.append(drawn.querySelector("svg"));
      tilesGroup.append(button);
    }
    let byGroup = groups[1] || null;
    if (hand.win === null) {
      if (byGroup) byGroup.remove();
    } else {
      if (!byGroup) {
        byGroup = parts.querySelector(".mj-choice").cloneNode(true);
        box.append(byGroup);
      }
      const name = texts.names[rules.CODES[hand.win]] || rules.CODES[hand.win];
      byGroup.querySelector(".mj-choice-title").textContent = texts.came.replace("%s", name);
      for (const button of byGroup.querySelectorAll("button[name='by']")) {
        button.setAttribute("aria-pressed", String(button.value === hand.by));
      }
    }
    const again = focused && document.getElementById(focused);
    if (again && !box.contains(document.activeElement)) again.focus();
  }

  function showPressed(hand, line) {
    const values = {
      seat: hand.seat !== null ? "ESWN"[hand.seat] : null,
      round: hand.round !== null ? "ESWN"[hand.round] : null,
      by: hand.by,
      pairs: hand.pairs || "caller",
      win: hand.win !== null ? rules.CODES[hand.win] : "none",
    };
    for (const name of PRESSED) {
      for (const button of document.querySelectorAll(`#mj-live button[name='${name}']`)) {
        if (button.hasAttribute("aria-pressed")) {
          button.setAttribute("aria-pressed", String(button.value === values[name]));
        }
      }
    }
    lineInput().value = line;
    const typed = document.getElementById("mj-notation");
    if (typed) typed.value = line;
  }

  function urlOf(parameters) {
    const url = new URL(form().action, window.location.href);
    url.search = new URLSearchParams(parameters).toString();
    return url;
  }

  // Ask the server; the newest question's answer only is swapped in.
  function ask(parameters) {
    clearTimeout(timer);
    if (controller) controller.abort();
    asked += 1;
    const number = asked;
    const live = document.getElementById("mj-live");
    if (live) live.setAttribute("aria-busy", "true");
    form().classList.add("htmx-request"); // as htmx marks its own: the score is under way
    const done = () => {
      if (number !== asked) return;
      form().classList.remove("htmx-request");
      const now = document.getElementById("mj-live");
      if (now) now.removeAttribute("aria-busy");
    };
    timer = setTimeout(() => {
      controller = new AbortController();
      fetch(urlOf(parameters), {
        headers: {
          "HX-Request": "true",
          "HX-Target": "mj-live",
          "HX-Current-URL": window.location.href,
        },
        signal: controller.signal,
      })
        .then((response) =>
          response.text().then((html) => ({ html, reswap: response.headers.get("HX-Reswap") })),
        )
        .then(({ html, reswap }) =>
          afterPress(() => {
            if (number !== asked) return; // a newer tap asked since
            window.htmx.swap("#mj-live", html, { swapStyle: reswap || "outerHTML" });
            done();
          }),
        )
        .catch(done); // aborted, or the network lost it: the next tap asks again
    }, parameters.hand !== undefined && Object.keys(parameters).length === 1 ? ASK_AFTER_MS : 0);
  }

  // A line the server is reading (a typed one, or one the page could not read, sent by
  // htmx): a tap cannot be made on it here before its answer brings it. Taken at once, the
  // tap went to the line shown before, and the two answers then left the screen with one
  // hand and the address with the other. So taps made meanwhile wait for the answer, then
  // are made on the new line, each in the way of adding chosen at its tap.
  const readsLine = (elt) => elt.id === "mj-notation-form" || elt.id === "mj-form";
  let reading = 0;
  let readingSince = 0;
  let tapsWaiting = []; // [name, value, as]
  document.addEventListener("htmx:beforeRequest", (event) => {
    if (!readsLine(event.detail.elt)) return;
    reading += 1;
    readingSince = Date.now();
  });
  // htmx answers every request it sends, failed ones too; the answer is swapped in by then.
  document.addEventListener("htmx:afterRequest", (event) => {
    if (!readsLine(event.detail.elt) || reading === 0) return;
    reading -= 1;
    if (reading) return;
    const taps = tapsWaiting;
    tapsWaiting = [];
    const picker = form();
    for (const [name, value, as] of taps) {
      const button = picker && picker.querySelector(`button[name='${name}'][value='${value}']`);
      if (!button) continue;
      const now = picker.querySelector("input[name='as']:checked");
      const mode = picker.querySelector(`input[name='as'][value='${as}']`);
      if (mode) mode.checked = true;
      picker.requestSubmit(button);
      if (now) now.checked = true;
    }
  });

  document.addEventListener(
    "submit",
    (event) => {
      const picker = form();
      const submitter = event.submitter;
      if (!rules || event.target !== picker || !submitter || !ACTIONS.includes(submitter.name)) {
        return;
      }
      // Should an answer never come (htmx answers every request it sends), taps stop
      // waiting after as long as the game form's do (SWITCH_WAIT_MAX_MS, below).
      if (reading && Date.now() - readingSince > 20000) reading = 0;
      if (reading) {
        event.preventDefault();
        event.stopPropagation(); // htmx's listener on the form never sees it
        const checked = picker.querySelector("input[name='as']:checked");
        tapsWaiting.push([submitter.name, submitter.value, checked ? checked.value : "tile"]);
        return;
      }
      const before = lineInput().value;
      const hand = rules.read(before);
      if (hand === null) return; // a line being fixed: the server answers as before
      event.preventDefault();
      event.stopPropagation(); // htmx's listener on the form never sees it
      const checked = picker.querySelector("input[name='as']:checked");
      const as = checked ? checked.value : "tile";
      const answer = rules.apply(hand, submitter.name, submitter.value, as);
      if (answer.refused) {
        ask({ hand: before, [submitter.name]: submitter.value, as });
        return;
      }
      const line = rules.write(answer.hand);
      if (!drawHand(answer.hand)) return;
      showPressed(answer.hand, line);
      // As scoring/mahjongg_calculator.py url_for writes it: ?hand=[RdRdRd]+111c+seat=E
      const query = encodeURIComponent(line)
        .replace(/%20/g, "+")
        .replace(/%(5B|5D|7B|7D|3D)/g, (code) => decodeURIComponent(code));
      const address = new URL(form().action, window.location.href);
      address.search = line ? `?hand=${query}` : "";
      if (address.href !== window.location.href) {
        // As htmx pushes it: Back asks the server for the page at that address.
        window.history.pushState({ htmx: true }, "", address);
      }
      ask({ hand: line });
    },
    true,
  );

  // The game form (templates/leagues/mahjongg/game_form.html): the shown player's tiles are
  // their typed field (without the winds: the sheet gives them), changed and drawn at once;
  // then the form is sent as a change of that field (no button's change), once the taps
  // pause, and an answer sent before the newest tap is not swapped in.
  //
  // Choosing another player ("Bruno's tiles") asks the server for that player's picker.
  // Tiles tapped before it has answered wait for it and are then taken as that player's, in
  // the way of adding chosen at each tap: taken at once, they would go to the player shown
  // before, or (refused there: a full hand) to the server with a line the next tap's answer
  // replaces, and be lost.
  const SHEET_ACTIONS = ["clear", "add", "remove", "remove_set", "remove_bonus", "win", "by"];
  let tapsMade = 0;
  let sendTimer = null;
  let switching = 0; // choices of a player not answered yet
  let switchedAt = 0;
  let waiting = []; // the taps made meanwhile: [form, name, value, as]
  // htmx answers every request it sends (htmx:afterRequest, failed ones too); should one
  // never be sent, the taps stop waiting after this long rather than for ever.
  const SWITCH_WAIT_MAX_MS = 20000;

  // One tap on the game form's picker, taken in the page; false: the server takes it.
  function sheetTap(game, name, value, as) {
    const picking = game.querySelector("input[name='picking']");
    const field = picking && game.querySelector(`[name='hand${picking.value}']`);
    if (!field) return false;
    const hand = rules.read(field.value);
    if (hand === null || hand.seat !== null || hand.round !== null) return false;
    const answer = rules.apply(hand, name, value, as, SHEET_ACTIONS);
    if (answer.refused) return false; // the server words it, as before
    const changed = { ...answer.hand, seat: null, round: null }; // entered_line
    const caller = game.querySelector("input[name='caller']:checked");
    const isCaller = caller !== null && caller.value === picking.value;
    const needed = rules.tilesNeeded(changed) + (isCaller && changed.win === null ? 1 : 0);
    if (!drawHand(changed, needed)) return false;
    field.value = rules.write(changed);
    tapsMade += 1;
    clearTimeout(sendTimer);
    sendTimer = setTimeout(() => {
      field.dispatchEvent(new Event("change", { bubbles: true }));
    }, ASK_AFTER_MS);
    return true;
  }

  document.addEventListener(
    "submit",
    (event) => {
      const game = event.target;
      const submitter = event.submitter;
      if (!rules || !game.hasAttribute("data-mj-picker") || !submitter) return;
      if (submitter.name === "player") {
        switching += 1; // htmx sends it; its answer brings the player's picker
        switchedAt = Date.now();
        return;
      }
      if (!SHEET_ACTIONS.includes(submitter.name)) return;
      const checked = game.querySelector("input[name='as']:checked");
      const as = checked ? checked.value : "tile";
      if (switching && Date.now() - switchedAt > SWITCH_WAIT_MAX_MS) {
        switching = 0;
        takeWaiting();
      }
      if (switching) {
        event.preventDefault();
        event.stopPropagation();
        waiting.push([game, submitter.name, submitter.value, as]);
        return;
      }
      if (!sheetTap(game, submitter.name, submitter.value, as)) return;
      event.preventDefault();
      event.stopPropagation(); // htmx's listener on the form never sees it
    },
    true,
  );

  // Quick taps each queue a change of the field (hx-sync="this:queue all"), and htmx sends
  // each queued one with the form as it is by then: after fourteen taps on a slow network,
  // the same question three times, and three answers of some 20 KB each swapped in. A change
  // whose form is the one of the answer on the screen is not sent.
  let shownQuestion = null;
  let asking = null; // the question of the request being configured, for its xhr
  document.addEventListener("htmx:configRequest", (event) => {
    asking = null;
    if (!event.detail.elt.hasAttribute("data-mj-picker")) return;
    asking = new URLSearchParams(event.detail.formData).toString();
    const triggering = event.detail.triggeringEvent;
    const typed = triggering && triggering.type === "change" && triggering.target.closest("#mj-typed");
    if (typed && asking === shownQuestion) event.preventDefault();
  });
  document.addEventListener("htmx:beforeSend", (event) => {
    if (!event.detail.elt.hasAttribute("data-mj-picker")) return;
    const xhr = event.detail.xhr;
    xhr.mjTaps = tapsMade;
    xhr.mjQuestion = asking;
    const triggering = event.detail.requestConfig && event.detail.requestConfig.triggeringEvent;
    const pressed = triggering && triggering.submitter ? triggering.submitter.name : "";
    xhr.mjSwitch = pressed === "player";
    xhr.mjAction = pressed === "action"; // Preview or Save: its answer is no picker's
  });
  document.addEventListener("htmx:beforeSwap", (event) => {
    const xhr = event.detail.xhr;
    if (!xhr || xhr.mjTaps === undefined || !event.detail.shouldSwap) return;
    if (xhr.mjTaps !== tapsMade) {
      event.detail.shouldSwap = false; // a newer tap is in the page and asked for
    } else if (pressing() && !xhr.mjAction) {
      event.detail.shouldSwap = false; // swapped once the finger is up (afterPress)
      xhr.mjDeferred = true;
      const { serverResponse, target } = event.detail;
      const swapStyle = event.detail.swapOverride || "outerHTML"; // the form's hx-swap
      afterPress(() => {
        if (xhr.mjTaps !== tapsMade) return; // the press was a tap: it asks anew
        shownQuestion = xhr.mjQuestion;
        window.htmx.swap(target.isConnected ? target : "#mj-live", serverResponse, { swapStyle });
      });
    } else {
      shownQuestion = xhr.mjQuestion;
    }
  });
  // The player's picker is in (or the question failed): the taps made meanwhile are theirs.
  document.addEventListener("htmx:afterRequest", (event) => {
    const xhr = event.detail.xhr;
    if (!xhr || !xhr.mjSwitch || switching === 0) return;
    const taken = () => {
      switching -= 1;
      if (!switching) takeWaiting();
    };
    if (xhr.mjDeferred) afterPress(taken); // after its picker is swapped in
    else taken();
  });

  function takeWaiting() {
    const taps = waiting;
    waiting = [];
    for (const [game, name, value, as] of taps) {
      if (sheetTap(game, name, value, as)) continue;
      // Refused in the page (a fifth tile): the server words it, as for a tap made now.
      // The way of adding is read as the form is sent: the tap's, then the one chosen now.
      const button = game.querySelector(`button[name='${name}'][value='${value}']`);
      const now = game.querySelector("input[name='as']:checked");
      const mode = game.querySelector(`input[name='as'][value='${as}']`);
      if (mode) mode.checked = true;
      if (button) game.requestSubmit(button);
      if (now) now.checked = true;
    }
  }
})();
