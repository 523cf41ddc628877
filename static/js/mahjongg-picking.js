// The Mah-Jongg picker's rules in the browser: the same as scoring/mahjongg/picking.py and
// scoring/mahjongg_picker.py `apply_change` (tests/scoring/test_mahjongg_picking_js.py runs the
// same taps through both and compares the lines). A hand is read from the canonical line the
// server wrote (`read`, null for any other text: then the server is asked, as without this
// script), changed by one tap (`apply`) and written back (`write`, as format_hand does).
// Pure: no page here; mahjongg-calculator.js draws the hand. Loaded by node in the test too.
(() => {
  "use strict";
  const CODES = [
    ..."123456789".split("").map((n) => `${n}b`),
    ..."123456789".split("").map((n) => `${n}c`),
    ..."123456789".split("").map((n) => `${n}k`),
    ..."Ew Sw Ww Nw Rd Gd Wd".split(" "),
  ];
  const SUIT_TILES = 27;
  const COPIES = 4;
  const CALLER_TILES = 14;
  const OTHER_TILES = 13;
  const BONUS = ["F1", "F2", "F3", "F4", "S1", "S2", "S3", "S4"];
  const WINDS = ["E", "S", "W", "N"];
  const WIN_BY = ["wall", "discard", "kan", "last"];
  const TILE_OF = new Map(CODES.map((code, i) => [code.toLowerCase(), i]));
  const BONUS_OF = new Map(BONUS.map((code, i) => [code.toLowerCase(), i]));
  const WIND_OF = new Map(
    WINDS.flatMap((code, i) => [
      [code.toLowerCase(), i],
      [`${code.toLowerCase()}w`, i],
    ]),
  );

  const byNumber = (a, b) => a - b;
  const compareTiles = (a, b) => {
    for (let i = 0; i < Math.min(a.length, b.length); i += 1) {
      if (a[i] !== b[i]) return a[i] - b[i];
    }
    return a.length - b.length;
  };
  // As Hand.__post_init__: concealed and bonus tiles sorted, sets by (concealed, tiles).
  const sorted = (hand) => ({
    ...hand,
    concealed: [...hand.concealed].sort(byNumber),
    bonus: [...hand.bonus].sort(byNumber),
    melds: [...hand.melds].sort(
      (a, b) => Number(a.concealed) - Number(b.concealed) || compareTiles(a.tiles, b.tiles),
    ),
  });
  const empty = () => ({
    concealed: [],
    melds: [],
    bonus: [],
    seat: null,
    round: null,
    win: null,
    by: null,
    limit: null,
    pairs: null,
  });

  // format_cards: suit tiles run together per suit (`1123c`), honours per kind (`EwEw Rd`).
  function cardsText(tiles) {
    const parts = [];
    for (const suit of [0, 1, 2]) {
      const run = tiles.filter((t) => t < SUIT_TILES && Math.floor(t / 9) === suit);
      if (run.length) parts.push(run.map((t) => CODES[t][0]).join("") + "bck"[suit]);
    }
    let previous = -1;
    for (const t of tiles.filter((tile) => tile >= SUIT_TILES)) {
      if (t === previous) parts[parts.length - 1] += CODES[t];
      else parts.push(CODES[t]);
      previous = t;
    }
    return parts.join(" ");
  }

  function write(hand) {
    const parts = [];
    if (hand.concealed.length) parts.push(cardsText(hand.concealed));
    for (const meld of hand.melds) {
      const inner = cardsText(meld.tiles);
      parts.push(meld.concealed ? `{${inner}}` : `[${inner}]`);
    }
    for (const b of hand.bonus) parts.push(BONUS[b]);
    if (hand.seat !== null) parts.push(`seat=${WINDS[hand.seat]}`);
    if (hand.round !== null) parts.push(`round=${WINDS[hand.round]}`);
    if (hand.win !== null) parts.push(`win=${CODES[hand.win]}`);
    if (hand.by !== null) parts.push(`by=${hand.by}`);
    if (hand.limit !== null) parts.push(`limit=${hand.limit}`);
    if (hand.pairs !== null) parts.push(`pairs=${hand.pairs}`);
    return parts.join(" ");
  }

  // The tiles of one token of canonical notation (`123b`, `EwEw`), or null.
  function cardsOf(token) {
    const suit = /^([1-9]+)([bck])$/.exec(token);
    if (suit) return suit[1].split("").map((n) => TILE_OF.get(n + suit[2]));
    if (!/^((Ew|Sw|Ww|Nw|Rd|Gd|Wd))+$/.test(token)) return null;
    return token.match(/../g).map((code) => TILE_OF.get(code.toLowerCase()));
  }

  // The hand of a line as format_hand writes it; null for any other line (typed, refused).
  function read(line) {
    const hand = empty();
    const text = line.trim();
    if (!text) return hand;
    for (const token of text.split(/\s+/)) {
      const set = /^([[{])(.*)([\]}])$/.exec(token);
      const key = /^(seat|round|win|by|limit|pairs)=(.+)$/.exec(token);
      if (set) {
        const tiles = cardsOf(set[2]);
        if (!tiles || (set[1] === "{") !== (set[3] === "}")) return null;
        hand.melds.push({ tiles, concealed: set[1] === "{" });
      } else if (key) {
        const [, name, value] = key;
        if (name === "seat" || name === "round") hand[name] = WINDS.indexOf(value);
        else if (name === "win") hand.win = CODES.indexOf(value);
        else if (name === "by") hand.by = WIN_BY.includes(value) ? value : -1;
        else if (name === "limit") hand.limit = /^\d+$/.test(value) ? value : -1;
        else hand.pairs = ["caller", "all"].includes(value) ? value : -1;
        if (hand[name] === -1) return null;
      } else if (BONUS.includes(token)) {
        hand.bonus.push(BONUS.indexOf(token));
      } else {
        const tiles = cardsOf(token);
        if (!tiles) return null;
        hand.concealed.push(...tiles);
      }
    }
    const canonical = sorted(hand);
    return write(canonical) === text ? canonical : null;
  }

  const allTiles = (hand) => [...hand.concealed, ...hand.melds.flatMap((m) => m.tiles)];
  const kans = (hand) => hand.melds.filter((m) => m.tiles.length === 4).length;
  const tileCount = (hand) => allTiles(hand).length;
  const tilesNeeded = (hand) => (hand.win !== null ? CALLER_TILES : OTHER_TILES) + kans(hand);

  class Refused extends Error {
    constructor(reason) {
      super(reason);
      this.reason = reason;
    }
  }

  // picking.add_tile
  function addTile(hand, tile, as) {
    let added;
    if (as === "chi") {
      if (tile >= SUIT_TILES || tile % 9 > 6) throw new Refused("chi");
      added = [tile, tile + 1, tile + 2];
    } else if (as === "pon") added = [tile, tile, tile];
    else if (as === "kan" || as === "ckan") added = [tile, tile, tile, tile];
    else added = [tile];
    const counts = new Map();
    for (const held of [...allTiles(hand), ...added]) counts.set(held, (counts.get(held) || 0) + 1);
    if (added.some((t) => counts.get(t) > COPIES)) throw new Refused("copies");
    const withKans = kans(hand) + (as === "kan" || as === "ckan" ? 1 : 0);
    if (tileCount(hand) + added.length > CALLER_TILES + withKans) throw new Refused("full");
    if (added.length === 1) return sorted({ ...hand, concealed: [...hand.concealed, tile] });
    const meld = { tiles: added, concealed: as === "ckan" };
    return sorted({ ...hand, melds: [...hand.melds, meld] });
  }

  function removeTile(hand, tile) {
    const at = hand.concealed.indexOf(tile);
    if (at < 0) return hand;
    const concealed = hand.concealed.filter((_, i) => i !== at);
    if (hand.win === tile && !concealed.includes(tile)) {
      return { ...hand, concealed, win: null, by: null };
    }
    return { ...hand, concealed };
  }

  function removeMeld(hand, index) {
    if (!(index >= 0 && index < hand.melds.length)) return hand;
    const melds = hand.melds.filter((_, i) => i !== index);
    let by = hand.by;
    if (by === "kan" && !melds.some((m) => m.tiles.length === 4)) by = "wall";
    return { ...hand, melds, by };
  }

  const withWinds = (hand, seat = null, round = null) => ({
    ...hand,
    seat: seat !== null ? seat : hand.seat !== null ? hand.seat : 0,
    round: round !== null ? round : hand.round !== null ? hand.round : 0,
  });

  // scoring/mahjongg_picker.py `_changed`: one change; a value no button sends changes nothing.
  function changed(hand, action, value, as) {
    const code = value.toLowerCase();
    if (action === "add") {
      if (BONUS_OF.has(code)) {
        if (hand.bonus.includes(BONUS_OF.get(code))) throw new Refused("bonus");
        return sorted({ ...hand, bonus: [...hand.bonus, BONUS_OF.get(code)] });
      }
      if (TILE_OF.has(code)) return addTile(hand, TILE_OF.get(code), as);
    } else if (action === "remove" && TILE_OF.has(code)) {
      return removeTile(hand, TILE_OF.get(code));
    } else if (action === "remove_set" && /^\d+$/.test(value)) {
      return removeMeld(hand, Number(value));
    } else if (action === "remove_bonus" && BONUS_OF.has(code)) {
      return { ...hand, bonus: hand.bonus.filter((b) => b !== BONUS_OF.get(code)) };
    } else if ((action === "seat" || action === "round") && WIND_OF.has(code)) {
      const wind = WIND_OF.get(code);
      return action === "seat" ? withWinds(hand, wind) : withWinds(hand, null, wind);
    } else if (action === "win") {
      if (code === "none") return { ...hand, win: null, by: null };
      if (TILE_OF.has(code)) {
        const tile = TILE_OF.get(code);
        if (!hand.concealed.includes(tile)) return hand;
        return { ...hand, win: tile, by: hand.by || "discard" };
      }
    } else if (action === "by") {
      if (WIN_BY.includes(code)) return hand.win === null ? hand : { ...hand, by: code };
    } else if (action === "pairs") {
      if (code === "caller" || code === "all") {
        return { ...hand, pairs: code === "caller" ? null : code };
      }
    }
    return hand;
  }

  const ACTIONS = ["clear", "add", "remove", "remove_set", "remove_bonus"].concat([
    "seat",
    "round",
    "win",
    "by",
    "pairs",
  ]);

  // apply_change: {hand} after the change, or {refused: reason} (the hand unchanged).
  function apply(hand, action, value, as = "tile", actions = ACTIONS) {
    if (!actions.includes(action)) return { hand };
    if (action === "clear") return { hand: empty() };
    try {
      return { hand: withWinds(changed(hand, action, value.trim(), as)) };
    } catch (error) {
      if (error instanceof Refused) return { hand, refused: error.reason };
      throw error;
    }
  }

  const api = { CODES, BONUS, read, write, apply, tileCount, tilesNeeded, empty };
  if (typeof window !== "undefined") window.MahjonggPicking = api;
  if (typeof module !== "undefined") module.exports = api;
})();
