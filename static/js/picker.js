/* The card picker in the browser (scoring/picker.py, templates/scoring/picker_*.html).
 *
 * The hand lives here, not in the server's answers: a tap changes it at once (the card shows
 * in the hand, the palette greys out what no longer fits, the address or the form's box gets
 * the new notation), and only then is the server asked what the hand scores. The newest
 * question wins: an older one is aborted and its answer, should it still come, is ignored.
 * So no tap is ever lost to a slow network, and the page says "Scoring…" until the answer
 * is in.
 *
 * The server stays the judge of the hand: every answer carries the hand as it read it
 * (picker_hint.html's data-state), which this script takes over. That is how a typed hand
 * reaches the palette: while the server reads it, taps wait in a queue, then apply to it.
 *
 * Loaded after picker-hand.js (the hand's rules) and picker-draw.js (drawing it). Without
 * these scripts every card is a plain link and the box a plain form field.
 */
(() => {
  "use strict";

  const TYPING_PAUSE_MS = 400; // typing: ask once the typist pauses
  const BUSY_DELAY_MS = 120; // show "Scoring…" only for an answer slower than this
  const RETRY_MAX_MS = 15000; // a question the network lost is asked again after 1, 2, 4… s
  // What a tap may hit: a palette card, a card or set of the hand, a button, an example.
  const TAPPABLE =
    "[data-add], [data-remove], [data-remove-set], [data-remove-pending], [data-do], [data-hand]";

  const normal = (text) => text.trim().split(/\s+/).filter(Boolean).join(" ");

  function setUp(root) {
    const palette = root.querySelector("[data-picker-config]");
    if (!palette) return;
    const config = JSON.parse(document.getElementById(palette.dataset.pickerConfig).textContent);
    const { text, prefix } = config;
    const byId = (suffix) => document.getElementById(`${prefix}-${suffix}`);
    const box = root.querySelector("[data-picker-notation]");
    const boxForm = box && box.form && box.form.id === `${prefix}-notation-form` ? box.form : null;
    const statusLine = config.status ? document.getElementById(config.status) : null;

    // The palette lists the cards in the deck's order (bamboo 1-9 … white dragon, J, F).
    const codes = [...palette.querySelectorAll("[data-add]")].map((node) => node.dataset.add);
    const hand = window.MhingPicker.rules(config, new Map(codes.map((code, i) => [code, i])));
    const { changes, notation } = hand;
    // The round form's own fields kept in the address beside the hand (config.carry: the
    // winner, the win type, whose discard…), read as they are now, not as first served.
    const carryForm = box && box.form && !boxForm && config.carry.length ? box.form : null;
    const urlFor = (s, typedNow) => {
      if (carryForm) {
        const data = new FormData(carryForm);
        config.extra = config.carry
          .map((name) => [name, data.get(name)])
          .filter(([, value]) => typeof value === "string" && value !== "");
      }
      return hand.urlFor(s, typedNow);
    };
    const { drawHand, drawPalette, element } = window.MhingPicker.drawing(
      config,
      hand,
      byId("hand"),
      palette,
    );

    let state = JSON.parse(byId("hint").dataset.state);
    let known = true; // false while the server reads a typed hand
    let typedText = ""; // that hand's text
    let queued = []; // taps made meanwhile
    let asked = 0; // the number of the newest question
    let controller = null;
    let failures = 0;
    let retryTimer = null;
    let typingTimer = null;
    let busyTimer = null;

    /* Waiting for an answer: marked at once for assistive technology; shown ("Scoring…",
       the old score dimmed) only if it takes a moment, so a fast answer does not flicker. */
    function busy(on) {
      clearTimeout(busyTimer);
      const result = document.getElementById(config.target);
      if (result) result.setAttribute("aria-busy", String(on));
      if (statusLine) statusLine.setAttribute("aria-busy", String(on));
      if (on) {
        busyTimer = setTimeout(() => {
          root.classList.add("is-loading");
          if (statusLine) {
            statusLine.classList.add("is-stale");
            statusLine.textContent = text.scoring;
          }
        }, BUSY_DELAY_MS);
      } else {
        root.classList.remove("is-loading");
        if (statusLine) statusLine.classList.remove("is-stale");
      }
    }

    /* Asking the server -------------------------------------------------------------- */

    function ask() {
      clearTimeout(retryTimer);
      if (controller) controller.abort();
      controller = new AbortController();
      const number = ++asked;
      const typed = known ? null : typedText;
      busy(true);
      fetch(urlFor(state, typed), {
        headers: { "HX-Request": "true", "HX-Target": config.target },
        credentials: "same-origin",
        signal: controller.signal,
      })
        .then((response) => {
          if (number !== asked) return;
          // The server's own refusal (4xx) would only be repeated: no point asking again.
          if (!response.ok) {
            failed(response.status >= 500);
            return;
          }
          return response.text().then((html) => {
            if (number === asked) receive(html, typed);
          });
        })
        .catch((error) => {
          if (number === asked && error.name !== "AbortError") failed(true);
        });
    }

    function receive(html, typed) {
      const answer = document.createElement("template");
      answer.innerHTML = html;
      const result = answer.content.getElementById(config.target);
      const hint = answer.content.getElementById(`${prefix}-hint`);
      if (!result || !hint) {
        failed(false);
        return;
      }
      // Typing started or went on meanwhile: the typed text's own answer is on its way.
      if (typed === null ? !known : box && normal(box.value) !== typed) return;
      failures = 0;
      document.getElementById(config.target).replaceWith(result);
      byId("hint").replaceWith(hint);
      if (statusLine) statusLine.textContent = hint.dataset.status;
      state = JSON.parse(hint.dataset.state);
      known = true;
      // The taps made while the typed hand was read: each its own history entry after the
      // typed hand's, in the order they were made, as if the hand had been known at once.
      const waiting = queued;
      queued = [];
      let tapped = false;
      for (const change of waiting) {
        const next = change(state);
        if (!next) continue;
        state = next;
        tapped = true;
        remember(true, urlFor(state), { picker: state });
      }
      if (tapped) {
        show();
        return;
      }
      drawHand(state);
      drawPalette(state);
      busy(false);
    }

    function failed(retry) {
      busy(false);
      failures += 1;
      const message = retry ? text.retrying : text.failed;
      const result = document.getElementById(config.target);
      if (result) {
        for (const old of result.querySelectorAll(".picker-failed")) old.remove();
        const note = { class: "calc-problem picker-failed", role: "alert" };
        result.prepend(element("p", note, [message]));
      }
      if (statusLine) statusLine.textContent = message;
      if (retry) retryTimer = setTimeout(ask, Math.min(1000 * 2 ** (failures - 1), RETRY_MAX_MS));
    }

    /* Changes ------------------------------------------------------------------------- */

    /* What was said about the hand before this change (the round form's refusal). */
    function forgetStale() {
      for (const node of root.querySelectorAll("[data-picker-stale]")) node.remove();
    }

    /* The hand goes into the address: a new history entry per change on the calculator, the
       same entry replaced on a form (Back leaves the form), so that a reload, or signing in
       again after the session ran out (the round form posts to the address as it is), keeps
       the hand. */
    function remember(push, url, entry) {
      if (push && config.push) window.history.pushState(entry, "", url);
      else window.history.replaceState(entry, "", url);
    }

    /* Whether a typed hand gets an entry of its own. A pause in typing shows the hand so
       far: it takes the place of the entry the same typing made at its last pause, never of
       a tap's (replacing that one lost the taps from Back when a pause fell between typing
       and Enter). Enter, or an example, settles the typed hand: a new entry, unless the
       entry is this typing's already. */
    function typedGetsOwnEntry(textNow, settled) {
      const current = window.history.state || {};
      if (typeof current.pickerText !== "string") return true;
      if (!current.settled) return false;
      return !settled || current.pickerText !== textNow;
    }

    /* Enter on a hand already shown at a pause keeps that pause's entry, now settled. */
    function settleTypedEntry() {
      const current = window.history.state || {};
      if (config.push && typeof current.pickerText === "string" && !current.settled) {
        window.history.replaceState({ ...current, settled: true }, "");
      }
    }

    /* The hand as it now is, drawn, in the box, and asked about. */
    function show() {
      forgetStale();
      drawHand(state);
      drawPalette(state);
      if (box) box.value = notation(state);
      ask();
    }

    function changed({ push }) {
      remember(push, urlFor(state), { picker: state });
      show();
    }

    function change(name, argument) {
      const apply = (s) => changes[name](s, argument);
      if (!known) {
        queued.push(apply);
        return;
      }
      const next = apply(state);
      if (!next) return;
      state = next;
      changed({ push: true });
    }

    function typed(raw, { push, fillBox = false }) {
      clearTimeout(typingTimer);
      const textNow = normal(raw);
      if (fillBox && box) box.value = textNow;
      if (known && textNow === notation(state)) {
        if (push) settleTypedEntry();
        return;
      }
      known = false;
      typedText = textNow;
      forgetStale();
      const entry = { pickerText: textNow, settled: push };
      remember(typedGetsOwnEntry(textNow, push), urlFor(state, textNow), entry);
      ask();
    }

    root.addEventListener("click", (event) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
        return;
      }
      const target = event.target.closest(TAPPABLE);
      if (!target || !root.contains(target)) return;
      event.preventDefault();
      const data = target.dataset;
      if (data.hand !== undefined) typed(data.hand, { push: true, fillBox: true });
      else if (data.add) change("add", data.add);
      else if (data.remove) change("remove", data.remove);
      else if (data.removeSet) change("removeSet", data.removeSet);
      else if (data.removePending) change("removePending", data.removePending);
      else change(data.do);
    });

    // The cards are links (a page without the script adds a card by following one), yet a
    // tap changes the hand in place, as a button does: Space presses one too, as Enter does,
    // rather than scrolling the page.
    root.addEventListener("keydown", (event) => {
      if (event.key !== " " || event.repeat) return;
      const target = event.target.closest(TAPPABLE);
      if (!target || !root.contains(target) || target.tagName !== "A") return;
      event.preventDefault();
      target.click();
    });

    if (box) {
      box.addEventListener("input", () => {
        clearTimeout(typingTimer);
        known = false; // taps wait for this text to be read
        typedText = normal(box.value);
        typingTimer = setTimeout(() => typed(box.value, { push: false }), TYPING_PAUSE_MS);
      });
      if (boxForm) {
        boxForm.addEventListener("submit", (event) => {
          event.preventDefault();
          typed(box.value, { push: true });
        });
      } else {
        // In the round form, Enter shows the typed hand; saving is the Save button's job.
        box.addEventListener("keydown", (event) => {
          if (event.key !== "Enter") return;
          event.preventDefault();
          typed(box.value, { push: false });
        });
      }
    }

    // A choice beside the hand goes into the address at once, as a tap does.
    if (carryForm) {
      carryForm.addEventListener("change", (event) => {
        if (!config.carry.includes(event.target.name)) return;
        const entry = known ? { picker: state } : { pickerText: typedText };
        remember(false, urlFor(state, known ? null : typedText), entry);
      });
    }

    if (config.push) {
      window.history.replaceState({ picker: state }, "");
      window.addEventListener("popstate", (event) => {
        const entry = event.state || {};
        if (entry.picker) {
          state = entry.picker;
          known = true;
          queued = [];
          drawHand(state);
          drawPalette(state);
          if (box) box.value = notation(state);
          ask();
        } else if (typeof entry.pickerText === "string") {
          if (box) box.value = entry.pickerText;
          known = false;
          typedText = entry.pickerText;
          ask();
        } else {
          window.location.reload();
        }
      });
    }

    drawPalette(state);
  }

  document.querySelectorAll("[data-picker-root]").forEach(setUp);
})();
