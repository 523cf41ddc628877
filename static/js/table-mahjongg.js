/* A Mah-Jongg table's drawing (games/mahjongg/, docs/live_protocol.md "Mah-Jongg tables"):
 * replaces the Mhing drawing of table-play.js and table-result.js when the page's config says
 * "mahjongg". table.js keeps the connection and calls drawPlay/drawResult with each snapshot.
 * Tiles are the calculator's drawings (#mj-face-CODE, templates/games/mahjongg/), shown again
 * by <use>; the hand's tiles are buttons: tap, or Tab and Enter, to discard. Loaded after
 * table-result.js and before table.js. */
(() => {
  "use strict";

  const parts = window.MhingTable;
  if (!parts || parts.config.game !== "mahjongg") return;
  const { state, $, el, t, seatName, actionButton, startCountdown, stopCountdown } = parts;
  const MJ = JSON.parse(document.getElementById("mj-text").textContent);
  const SVG = "http://www.w3.org/2000/svg";
  const ORDER = Object.keys(MJ.tiles);

  const mt = t; // the page's words include ours (games/mahjongg/page.py)
  const tileName = (code) => MJ.tiles[code] || code;
  const windName = (code) => MJ.winds[code] || code;
  const sortTiles = (codes) => [...codes].sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b));
  const playerName = (player) =>
    player === null || player === undefined ? "?" : seatName(player);

  function tileSvg(code) {
    const svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("viewBox", "0 0 48 64");
    svg.setAttribute("aria-hidden", "true");
    const use = document.createElementNS(SVG, "use");
    use.setAttribute("href", `#mj-face-${code}`);
    svg.append(use);
    return svg;
  }

  function tile(code, extraClass) {
    return el(
      "span",
      { class: `tcard${extraClass ? ` ${extraClass}` : ""}`, role: "img", "aria-label": tileName(code), "data-tile": code },
      tileSvg(code),
    );
  }

  const actionFrame = (action) => ({ type: "action", action });

  function seatBox(view, seat) {
    const mine = seat.player === view.player;
    const box = el("article", {
      class: `live-seat${view.turn === seat.seat && view.phase !== "over" ? " is-turn" : ""}${mine ? " is-own" : ""}`,
      "data-wind": seat.wind,
    });
    box.append(
      el(
        "h3",
        null,
        `${windName(seat.wind)} · ${playerName(seat.player)}`,
        view.dealer === seat.seat ? parts.badge(mt("mj_dealer")) : null,
      ),
      el("p", { class: "muted", text: mt("mj_tiles_held", { count: seat.hand_count }) }),
    );
    if (seat.melds.length) {
      const sets = el("ul", { class: "mj-sets", "aria-label": mt("mj_sets") });
      seat.melds.forEach((meld) => sets.append(el("li", null, meld.tiles.map((c) => tile(c, "tcard-mini")))));
      box.append(sets);
    }
    if (seat.bonus.length) {
      box.append(el("p", { class: "mj-bonus", "aria-label": mt("mj_bonus") }, seat.bonus.map((c) => tile(c, "tcard-mini"))));
    }
    if (!mine && seat.hand && view.phase === "over") {
      box.append(el("p", { class: "mj-revealed" }, sortTiles(seat.hand).map((c) => tile(c, "tcard-mini"))));
    }
    box.append(el("p", { class: "mj-discards", "aria-label": mt("mj_discards") }, seat.discards.map((c) => tile(c, "tcard-mini"))));
    return box;
  }

  function drawCentre(frame) {
    const { view, table } = frame;
    const centre = $("live-centre");
    centre.replaceChildren();
    if (!view.claims) return;
    const claims = view.claims;
    const discarder = view.seats[claims.discarder];
    centre.append(
      el("p", null, mt("mj_open_discard", { name: playerName(discarder.player), tile: tileName(claims.tile) })),
      tile(claims.tile, "is-last"),
    );
    if (claims.mahjongg_only) centre.append(el("p", { class: "muted", text: mt("mj_last_tile") }));
    if (table.claim_deadline) {
      const label = el("p", { class: "live-countdown", id: "mj-countdown" });
      const bar = el("span", { class: "live-countdown-bar" });
      centre.append(label, el("div", { class: "live-countdown-track" }, bar));
      startCountdown(table.claim_deadline, table.claim_timeout, label, bar, "mj_claims_close_in");
    }
  }

  function actionLabel(action) {
    switch (action.type) {
      case "claim_pon":
        return [mt("mj_pon"), []];
      case "claim_kan":
        return [mt("mj_kan"), []];
      case "claim_chi":
        return [mt("mj_chi"), action.tiles];
      case "claim_mahjongg":
      case "mahjongg":
        return [mt("mj_mahjongg"), []];
      case "declare_kan":
        return [mt("mj_declare_kan"), [action.tile]];
      case "add_kan":
        return [mt("mj_add_kan"), [action.tile]];
      case "pass":
        return [mt("mj_pass"), []];
      default:
        return [action.type, []];
    }
  }

  function drawOwn(view) {
    const own = $("live-own");
    const seated = view.player !== null && view.player !== undefined;
    own.hidden = !seated;
    $("live-watching").hidden = seated;
    if (!seated) return;
    const seat = view.seats[view.seat];
    const discards = new Set(view.actions.filter((a) => a.type === "discard").map((a) => a.tile));
    const hand = [...(seat.hand || [])];
    if (seat.drawn) hand.splice(hand.indexOf(seat.drawn), 1);
    const button = (code, extra) =>
      el(
        "li",
        null,
        el(
          "button",
          {
            type: "button",
            class: `tcard-button${extra ? ` ${extra}` : ""}`,
            "data-action": discards.has(code) ? "discard" : null,
            "data-tile": code,
            "aria-label": discards.has(code) ? mt("mj_discard_tile", { tile: tileName(code) }) : tileName(code),
            disabled: !discards.has(code) || state.pending,
            onclick: () => state.request(actionFrame({ type: "discard", tile: code })),
          },
          tileSvg(code),
        ),
      );
    $("live-hand").replaceChildren(...sortTiles(hand).map((code) => button(code)));
    $("live-drawn").replaceChildren(
      ...(seat.drawn ? [el("p", { class: "muted", text: mt("mj_drawn") }), el("ul", { class: "live-hand" }, button(seat.drawn, "is-drawn"))] : []),
    );
    const box = $("live-actions");
    box.replaceChildren();
    if (discards.size) box.append(el("p", { class: "muted", text: mt("mj_your_turn") }));
    for (const action of view.actions) {
      if (action.type === "discard") continue;
      const [label, tiles] = actionLabel(action);
      const b = actionButton(label, actionFrame(action), { action: action.type });
      tiles.forEach((code) => b.append(tile(code, "tcard-mini")));
      box.append(b);
    }
  }

  function drawTotals(table) {
    const body = $("live-totals-body");
    const balance = (table.match && table.match.balance) || [];
    body.replaceChildren(
      ...table.seats.map((s) =>
        el("tr", null, el("th", { scope: "row", text: playerName(s.position) }), el("td", { class: "num", text: String(balance[s.position] || 0) })),
      ),
    );
    $("live-totals-unit").textContent = mt("mj_balance");
  }

  parts.drawPlay = (frame, notes) => {
    const { view, table } = frame;
    stopCountdown();
    drawTotals(table);
    if (!view) return;
    $("live-info").textContent = `${mt("mj_round", { wind: windName(view.round_wind), game: view.game_number })} · ${mt("mj_wall", { count: view.wall.live })}`;
    $("live-seats").replaceChildren(...view.seats.map((seat) => seatBox(view, seat)));
    drawCentre(frame);
    drawOwn(view);
    if (notes && notes.length) $("live-announce").textContent = notes.join(" ");
  };

  parts.drawResult = (frame) => {
    const { view, table } = frame;
    const box = $("live-result");
    if (!view || view.phase !== "over") {
      box.hidden = true;
      box.replaceChildren();
      return;
    }
    const outcome = view.outcome;
    const games = (table.match && table.match.games) || [];
    const game = games[games.length - 1];
    box.hidden = false;
    const rows = view.seats.map((seat) =>
      el(
        "tr",
        null,
        el("th", { scope: "row", text: `${windName(seat.wind)} · ${playerName(seat.player)}` }),
        el("td", { class: "num", text: String(outcome.scores[seat.seat]) }),
        el("td", { class: "num", text: String(outcome.net[seat.seat]) }),
        el("td", { class: "num", text: game ? String(game.balance[seat.player]) : "" }),
      ),
    );
    const winner = outcome.winner === null ? null : view.seats[outcome.winner];
    box.replaceChildren(
      el("h2", { text: mt("mj_game_over", { number: game ? game.number : "" }) }),
      el("p", { text: winner ? mt("mj_won", { name: playerName(winner.player) }) : mt("mj_draw") }),
      el(
        "table",
        { class: "table mj-scores" },
        el("thead", null, el("tr", null, el("th", { scope: "col", text: "" }), el("th", { scope: "col", class: "num", text: mt("mj_score") }), el("th", { scope: "col", class: "num", text: mt("mj_net") }), el("th", { scope: "col", class: "num", text: mt("mj_balance") }))),
        el("tbody", null, rows),
      ),
      el(
        "ul",
        { class: "mj-payments" },
        (game ? game.payments : []).map((p) =>
          el("li", { text: mt("mj_pays", { payer: playerName(p.payer), payee: playerName(p.payee), amount: p.amount }) }),
        ),
      ),
    );
    if (table.status === "playing" && view.player !== null && view.player !== undefined) {
      const controls = el("p", { class: "button-row" }, actionButton(mt("mj_next_game"), { type: "next_round" }, { action: "next_round" }));
      box.append(controls);
      if (table.next_round_at) {
        const label = el("span", { class: "muted" });
        controls.append(label);
        startCountdown(table.next_round_at, null, label, null, "mj_next_game_in");
      }
    }
  };

  // What the screen reader says between snapshots (#live-announce): discards and Mah-Jongg.
  parts.describeEvent = (event) => {
    if (event.type === "discarded") {
      return mt("mj_open_discard", { name: playerName(event.player), tile: tileName(event.tile) });
    }
    if (event.type === "mahjongg" || (event.type === "claimed" && event.kind === "mahjongg")) {
      return mt("mj_won", { name: playerName(event.player) });
    }
    return null;
  };
})();
