/* The card picker's hand in the browser (picker.js draws it and asks the server).
 *
 * The rules of scoring/selection.py's Selection, so a tap changes the hand at once: what
 * may be added and why not, each change as a new hand, and the hand's notation and address.
 * The server stays the judge of the hand itself (reading typed text, validating, scoring).
 *
 * A hand: {concealed: card codes in the deck's order, jokers, exposed: [[code, code, code]],
 * pending: the exposed set being built ([codes]) or null, flowers, error: the typed text does
 * not read, text: that text}, as Selection.client_state() hands it over.
 */
(() => {
  "use strict";

  const SUITS = ["b", "c", "k"];
  const suitOf = (code) => (/^[1-9][bck]$/.test(code) ? code[1] : null);

  /* The rules for one picker: `config` is Picker.script_config (the deck's limits, where the
     page lives), `order` each card code's place in the deck's order (the palette's). */
  function rules(config, order) {
    const { limits } = config;
    const byOrder = (a, b) => order.get(a) - order.get(b);

    const empty = () => ({
      concealed: [], jokers: 0, exposed: [], pending: null, flowers: 0, error: false, text: "",
    });
    const copy = (s) => ({
      ...s,
      concealed: [...s.concealed],
      exposed: s.exposed.map((set) => [...set]),
      pending: s.pending && [...s.pending],
    });
    const inSets = (s) => [...s.exposed.flat(), ...(s.pending || [])];
    const playing = (s) =>
      s.concealed.length + s.jokers + 3 * s.exposed.length + (s.pending || []).length;
    const jokers = (s) => s.jokers + inSets(s).filter((code) => code === "J").length;
    const copies = (s, code) => [...s.concealed, ...inSets(s)].filter((c) => c === code).length;
    const isEmpty = (s) => !s.error && !playing(s) && !s.flowers && !s.pending;
    const canStartSet = (s) => !s.error && !s.pending && playing(s) + limits.set <= limits.hand;

    /* Can the set being built still become a triplet or a sequence, jokers filling the
       rest? (Selection._fits_pending: sequences run within one suit, no wrap-around.) */
    function fits(pending, code) {
      const cards = [...pending, code].filter((c) => c !== "J");
      if (cards.every((c) => c === cards[0])) return true;
      const suit = suitOf(cards[0]);
      if (!suit || cards.some((c) => suitOf(c) !== suit)) return false;
      const ranks = cards.map((c) => Number(c[0]));
      return new Set(ranks).size === ranks.length && Math.max(...ranks) - Math.min(...ranks) <= 2;
    }

    /* Why a card cannot be added now (Selection.why_not), as a key of `why`. */
    function whyNot(s, code) {
      if (s.error) return "fix";
      if (code === "F") return s.flowers >= limits.flowers ? "flowers" : null;
      if (playing(s) >= limits.hand) return "full";
      if (code === "J") {
        if (jokers(s) >= limits.jokers) return "jokers";
      } else if (copies(s, code) >= limits.copies) {
        return "copies";
      }
      if (s.pending && !fits(s.pending, code)) return "fit";
      return null;
    }

    // Each change gives a new hand, or null when it cannot be made (Selection's methods).
    function add(s, code) {
      if (whyNot(s, code)) return null;
      const next = copy(s);
      if (code === "F") {
        next.flowers += 1;
      } else if (next.pending) {
        next.pending.push(code);
        if (next.pending.length === limits.set) {
          next.exposed.push(next.pending);
          next.pending = null;
        }
      } else if (code === "J") {
        next.jokers += 1;
      } else {
        next.concealed.push(code);
        next.concealed.sort(byOrder);
      }
      return next;
    }

    function remove(s, code) {
      const next = copy(s);
      if (code === "F") {
        next.flowers = Math.max(0, next.flowers - 1);
      } else if (code === "J") {
        next.jokers = Math.max(0, next.jokers - 1);
      } else {
        const index = next.concealed.indexOf(code);
        if (index < 0) return null;
        next.concealed.splice(index, 1);
      }
      return next;
    }

    const changes = {
      add: (s, code) => add(s, code),
      remove: (s, code) => (s.error ? null : remove(s, code)),
      removeSet: (s, index) => {
        const next = copy(s);
        next.exposed.splice(Number(index), 1);
        return next;
      },
      removePending: (s, index) => {
        if (!s.pending) return null;
        const next = copy(s);
        next.pending.splice(Number(index), 1);
        return next;
      },
      start: (s) => (canStartSet(s) ? { ...copy(s), pending: [] } : null),
      cancel: (s) => (s.pending ? { ...copy(s), pending: null } : null),
      clear: () => empty(),
    };

    /* The notation of RULES.md §1, as scoring.mhing.format_hand writes it. */
    function notation(s) {
      if (s.error) return s.text;
      const parts = [];
      for (const suit of SUITS) {
        const digits = s.concealed.filter((c) => suitOf(c) === suit).map((c) => c[0]);
        if (digits.length) parts.push(digits.join("") + suit);
      }
      const honours = s.concealed.filter((c) => !suitOf(c));
      for (const kind of new Set(honours)) {
        parts.push(kind.repeat(honours.filter((c) => c === kind).length));
      }
      if (s.jokers) parts.push("J".repeat(s.jokers));
      for (const set of s.exposed) parts.push(`[${set.join(" ")}]`);
      if (s.flowers) parts.push("F".repeat(s.flowers));
      return parts.join(" ");
    }

    /* The page's address for a hand (PickerUrls), or for a typed text. */
    function urlFor(s, typed = null) {
      const params = new URLSearchParams(config.extra);
      const handText = typed === null ? notation(s) : typed;
      if (handText) params.append(config.params[0], handText);
      if (typed === null && s.pending) params.append(config.params[1], s.pending.join(" "));
      const query = params.toString().replace(/%5B/g, "[").replace(/%5D/g, "]");
      return query ? `${config.url}?${query}` : config.url;
    }

    return {
      empty,
      playing,
      isEmpty,
      canStartSet,
      whyNot,
      add,
      remove,
      changes,
      notation,
      urlFor,
    };
  }

  window.MhingPicker = { rules, suitOf };
})();
